import { describe, expect, it } from 'vitest';
import { clinicToday, formatDate, formatDateTime, formatLongDate, formatVnd } from './format';

describe('formatVnd', () => {
  it('groups thousands with dots and ends with VNĐ', () => {
    expect(formatVnd(500000)).toBe('500.000 VNĐ');
    expect(formatVnd(1234567)).toBe('1.234.567 VNĐ');
    expect(formatVnd(0)).toBe('0 VNĐ');
    expect(formatVnd('199000')).toBe('199.000 VNĐ');
  });
  it('shows nothing for a missing or non-numeric amount', () => {
    expect(formatVnd(null)).toBe('');
    expect(formatVnd('abc')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows a calendar date day first without shifting it by a time zone', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
  });
  it('shows an instant as its date in the clinic zone', () => {
    // 18:30 UTC on 4 March is already 5 March in Ho Chi Minh City (UTC+7).
    expect(formatDate(new Date('2026-03-04T18:30:00Z'))).toBe('05/03/2026');
  });
  it('shows nothing for an invalid value', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows clinic time, 24-hour', () => {
    expect(formatDateTime('2026-03-04T18:30:00Z')).toBe('01:30 05/03/2026');
  });
});

describe('formatLongDate', () => {
  it('names the weekday in Vietnamese', () => {
    expect(formatLongDate('2026-11-22')).toMatch(/^Chủ Nhật/i);
  });
});

describe('clinicToday', () => {
  it('is the date in Ho Chi Minh City, not in UTC', () => {
    expect(clinicToday(new Date('2026-11-21T17:30:00Z'))).toBe('2026-11-22');
    expect(clinicToday(new Date('2026-11-21T16:59:00Z'))).toBe('2026-11-21');
  });
});
