import { describe, expect, it } from 'vitest';
import { historyFilterSchema, historyRange, percentChange } from './history';
import { addMonths, monthEnd, quarterStart } from './time';

const TZ = 'Asia/Ho_Chi_Minh';

describe('calendar helpers', () => {
  it('moves by months and clamps to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-01', -6)).toBe('2026-05-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
  it('finds the month end and the quarter start', () => {
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    expect(quarterStart('2026-03-31')).toBe('2026-01-01');
    expect(quarterStart('2026-04-01')).toBe('2026-04-01');
    expect(quarterStart('2026-12-31')).toBe('2026-10-01');
  });
});

describe('historyRange', () => {
  // 30 September 2026, 23:30 in Ho Chi Minh City; still 16:30 the same day in UTC.
  const lastEveningOfQ3 = new Date('2026-09-30T16:30:00Z');
  // 1 October 2026, 00:30 in Ho Chi Minh City; 30 September in UTC.
  const firstNightOfQ4 = new Date('2026-09-30T17:30:00Z');

  it("reads today, the month, the quarter and the year in the clinic's zone, not the machine's", () => {
    expect(historyRange('today', lastEveningOfQ3, TZ)).toEqual({ from: '2026-09-30', to: '2026-09-30' });
    expect(historyRange('today', firstNightOfQ4, TZ)).toEqual({ from: '2026-10-01', to: '2026-10-01' });
    expect(historyRange('month', lastEveningOfQ3, TZ)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(historyRange('month', firstNightOfQ4, TZ)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(historyRange('quarter', lastEveningOfQ3, TZ)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(historyRange('quarter', firstNightOfQ4, TZ)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(historyRange('year', new Date('2026-12-31T17:00:00Z'), TZ)).toEqual({
      from: '2027-01-01',
      to: '2027-12-31',
    });
  });

  it('counts seven days with today, across a month boundary', () => {
    expect(historyRange('7days', firstNightOfQ4, TZ)).toEqual({ from: '2026-09-25', to: '2026-10-01' });
  });

  it('takes a custom range as given, and nothing for all', () => {
    expect(historyRange('all', firstNightOfQ4, TZ)).toEqual({});
    expect(historyRange('custom', firstNightOfQ4, TZ, { from: '2026-01-05' })).toEqual({
      from: '2026-01-05',
      to: undefined,
    });
  });
});

describe('historyFilterSchema', () => {
  it('refuses an unknown period, a bad date and a range that ends before it starts', () => {
    expect(historyFilterSchema.safeParse({ period: 'week' }).success).toBe(false);
    expect(historyFilterSchema.safeParse({ period: 'custom', from: '2026-02-30' }).success).toBe(false);
    expect(historyFilterSchema.safeParse({ period: 'custom', from: '2026-03-02', to: '2026-03-01' }).success).toBe(
      false,
    );
    expect(historyFilterSchema.parse({})).toEqual({ period: 'all' });
  });
});

describe('percentChange', () => {
  it('is null without a base and rounded to one decimal otherwise', () => {
    expect(percentChange(0, 5)).toBeNull();
    expect(percentChange(3, 4)).toBe(33.3);
    expect(percentChange(4, 2)).toBe(-50);
  });
});
