import { BOOKING_RULES } from '../clinic';
import { APPOINTMENT_MSG } from './messages';

/**
 * Slot and date rules of the booking form (specification sections 5 and 9, docs/PRODUCT.md §2 and §3).
 * Every "now" is read in the clinic's time zone, passed in: these functions never look at the zone
 * of the machine they run on.
 */

/** Whether the zone is one this JavaScript runtime knows (an IANA name such as Asia/Ho_Chi_Minh). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 08:00-11:30 and 13:30-17:00, every 30 minutes: 16 slots, none between 12:00 and 13:00. */
export const TIME_SLOTS = [
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const SLOT_MINUTES = BOOKING_RULES.slotMinutes;
export const BOOKING_WINDOW_YEARS = BOOKING_RULES.windowYears;
export const SAME_DAY_LEAD_MINUTES = BOOKING_RULES.sameDayLeadMinutes;
export const NEXT_DAY_FROM_HOUR = BOOKING_RULES.nextDayFromHour;

/** The slots grouped into the clinic's sessions (a gap longer than a slot starts a new one): morning and afternoon. */
export const SLOT_SESSIONS: ReadonlyArray<{ label: string; from: TimeSlot; to: TimeSlot }> = (() => {
  const labels = ['Buổi sáng', 'Buổi chiều', 'Buổi tối'];
  const sessions: { label: string; from: TimeSlot; to: TimeSlot }[] = [];
  TIME_SLOTS.forEach((slot, i) => {
    const previous = TIME_SLOTS[i - 1];
    if (!previous || timeToMinutes(slot) - timeToMinutes(previous) > SLOT_MINUTES) {
      sessions.push({ label: labels[sessions.length] ?? `Ca ${sessions.length + 1}`, from: slot, to: slot });
    } else sessions[sessions.length - 1]!.to = slot;
  });
  return sessions;
})();

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date written `YYYY-MM-DD`. */
export function isDateString(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A clock time written `HH:MM` (any time of day; see isTimeSlot for the clinic's slots). */
export function isTimeString(value: unknown): value is string {
  return typeof value === 'string' && TIME_RE.test(value);
}

export function isTimeSlot(value: unknown): value is TimeSlot {
  return typeof value === 'string' && (TIME_SLOTS as readonly string[]).includes(value);
}

export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

function toUtcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
function fromUtcDate(t: Date): string {
  return t.toISOString().slice(0, 10);
}

/** Calendar arithmetic on `YYYY-MM-DD`, free of any time zone. */
export function addDays(date: string, days: number): string {
  const t = toUtcDate(date);
  t.setUTCDate(t.getUTCDate() + days);
  return fromUtcDate(t);
}

/** 29 February plus one year is 28 February, not 1 March. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y! + years, m!, 0)).getUTCDate();
  return fromUtcDate(new Date(Date.UTC(y! + years, m! - 1, Math.min(d!, lastDay))));
}

/** The first day of the date's month: 2026-11-23 → 2026-11-01. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day-of-month `months` later, clamped to the month's end; on month starts, the month start. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtcDate(new Date(Date.UTC(year, month, Math.min(d!, lastDay))));
}

/** The last day of the date's month. */
export function monthEnd(date: string): string {
  return addDays(addMonths(monthStart(date), 1), -1);
}

/** The first day of the date's quarter (January, April, July, October). */
export function quarterStart(date: string): string {
  const month = Number(date.slice(5, 7));
  const first = month - ((month - 1) % 3);
  return `${date.slice(0, 4)}-${String(first).padStart(2, '0')}-01`;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return toUtcDate(date).getUTCDay();
}

export function isSunday(date: string): boolean {
  return dayOfWeek(date) === 0;
}

/** The date itself if the clinic works that day (Monday to Saturday), else the next day it does. */
export function workingDayFrom(date: string): string {
  let day = date;
  while (isSunday(day)) day = addDays(day, 1);
  return day;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export type ClinicMoment = {
  /** `YYYY-MM-DD` in the clinic's zone. */
  date: string;
  /** `HH:MM` in the clinic's zone. */
  time: string;
  hour: number;
  /** Minutes since the clinic's midnight. */
  minutes: number;
  /** Seconds since the clinic's midnight. */
  seconds: number;
};

// The last moment read: a booking's checks ask for the same second several times, and each
// formatToParts costs more than the rest of the check (a server CPU profile of the booking bench).
let lastMoment: { second: number; timeZone: string; moment: Readonly<ClinicMoment> } | null = null;

/** What the clinic's wall clock says at the instant `now`. */
export function clinicMoment(now: Date, timeZone: string): Readonly<ClinicMoment> {
  const second = Math.floor(now.getTime() / 1000);
  if (lastMoment && lastMoment.second === second && lastMoment.timeZone === timeZone) return lastMoment.moment;
  const moment = Object.freeze(readClinicMoment(now, timeZone));
  lastMoment = { second, timeZone, moment };
  return moment;
}

function readClinicMoment(now: Date, timeZone: string): ClinicMoment {
  const parts = partsFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const hour = Number(get('hour')) % 24;
  const minute = Number(get('minute'));
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${String(hour).padStart(2, '0')}:${get('minute')}`,
    hour,
    minutes: hour * 60 + minute,
    seconds: (hour * 60 + minute) * 60 + Number(get('second')),
  };
}

/** The instant at which the clinic's wall clock shows `date` `time` (for calendar files and countdowns). */
export function clinicInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The zone's offset at a guess, then once more at the corrected instant (enough for DST edges).
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const seen = clinicMoment(new Date(instant), timeZone);
    const seenWall = Date.UTC(
      Number(seen.date.slice(0, 4)),
      Number(seen.date.slice(5, 7)) - 1,
      Number(seen.date.slice(8, 10)),
      seen.hour,
      seen.minutes % 60,
    );
    instant += wall - seenWall;
  }
  return new Date(instant);
}

/** The dates that can be booked: today to two years ahead, in the clinic's zone. */
export function bookingWindow(now: Date, timeZone: string): { minDate: string; maxDate: string } {
  const today = clinicMoment(now, timeZone).date;
  return { minDate: today, maxDate: addYears(today, BOOKING_WINDOW_YEARS) };
}

/** The edit screen's earliest date: today, or tomorrow from 22:00 clinic time (specification section 9). */
export function minEditDate(now: Date, timeZone: string): string {
  const m = clinicMoment(now, timeZone);
  return m.hour >= NEXT_DAY_FROM_HOUR ? addDays(m.date, 1) : m.date;
}

export type SlotRuleCode =
  'INVALID_DATE' | 'INVALID_TIME' | 'PAST_DATE' | 'BEYOND_WINDOW' | 'SUNDAY_CLOSED' | 'PAST_TIME' | 'TOO_SOON';
export type SlotRuleViolation = { code: SlotRuleCode; message: string };

/** Why a date cannot be booked at any time, or null: a real date, from today to two years ahead, not a Sunday. */
export function checkDateRules(date: string, now: Date, timeZone: string): SlotRuleViolation | null {
  if (!isDateString(date)) return { code: 'INVALID_DATE', message: APPOINTMENT_MSG.invalidDate };
  const today = clinicMoment(now, timeZone).date;
  if (date < today) return { code: 'PAST_DATE', message: APPOINTMENT_MSG.pastDate };
  if (date > addYears(today, BOOKING_WINDOW_YEARS))
    return { code: 'BEYOND_WINDOW', message: APPOINTMENT_MSG.beyondWindow };
  if (isSunday(date)) return { code: 'SUNDAY_CLOSED', message: APPOINTMENT_MSG.sundayClosed };
  return null;
}

/**
 * Why a date and time cannot be booked, or null when the calendar allows it (capacity is the
 * database's business). Order: malformed, not a slot, past, beyond the window, Sunday, today's lead time.
 */
export function checkSlotRules(date: string, time: string, now: Date, timeZone: string): SlotRuleViolation | null {
  if (!isDateString(date)) return { code: 'INVALID_DATE', message: APPOINTMENT_MSG.invalidDate };
  if (!isTimeSlot(time)) return { code: 'INVALID_TIME', message: APPOINTMENT_MSG.invalidTime };
  const dateViolation = checkDateRules(date, now, timeZone);
  if (dateViolation) return dateViolation;
  const m = clinicMoment(now, timeZone);
  if (date === m.date) {
    const start = timeToMinutes(time) * 60;
    if (start <= m.seconds) return { code: 'PAST_TIME', message: APPOINTMENT_MSG.pastTime };
    if (start < m.seconds + SAME_DAY_LEAD_MINUTES * 60) return { code: 'TOO_SOON', message: APPOINTMENT_MSG.tooSoon };
  }
  return null;
}

/**
 * The front desk's rules (docs/PRODUCT.md §11): the public's calendar without the two-hour lead
 * time, so a walk-in is booked for the slot under way; a slot already over is past.
 */
export function checkDeskSlotRules(date: string, time: string, now: Date, timeZone: string): SlotRuleViolation | null {
  if (!isDateString(date)) return { code: 'INVALID_DATE', message: APPOINTMENT_MSG.invalidDate };
  if (!isTimeSlot(time)) return { code: 'INVALID_TIME', message: APPOINTMENT_MSG.invalidTime };
  const dateViolation = checkDateRules(date, now, timeZone);
  if (dateViolation) return dateViolation;
  const m = clinicMoment(now, timeZone);
  if (date === m.date && (timeToMinutes(time) + SLOT_MINUTES) * 60 <= m.seconds)
    return { code: 'PAST_TIME', message: APPOINTMENT_MSG.pastTime };
  return null;
}

/** The slots the desk's window offers for a date: for today, the one under way and those after it. */
export function deskSlots(date: string, now: Date, timeZone: string): TimeSlot[] {
  return TIME_SLOTS.filter((slot) => checkDeskSlotRules(date, slot, now, timeZone) === null);
}

/** The slots the booking form offers for a date: none outside the window or on Sunday; for today, those 2 hours ahead. */
export function offeredSlots(date: string, now: Date, timeZone: string): TimeSlot[] {
  return TIME_SLOTS.filter((slot) => checkSlotRules(date, slot, now, timeZone) === null);
}

/** The time the form keeps after the date changes or the clock moves on: cleared when no longer offered. */
export function keepOfferedTime(date: string, time: string | null | undefined, now: Date, timeZone: string): string {
  return time && checkSlotRules(date, time, now, timeZone) === null ? time : '';
}
