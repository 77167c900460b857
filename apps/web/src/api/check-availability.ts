import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityQuery, AvailabilityResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function checkAvailability(query: AvailabilityQuery, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return api.get<AvailabilityResponse>('/appointments/public/availability', {
    auth: false,
    params: query,
    signal,
    fallbackMessage: 'Failed to check availability',
  });
}

export function getAvailabilityQueryOptions(query: AvailabilityQuery) {
  return queryOptions({
    queryKey: ['appointments', 'public', 'availability', query.date, query.time, query.department],
    queryFn: ({ signal }) => checkAvailability(query, signal),
    // Places in a slot go quickly: an answer is trusted for half a minute, and re-asked before submit.
    staleTime: 30_000,
    retry: 1,
  });
}

/** The availability of one slot; asks nothing until date, time and department are all chosen. */
export function useAvailability(query: AvailabilityQuery | null) {
  return useQuery({
    ...getAvailabilityQueryOptions(query ?? { date: '', time: '', department: '' }),
    enabled: query !== null,
  });
}
