import { CLOSED_STATUSES, APPOINTMENT_STATUSES, UNANSWERED_STATUSES, type AppointmentStatus } from './statuses';
import { addDays, clinicInstant, clinicMoment, isDateString } from './time';

/**
 * The front desk's day sheet (issue 25): Booking Manager opened on one day, in time order, with the
 * visits that are over (COMPLETED, CANCELLED, NO_SHOW) left out unless asked for.
 */

/** What the sheet shows by default: every status but the finished ones. */
export const DAY_SHEET_OPEN_STATUSES: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter(
  (s) => !(CLOSED_STATUSES as readonly string[]).includes(s),
);

/** The day as the address keeps it: 'today' and 'tomorrow' stay relative, so a bookmark opens the current day. */
export type DaySheetDay = 'today' | 'tomorrow' | (string & {});

export function isDaySheetDay(value: string): value is DaySheetDay {
  return value === 'today' || value === 'tomorrow' || isDateString(value);
}

/** The clinic date a sheet's day stands for. */
export function daySheetDate(day: DaySheetDay, now: Date, timeZone: string): string {
  const today = clinicMoment(now, timeZone).date;
  if (day === 'today') return today;
  if (day === 'tomorrow') return addDays(today, 1);
  return day;
}

/**
 * A booking still waiting for the clinic's answer (PENDING, or AWAITING_DOCTOR_APPROVAL) whose time
 * has come: the desk must call the patient or settle it now.
 */
export function isOverdueWaiting(
  a: { status: AppointmentStatus; appointmentDate: string; appointmentTime: string },
  now: Date,
  timeZone: string,
): boolean {
  if (!(UNANSWERED_STATUSES as readonly string[]).includes(a.status)) return false;
  return clinicInstant(a.appointmentDate, a.appointmentTime, timeZone).getTime() <= now.getTime();
}
