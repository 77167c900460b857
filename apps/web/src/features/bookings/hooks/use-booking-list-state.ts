import { APPOINTMENT_SORTS, APPOINTMENT_STATUSES, isDaySheetDay, type AppointmentStatus } from '@clinic/shared';
import { readChoice, readPage, SEARCH_HIDDEN, useAddressState } from '@/hooks/use-address-state';
import type { AppointmentListParams } from '../api/get-appointments';

/** Newest bookings first: the requests the front desk has to answer. */
export const DEFAULT_BOOKING_LIST: AppointmentListParams = {
  page: 1,
  q: '',
  status: '',
  today: false,
  day: '',
  finished: false,
  sort: 'createdAt:desc',
};

/**
 * The day sheet opens in time order, however it was opened (its address, 'Hôm nay', 'Ngày mai', a
 * date); she may then choose another order, which the address keeps (issue 35).
 */
export const DAY_SHEET_SORT = 'appointmentDate:asc' as const;

/** The list's defaults for a view: a day's sheet is in time order unless another order is chosen. */
export function bookingListDefaults(view: Pick<AppointmentListParams, 'day'>): AppointmentListParams {
  return view.day ? { ...DEFAULT_BOOKING_LIST, sort: DAY_SHEET_SORT } : DEFAULT_BOOKING_LIST;
}

export function readBookingListParams(search: URLSearchParams): AppointmentListParams {
  const day = isDaySheetDay(search.get('day') ?? '') ? search.get('day')! : '';
  return {
    page: readPage(search),
    q: (search.get('q') ?? '').trim(),
    status: readChoice<AppointmentStatus | ''>(search, 'status', APPOINTMENT_STATUSES, ''),
    today: search.get('today') === '1',
    day,
    finished: search.get('finished') === '1',
    sort: readChoice(search, 'sort', APPOINTMENT_SORTS, bookingListDefaults({ day }).sort),
  };
}

/** The bookings list's view in the address (see useAddressState). */
export function useBookingListState() {
  return useAddressState(DEFAULT_BOOKING_LIST, readBookingListParams, undefined, SEARCH_HIDDEN, bookingListDefaults);
}
