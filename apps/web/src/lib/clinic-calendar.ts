import { checkDateRules, clinicMoment, offeredSlots, type TimeSlot } from '@clinic/shared';
import { clinicTimeZone } from './clinic-time-zone';

/**
 * The booking calendar in the browser: the shared rules (the server asks the same ones), read in
 * the clinic's zone, whatever zone the visitor's device is in.
 */

/** Why a chosen date cannot be booked, or null: a real date, from today to two years ahead, not a Sunday. */
export function dateProblem(date: string, now: Date, timeZone: string = clinicTimeZone()): string | null {
  if (!date) return null;
  return checkDateRules(date, now, timeZone)?.message ?? null;
}

/** The slots offered for a date: none until a bookable date is chosen; for today only those 2 hours ahead. */
export function slotsFor(date: string, now: Date, timeZone: string = clinicTimeZone()): TimeSlot[] {
  if (!date || dateProblem(date, now, timeZone)) return [];
  return offeredSlots(date, now, timeZone);
}

export function isClinicToday(date: string, now: Date, timeZone: string = clinicTimeZone()): boolean {
  return clinicMoment(now, timeZone).date === date;
}
