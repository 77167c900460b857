import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './query-keys';

/** A medical specialty a doctor can have (specification section 3). */
export type Specialty = { code: string; displayName: string };

/** GET /api/users/specialties. */
export function getSpecialties(signal?: AbortSignal): Promise<Specialty[]> {
  return api.get<Specialty[]>('/users/specialties', { fallbackMessage: 'Failed to load specialties', signal });
}

export function getSpecialtiesQueryOptions() {
  // The list changes with a release, not during a session.
  return queryOptions({
    queryKey: userKeys.specialties(),
    queryFn: ({ signal }) => getSpecialties(signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSpecialties() {
  return useQuery(getSpecialtiesQueryOptions());
}
