import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import {
  APPOINTMENT_MSG,
  bookingWindow,
  checkSlotRules,
  CLINIC_TEXT,
  formatLongDate,
  isDateString,
  TIME_SLOTS,
  type AvailabilityQuery,
  type AvailabilityResponse,
  type TimeSlot,
} from '@clinic/shared';
import { getAvailabilityQueryOptions, useAvailability } from '@/api/check-availability';
import { useDayPlaces } from '@/api/get-day-places';
import { dateProblem, isClinicToday, slotsFor } from '@/lib/clinic-calendar';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { serverErrorText } from '@/lib/error-message';
import { AVAILABILITY_CHECK_FAILED, type AvailabilityView } from './availability-status';

/** Above the clinic's day of slots while no date is chosen yet. */
export const SLOTS_BEFORE_DATE = 'Giờ làm việc của phòng khám: chọn ngày khám để xem khung giờ nào còn nhận đặt lịch.';
const NO_SLOTS_FOR_DATE = 'Không có khung giờ nào cho ngày đã chọn.';

function expiredTimeMessage(time: string): string {
  return `Khung giờ ${time} không còn nhận đặt lịch cho ngày đã chọn. Vui lòng chọn giờ khác.`;
}

type SlotChoiceInput = {
  date: string;
  time: string;
  /** The department whose places are asked; '' until chosen. */
  department: string;
  /** The instant the slot rules are read against; the page renews it every minute. */
  now: Date;
  /**
   * The chosen time stopped being offered (the clock moved on, or another date): the form clears it.
   * `message` says why when there is a date to say it of.
   */
  onTimeWithdrawn: (message: string | null) => void;
};

/** Why a slot cannot be sent as it is, found right before sending; null when it can. */
export type SlotVerdict =
  { field: 'appointmentDate' } | { field: 'appointmentTime'; message: string } | { field: null } | null;

/**
 * A date and a time of one department, as the booking rules offer them (specification sections 4
 * and 5): the date window and its problem, the slots left for that date, the availability of the
 * chosen slot (asked as soon as all three are set), and a last check right before sending.
 * The public booking form and the change of a booked slot both choose through it.
 */
export function useSlotChoice({ date, time, department, now, onTimeWithdrawn }: SlotChoiceInput) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  // Date and slots, read in the clinic's zone against a clock that moves every minute.
  const { minDate, maxDate } = bookingWindow(now, clinicTimeZone());
  const dateIssue = dateProblem(date, now);
  // Before a date, the clinic's whole day: the tiles are in the page the server draws, so a time
  // tapped before the app arrives is a plain radio button's choice, kept until a date withdraws it.
  const slots: TimeSlot[] = date ? slotsFor(date, now) : [...TIME_SLOTS];
  const timeOffered = !time || (slots as string[]).includes(time);
  const slotsHint = date ? null : SLOTS_BEFORE_DATE;
  let slotsEmptyMessage: string | null = null;
  if (date && dateIssue) slotsEmptyMessage = NO_SLOTS_FOR_DATE;
  else if (slots.length === 0)
    slotsEmptyMessage = isClinicToday(date, now) ? APPOINTMENT_MSG.noSlotsLeftToday : NO_SLOTS_FOR_DATE;
  const dateHint =
    date && isDateString(date)
      ? formatLongDate(date)
      : `${CLINIC_TEXT.workingDays}, trong vòng ${CLINIC_TEXT.window} tới`;

  // A chosen time that stops being offered is cleared, with the reason when a bookable date is set.
  const withdraw = useEffectEvent((message: string | null) => onTimeWithdrawn(message));
  useEffect(() => {
    if (timeOffered) return;
    withdraw(date && !dateIssue ? expiredTimeMessage(time) : null);
  }, [timeOffered, time, date, dateIssue]);

  // The places left in each slot of the day, so a tile says it is full before she picks it.
  const places = useDayPlaces(date && department && !dateIssue ? { date, department } : null);

  // Availability of the chosen slot, asked as soon as date, time and department are all set.
  const slotQuery = date && time && department && !dateIssue && timeOffered ? { date, time, department } : null;
  const availability = useAvailability(slotQuery);
  let availabilityView: AvailabilityView = { state: 'idle' };
  if (slotQuery) {
    if (availability.data) availabilityView = { state: 'answered', answer: availability.data };
    else if (availability.isError)
      availabilityView = {
        state: 'failed',
        message: serverErrorText(availability.error, 'message') ?? AVAILABILITY_CHECK_FAILED,
      };
    else availabilityView = { state: 'checking' };
  }
  const unavailable = availabilityView.state === 'answered' && !availabilityView.answer.available;

  /**
   * The rules read again at the moment of sending, then the places asked again (they may have gone
   * since the answer on screen). An unanswered check lets the slot through: the server checks too.
   */
  async function verify(query: AvailabilityQuery): Promise<SlotVerdict> {
    const at = new Date();
    if (dateProblem(query.date, at)) return { field: 'appointmentDate' };
    const rule = checkSlotRules(query.date, query.time, at, clinicTimeZone());
    if (rule) return { field: 'appointmentTime', message: rule.message };
    let answer: AvailabilityResponse | null = null;
    setChecking(true);
    try {
      answer = await queryClient.fetchQuery({ ...getAvailabilityQueryOptions(query), staleTime: 0, retry: false });
    } catch {
      // Unanswered: the server checks again when it books.
    } finally {
      setChecking(false);
    }
    return answer && !answer.available ? { field: null } : null; // the availability line now says why
  }

  /** verify, then tell the form what was refused; true when the slot may be sent (otherwise the availability line or the field says why). */
  async function confirm(
    query: AvailabilityQuery,
    on: { refuseDate(): void; refuseTime(message: string): void },
  ): Promise<boolean> {
    const verdict = await verify(query);
    if (verdict?.field === 'appointmentDate') on.refuseDate();
    else if (verdict?.field === 'appointmentTime') on.refuseTime(verdict.message);
    return !verdict;
  }

  return {
    minDate,
    maxDate,
    dateIssue,
    dateHint,
    slots,
    places,
    slotsEmptyMessage,
    slotsHint,
    availabilityView,
    blocked: !!dateIssue || unavailable,
    checking,
    verify,
    confirm,
  };
}

type SlotFields = { appointmentDate: string; appointmentTime: string };

/** What a form does when the last check refuses its slot: the date is focused, or the time cleared with the reason. */
export function slotRefusals<T extends SlotFields>(form: Pick<UseFormReturn<T>, 'setFocus' | 'setValue' | 'setError'>) {
  const date = 'appointmentDate' as Path<T>;
  const time = 'appointmentTime' as Path<T>;
  return {
    refuseDate: () => form.setFocus(date),
    refuseTime: (message: string) => {
      form.setValue(time, '' as PathValue<T, Path<T>>);
      form.setError(time, { type: 'rule', message }, { shouldFocus: true });
    },
  };
}
