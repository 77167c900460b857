import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type AppointmentPage, type AppointmentSort, type HistoryFilterInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useKeptCursor, useRememberCursor } from './page-cursor';
import { bookingKeys } from './query-keys';

export const HISTORY_PAGE_SIZE = 20;

export type HistoryListParams = HistoryFilterInput & { page: number; sort?: AppointmentSort };

/** GET /api/appointments/history: completed, cancelled and no-show appointments of the period. */
export function getBookingHistory(
  params: HistoryListParams & { cursor?: string },
  signal?: AbortSignal,
): Promise<AppointmentPage> {
  return api.get<AppointmentPage>('/appointments/history', {
    params: { ...params, size: HISTORY_PAGE_SIZE },
    fallbackMessage: BOOKING_UI_MSG.historyLoadFailed,
    signal,
  });
}

export function useBookingHistory(params: HistoryListParams) {
  const cursor = useKeptCursor();
  const query = useQuery({
    ...queryOptions({
      queryKey: bookingKeys.history(params),
      queryFn: ({ signal }) => getBookingHistory({ ...params, cursor: cursor.get() }, signal),
      staleTime: 0,
    }),
    placeholderData: keepPreviousData,
  });
  useRememberCursor(cursor, query.data?.cursor);
  return query;
}
