import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayPlacesQuery, DayPlacesResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/appointments/public/slots: the places left in each slot of one day of one department. */
export function getDayPlaces(query: DayPlacesQuery, signal?: AbortSignal): Promise<DayPlacesResponse> {
  return api.get<DayPlacesResponse>('/appointments/public/slots', {
    auth: false,
    params: query,
    signal,
    fallbackMessage: 'Failed to check availability',
  });
}

export function getDayPlacesQueryOptions(query: DayPlacesQuery) {
  return queryOptions({
    queryKey: ['appointments', 'public', 'slots', query.date, query.department],
    queryFn: ({ signal }) => getDayPlaces(query, signal),
    // As the one-slot answer: trusted for half a minute, and the chosen slot is asked again before sending.
    staleTime: 30_000,
    retry: 1,
  });
}

/**
 * The places left per slot time ('09:00' → 2) for the time tiles; empty until date and department
 * are chosen, or when the server did not answer (the tiles then say nothing of places).
 */
export function useDayPlaces(query: DayPlacesQuery | null): ReadonlyMap<string, number> {
  const { data } = useQuery({
    ...getDayPlacesQueryOptions(query ?? { date: '', department: '' }),
    enabled: query !== null,
  });
  return new Map(query && data ? data.slots.map((s) => [s.time, s.remaining]) : []);
}
