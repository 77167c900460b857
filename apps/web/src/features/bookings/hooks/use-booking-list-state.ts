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

/** The day sheet opens in time order; she may then choose the oldest waiting first. */
export const DAY_SHEET_SORT = 'appointmentDate:asc' as const;

export function readBookingListParams(search: URLSearchParams): AppointmentListParams {
  return {
    page: readPage(search),
    q: (search.get('q') ?? '').trim(),
    status: readChoice<AppointmentStatus | ''>(search, 'status', APPOINTMENT_STATUSES, ''),
    today: search.get('today') === '1',
    day: isDaySheetDay(search.get('day') ?? '') ? search.get('day')! : '',
    finished: search.get('finished') === '1',
    sort: readChoice(search, 'sort', APPOINTMENT_SORTS, DEFAULT_BOOKING_LIST.sort),
  };
}

/** The bookings list's view in the address (see useAddressState). */
export function useBookingListState() {
  return useAddressState(DEFAULT_BOOKING_LIST, readBookingListParams, undefined, SEARCH_HIDDEN);
}
