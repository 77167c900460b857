import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  bookingWindow,
  checkDeskSlotRules,
  checkSlotRules,
  clinicInstant,
  deskSlots,
  clinicMoment,
  isDateString,
  isSunday,
  keepOfferedTime,
  minEditDate,
  offeredSlots,
  TIME_SLOTS,
} from './time';

const HCM = 'Asia/Ho_Chi_Minh';
/** An instant given as Ho Chi Minh City wall time (UTC+7, no daylight saving). */
const hcm = (wall: string) => new Date(`${wall}+07:00`);

describe('TIME_SLOTS', () => {
  it('holds the 16 half-hour slots of 08:00-11:30 and 13:30-17:00, none from 12:00 to 13:00', () => {
    expect(TIME_SLOTS).toHaveLength(16);
    expect(TIME_SLOTS[0]).toBe('08:00');
    expect(TIME_SLOTS[7]).toBe('11:30');
    expect(TIME_SLOTS[8]).toBe('13:30');
    expect(TIME_SLOTS[15]).toBe('17:00');
    expect(TIME_SLOTS.filter((s) => s >= '12:00' && s < '13:30')).toEqual([]);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('adds years, keeping 29 February inside February', () => {
    expect(addYears('2026-11-21', 2)).toBe('2028-11-21');
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
  });
  it('knows real dates and Sundays', () => {
    expect(isDateString('2026-02-29')).toBe(false);
    expect(isDateString('2028-02-29')).toBe(true);
    expect(isDateString('2026-1-5')).toBe(false);
    expect(isSunday('2026-11-22')).toBe(true);
    expect(isSunday('2026-11-21')).toBe(false);
  });
});

// The same answers whatever zone the machine is in: the rules read the clinic's zone only.
for (const machineZone of ['UTC', 'America/New_York', 'Asia/Ho_Chi_Minh', 'Pacific/Kiritimati']) {
  describe(`clinic-time rules with the machine in ${machineZone}`, () => {
    const previous = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = machineZone;
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    });

    it('really runs in that zone', () => {
      const offsets: Record<string, number> = {
        UTC: 0,
        'America/New_York': 300,
        'Asia/Ho_Chi_Minh': -420,
        'Pacific/Kiritimati': -840,
      };
      expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(offsets[machineZone]);
    });

    it('reads the date and time on the clinic wall clock, around midnight', () => {
      expect(clinicMoment(new Date('2026-11-20T16:59:00Z'), HCM)).toMatchObject({
        date: '2026-11-20',
        time: '23:59',
        hour: 23,
      });
      expect(clinicMoment(new Date('2026-11-20T17:00:00Z'), HCM)).toMatchObject({
        date: '2026-11-21',
        time: '00:00',
        hour: 0,
        minutes: 0,
      });
    });

    it('reads the clock anew for the next second and for another zone, however often it was asked', () => {
      const before = new Date('2026-11-20T16:59:59.900Z');
      for (let i = 0; i < 3; i++)
        expect(clinicMoment(before, HCM)).toMatchObject({ date: '2026-11-20', time: '23:59', seconds: 86_399 });
      expect(clinicMoment(new Date('2026-11-20T17:00:00.100Z'), HCM)).toMatchObject({
        date: '2026-11-21',
        time: '00:00',
        seconds: 0,
      });
      expect(clinicMoment(new Date('2026-11-20T17:00:00.100Z'), 'UTC')).toMatchObject({
        date: '2026-11-20',
        time: '17:00',
      });
      expect(clinicMoment(new Date('2026-11-20T17:00:00.900Z'), HCM)).toMatchObject({ date: '2026-11-21', seconds: 0 });
    });

    it('after midnight in the clinic, yesterday is past although UTC still shows that date', () => {
      const now = hcm('2026-11-21T00:30:00'); // 2026-11-20T17:30Z
      expect(checkSlotRules('2026-11-20', '17:00', now, HCM)).toMatchObject({
        code: 'PAST_DATE',
        message: 'Ngày khám không thể là ngày đã qua',
      });
      expect(checkSlotRules('2026-11-21', '08:00', now, HCM)).toBeNull();
      expect(offeredSlots('2026-11-21', now, HCM)).toEqual([...TIME_SLOTS]);
    });

    it('before midnight in the clinic, today is still today', () => {
      const now = hcm('2026-11-20T23:30:00');
      expect(checkSlotRules('2026-11-20', '17:00', now, HCM)?.code).toBe('PAST_TIME');
      expect(offeredSlots('2026-11-20', now, HCM)).toEqual([]);
      expect(checkSlotRules('2026-11-21', '08:00', now, HCM)).toBeNull();
    });

    it('offers today only the slots at least 2 hours ahead', () => {
      expect(offeredSlots('2026-11-20', hcm('2026-11-20T06:00:00'), HCM)[0]).toBe('08:00');
      expect(offeredSlots('2026-11-20', hcm('2026-11-20T06:00:01'), HCM)[0]).toBe('08:30');
      expect(offeredSlots('2026-11-20', hcm('2026-11-20T10:00:00'), HCM)[0]).toBe('13:30');
      expect(checkSlotRules('2026-11-20', '11:30', hcm('2026-11-20T10:00:00'), HCM)?.code).toBe('TOO_SOON');
      expect(checkSlotRules('2026-11-20', '09:30', hcm('2026-11-20T10:00:00'), HCM)?.code).toBe('PAST_TIME');
      expect(checkSlotRules('2026-11-20', '17:00', hcm('2026-11-20T15:00:30'), HCM)?.code).toBe('TOO_SOON');
      expect(checkSlotRules('2026-11-20', '17:00', hcm('2026-11-20T15:00:00'), HCM)).toBeNull();
    });

    it('at 22:00 the edit screen starts tomorrow and today offers nothing', () => {
      expect(minEditDate(hcm('2026-11-20T21:59:59'), HCM)).toBe('2026-11-20');
      expect(minEditDate(hcm('2026-11-20T22:00:00'), HCM)).toBe('2026-11-21');
      expect(offeredSlots('2026-11-20', hcm('2026-11-20T22:00:00'), HCM)).toEqual([]);
      expect(offeredSlots('2026-11-21', hcm('2026-11-20T22:00:00'), HCM)).toHaveLength(16);
    });

    it('closes on Sunday with the specification message', () => {
      expect(checkSlotRules('2026-11-22', '09:00', hcm('2026-11-20T09:00:00'), HCM)).toEqual({
        code: 'SUNDAY_CLOSED',
        message: 'Phòng khám không làm việc vào Chủ nhật',
      });
      expect(offeredSlots('2026-11-22', hcm('2026-11-20T09:00:00'), HCM)).toEqual([]);
    });

    it('books from today to two years ahead', () => {
      const now = hcm('2026-11-20T09:00:00');
      expect(bookingWindow(now, HCM)).toEqual({ minDate: '2026-11-20', maxDate: '2028-11-20' });
      expect(checkSlotRules('2028-11-20', '09:00', now, HCM)).toBeNull();
      expect(checkSlotRules('2028-11-21', '09:00', now, HCM)?.code).toBe('BEYOND_WINDOW');
    });

    it('refuses what is not a date or not one of the 16 slots', () => {
      const now = hcm('2026-11-20T09:00:00');
      expect(checkSlotRules('2026-11-31', '09:00', now, HCM)?.code).toBe('INVALID_DATE');
      expect(checkSlotRules('2026-11-23', '12:00', now, HCM)?.code).toBe('INVALID_TIME');
      expect(checkSlotRules('2026-11-23', '9:00', now, HCM)?.code).toBe('INVALID_TIME');
      expect(checkSlotRules('2026-11-23', '08:15', now, HCM)?.code).toBe('INVALID_TIME');
    });

    it('clears a chosen time that stops being offered', () => {
      expect(keepOfferedTime('2026-11-20', '09:00', hcm('2026-11-20T06:30:00'), HCM)).toBe('09:00');
      expect(keepOfferedTime('2026-11-20', '09:00', hcm('2026-11-20T07:30:00'), HCM)).toBe('');
    });

    it('turns a clinic wall time into the right instant, in zones with daylight saving too', () => {
      expect(clinicInstant('2026-11-21', '08:00', HCM).toISOString()).toBe('2026-11-21T01:00:00.000Z');
      expect(clinicInstant('2026-03-09', '08:00', 'America/New_York').toISOString()).toBe('2026-03-09T12:00:00.000Z');
      expect(clinicInstant('2026-01-09', '08:00', 'America/New_York').toISOString()).toBe('2026-01-09T13:00:00.000Z');
    });
  });
}

describe('the front desk’s slots (docs/PRODUCT.md §11)', () => {
  it('offers the slot under way and every later one today, where the public form waits two hours', () => {
    const now = hcm('2026-11-20T09:10:00'); // a Friday
    expect(offeredSlots('2026-11-20', now, HCM)[0]).toBe('11:30');
    expect(deskSlots('2026-11-20', now, HCM)[0]).toBe('09:00');
    expect(checkDeskSlotRules('2026-11-20', '09:30', now, HCM)).toBeNull();
  });

  it('refuses a slot that is over, a past day and a Sunday as the public rules do', () => {
    const now = hcm('2026-11-20T09:30:00');
    expect(checkDeskSlotRules('2026-11-20', '09:00', now, HCM)?.code).toBe('PAST_TIME');
    expect(checkDeskSlotRules('2026-11-19', '15:00', now, HCM)?.code).toBe('PAST_DATE');
    expect(checkDeskSlotRules('2026-11-22', '09:00', now, HCM)?.code).toBe('SUNDAY_CLOSED');
    expect(checkDeskSlotRules('2026-11-20', '12:00', now, HCM)?.code).toBe('INVALID_TIME');
  });
});
