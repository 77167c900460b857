import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type AppointmentPage, type AppointmentSort, type AppointmentStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export const BOOKING_PAGE_SIZE = 20;

export type AppointmentListParams = {
  page: number;
  q: string;
  status: AppointmentStatus | '';
  /** Today's only (the "Hôm nay" card). */
  today: boolean;
  sort: AppointmentSort;
};

/** GET /api/appointments (or /today): one page, searched, filtered and sorted on the server. */
export function getAppointments(params: AppointmentListParams, signal?: AbortSignal): Promise<AppointmentPage> {
  return api.get<AppointmentPage>(params.today ? '/appointments/today' : '/appointments', {
    params: { page: params.page, size: BOOKING_PAGE_SIZE, q: params.q, status: params.status, sort: params.sort },
    fallbackMessage: BOOKING_UI_MSG.fetchFailed,
    signal,
  });
}

export function getAppointmentsQueryOptions(params: AppointmentListParams) {
  return queryOptions({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => getAppointments(params, signal),
    // The front desk expects to see its own change at once, and others' when it comes back.
    staleTime: 0,
  });
}

export function useAppointments(params: AppointmentListParams) {
  // The page on screen stays while the next one loads, so the table does not jump.
  return useQuery({ ...getAppointmentsQueryOptions(params), placeholderData: keepPreviousData });
}
