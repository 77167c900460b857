import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type AppointmentPage, type AppointmentSort, type AppointmentStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useKeptCursor, useRememberCursor } from './page-cursor';
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
/** `cursor`: the page on screen's (see useRememberCursor); the rows are the page's whatever it is. */
export function getAppointments(
  params: AppointmentListParams,
  signal?: AbortSignal,
  cursor?: string,
): Promise<AppointmentPage> {
  return api.get<AppointmentPage>(params.today ? '/appointments/today' : '/appointments', {
    params: {
      page: params.page,
      size: BOOKING_PAGE_SIZE,
      q: params.q,
      status: params.status,
      sort: params.sort,
      cursor,
    },
    fallbackMessage: BOOKING_UI_MSG.fetchFailed,
    signal,
  });
}

export function getAppointmentsQueryOptions(params: AppointmentListParams, cursor?: () => string | undefined) {
  return queryOptions({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => getAppointments(params, signal, cursor?.()),
    // The front desk expects to see its own change at once, and others' when it comes back.
    staleTime: 0,
  });
}

export function useAppointments(params: AppointmentListParams) {
  // The page on screen stays while the next one loads, so the table does not jump.
  const cursor = useKeptCursor();
  const query = useQuery({
    ...getAppointmentsQueryOptions(params, () => cursor.get()),
    placeholderData: keepPreviousData,
  });
  useRememberCursor(cursor, query.data?.cursor);
  return query;
}
