import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundList } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/refunds (ADMIN, STAFF): the refunds not yet done, oldest first. */
export function getRefunds(signal?: AbortSignal): Promise<RefundList> {
  return api.get<RefundList>('/refunds', { fallbackMessage: 'Không thể tải danh sách hoàn tiền', signal });
}

export function getRefundsQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.refunds(), queryFn: ({ signal }) => getRefunds(signal), staleTime: 0 });
}

export function useRefunds() {
  return useQuery(getRefundsQueryOptions());
}
