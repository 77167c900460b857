import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BOOKING_MANAGER_POLL_MS,
  BOOKING_UI_MSG,
  DAY_SHEET_OPEN_STATUSES,
  daySheetDate,
  type AppointmentPage,
  type AppointmentSort,
  type AppointmentStatus,
  type DaySheetDay,
} from '@clinic/shared';
import { api } from '@/lib/api-client';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useKeptCursor, useRememberCursor } from './page-cursor';
import { bookingKeys } from './query-keys';

export const BOOKING_PAGE_SIZE = 20;

export type AppointmentListParams = {
  page: number;
  q: string;
  status: AppointmentStatus | '';
  /** Today's only (the "Hôm nay" card). */
  today: boolean;
  /** The day sheet's day ('today', 'tomorrow' or a date), or '' for every day (the specification's list). */
  day: DaySheetDay | '';
  /** On the day sheet, the visits that are over (COMPLETED, CANCELLED, NO_SHOW) shown too. */
  finished: boolean;
  sort: AppointmentSort;
};

/** The list call's filters: the day sheet asks for one day, without the finished visits unless she chose them. */
function filtersOf(params: AppointmentListParams) {
  if (!params.day) return { status: params.status };
  const date = daySheetDate(params.day, new Date(), clinicTimeZone());
  const status = params.status || (params.finished ? '' : DAY_SHEET_OPEN_STATUSES.join(','));
  return { from: date, to: date, status };
}

/** GET /api/appointments (or /today): one page, searched, filtered and sorted on the server. */
/** `cursor`: the page on screen's (see useRememberCursor); the rows are the page's whatever it is. */
export function getAppointments(
  params: AppointmentListParams,
  signal?: AbortSignal,
  cursor?: string,
): Promise<AppointmentPage> {
  return api.get<AppointmentPage>(params.today && !params.day ? '/appointments/today' : '/appointments', {
    params: {
      page: params.page,
      size: BOOKING_PAGE_SIZE,
      q: params.q,
      ...filtersOf(params),
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
    // What changes without the front desk (an online payment, a patient's cancel) shows by itself.
    refetchInterval: BOOKING_MANAGER_POLL_MS,
    refetchOnWindowFocus: true,
  });
  useRememberCursor(cursor, query.data?.cursor);
  return query;
}
