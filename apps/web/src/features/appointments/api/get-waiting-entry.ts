import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPOINTMENT_MSG, MANAGE_TOKEN_RE, type WaitingEntryView } from '@clinic/shared';
import { api, ApiError } from '@/lib/api-client';

/** The address of one of the waiting-list link's calls (`''`: her entry itself). */
export function waitingPath(token: string, action: '' | '/claim' | '/leave' = ''): string {
  return `/appointments/waiting-list/${encodeURIComponent(token)}${action}`;
}

/**
 * GET /appointments/waiting-list/{token}: her place in line, or the offer she holds. The token is
 * the key; one of the wrong shape is refused here with the server's own words, without a call.
 */
export function getWaitingEntry(token: string, signal?: AbortSignal): Promise<WaitingEntryView> {
  if (!MANAGE_TOKEN_RE.test(token))
    return Promise.reject(new ApiError(404, APPOINTMENT_MSG.waitingLinkInvalid, 'WAITING_LINK_INVALID'));
  return api.get<WaitingEntryView>(waitingPath(token), {
    auth: false,
    signal,
    fallbackMessage: 'Không thể tải danh sách chờ',
  });
}

export const waitingEntryQueryKey = (token: string) => ['appointments', 'waiting', token] as const;

export function useWaitingEntry(token: string) {
  return useQuery(
    queryOptions({
      queryKey: waitingEntryQueryKey(token),
      queryFn: ({ signal }) => getWaitingEntry(token, signal),
      staleTime: 0,
      // While she waits, an offer may arrive: the page looks again every half minute.
      refetchInterval: (query) => (query.state.data?.status === 'WAITING' ? 30_000 : false),
    }),
  );
}
