import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type HistoryFilterInput, type HistoryStats } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/appointments/history/stats: the cards of the filter, counted by the server. */
export function getHistoryStats(filter: HistoryFilterInput, signal?: AbortSignal): Promise<HistoryStats> {
  return api.get<HistoryStats>('/appointments/history/stats', {
    params: filter,
    fallbackMessage: BOOKING_UI_MSG.historyLoadFailed,
    signal,
  });
}

export function useHistoryStats(filter: HistoryFilterInput) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.historyStats(filter),
      queryFn: ({ signal }) => getHistoryStats(filter, signal),
      staleTime: 0,
    }),
    placeholderData: keepPreviousData,
  });
}
