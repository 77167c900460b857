import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityQuery, AvailabilityResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/appointments/desk/availability: the public answer without the two-hour lead. */
export function checkDeskAvailability(query: AvailabilityQuery, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return api.get<AvailabilityResponse>('/appointments/desk/availability', {
    params: query,
    signal,
    fallbackMessage: 'Failed to check availability',
  });
}

/** One slot's places for the desk's window; asks nothing until date, time and department are chosen. */
export function useDeskAvailability(query: AvailabilityQuery | null) {
  const q = query ?? { date: '', time: '', department: '' };
  return useQuery({
    ...queryOptions({
      queryKey: ['appointments', 'desk', 'availability', q.date, q.time, q.department],
      queryFn: ({ signal }) => checkDeskAvailability(q, signal),
      staleTime: 10_000,
      retry: 1,
    }),
    enabled: query !== null,
  });
}
