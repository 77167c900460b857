import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataRequestPage, DataRequestStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type DataRequestFilter = { status: DataRequestStatus | 'ALL'; page: number };

export function getDataRequests(f: DataRequestFilter): Promise<DataRequestPage> {
  return api.get<DataRequestPage>('/privacy/requests', { params: { status: f.status, page: f.page, size: 20 } });
}

export function getDataRequestsQueryOptions(f: DataRequestFilter) {
  return queryOptions({
    queryKey: ['privacy', 'requests', f],
    queryFn: () => getDataRequests(f),
    placeholderData: keepPreviousData,
    // A deadline is hours away: the queue is refreshed every minute.
    refetchInterval: 60_000,
  });
}

export function useDataRequestQueue(f: DataRequestFilter) {
  return useQuery(getDataRequestsQueryOptions(f));
}
