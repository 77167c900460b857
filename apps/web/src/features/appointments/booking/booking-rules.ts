import {
  APPOINTMENT_MSG,
  CLINIC,
  bookingWindow,
  clinicMoment,
  isDateString,
  isSunday,
  offeredSlots,
  TIME_SLOTS,
  type TimeSlot,
} from '@clinic/shared';

/**
 * The clinic's zone decides "today" and "2 hours from now" in the browser as on the server
 * (PRODUCT.md section 2), whatever zone the visitor's device is in.
 */
export const CLINIC_TIME_ZONE = CLINIC.defaultTimeZone;

export const MORNING_SLOTS: readonly TimeSlot[] = TIME_SLOTS.filter((slot) => slot < '12:00');
export const AFTERNOON_SLOTS: readonly TimeSlot[] = TIME_SLOTS.filter((slot) => slot > '12:00');

export const NO_SLOTS_LEFT_TODAY = 'Hôm nay không còn khung giờ nào có thể đặt (cần đặt trước ít nhất 2 tiếng). Vui lòng chọn ngày khác.';

/** Why a chosen date cannot be booked, or null: a real date, from today to two years ahead, not a Sunday. */
export function dateProblem(date: string, now: Date, timeZone: string = CLINIC_TIME_ZONE): string | null {
  if (!date) return null;
  if (!isDateString(date)) return APPOINTMENT_MSG.invalidDate;
  const { minDate, maxDate } = bookingWindow(now, timeZone);
  if (date < minDate) return APPOINTMENT_MSG.pastDate;
  if (date > maxDate) return APPOINTMENT_MSG.beyondWindow;
  if (isSunday(date)) return APPOINTMENT_MSG.sundayClosed;
  return null;
}

/** The slots offered for a date: none until a bookable date is chosen; for today only those 2 hours ahead. */
export function slotsFor(date: string, now: Date, timeZone: string = CLINIC_TIME_ZONE): TimeSlot[] {
  if (!date || dateProblem(date, now, timeZone)) return [];
  return offeredSlots(date, now, timeZone);
}

export function isClinicToday(date: string, now: Date, timeZone: string = CLINIC_TIME_ZONE): boolean {
  return clinicMoment(now, timeZone).date === date;
}
