import { describe, expect, it } from 'vitest';
import { DAY_SHEET_OPEN_STATUSES, daySheetDate, isDaySheetDay, isOverdueWaiting } from './day-sheet';

const HCM = 'Asia/Ho_Chi_Minh';
// Friday 20 November 2026, 23:30 in the clinic (16:30 UTC): its tomorrow is a Saturday.
const now = new Date('2026-11-20T16:30:00Z');

describe('the day sheet', () => {
  it('reads today and tomorrow in the clinic’s zone, and keeps a date as it is', () => {
    expect(daySheetDate('today', now, HCM)).toBe('2026-11-20');
    expect(daySheetDate('tomorrow', now, HCM)).toBe('2026-11-21');
    expect(daySheetDate('2026-12-01', now, HCM)).toBe('2026-12-01');
    expect(isDaySheetDay('2026-02-30')).toBe(false);
    expect(isDaySheetDay('yesterday')).toBe(false);
  });

  it('hides the finished visits by default', () => {
    expect(DAY_SHEET_OPEN_STATUSES).not.toContain('COMPLETED');
    expect(DAY_SHEET_OPEN_STATUSES).not.toContain('CANCELLED');
    expect(DAY_SHEET_OPEN_STATUSES).not.toContain('NO_SHOW');
    expect(DAY_SHEET_OPEN_STATUSES).toContain('PENDING');
  });

  it('marks a booking still waiting whose time has come, not one confirmed or still ahead', () => {
    const at = (status: 'PENDING' | 'AWAITING_DOCTOR_APPROVAL' | 'CONFIRMED', time: string) =>
      isOverdueWaiting(
        { status, appointmentDate: '2026-11-20', appointmentTime: time },
        new Date('2026-11-20T03:00:00Z'),
        HCM,
      );
    // 10:00 in the clinic.
    expect(at('PENDING', '09:30')).toBe(true);
    expect(at('AWAITING_DOCTOR_APPROVAL', '10:00')).toBe(true);
    expect(at('PENDING', '10:30')).toBe(false);
    expect(at('CONFIRMED', '08:00')).toBe(false);
  });
});
