import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function getPatientProfile(): Promise<User> {
  return api.get<User>('/users/profile', { fallbackMessage: 'Failed to fetch profile' });
}

/** The same key as the profile screen's, so both read (and refresh) one cached profile. */
export function getPatientProfileQueryOptions(token: string) {
  return queryOptions({ queryKey: ['users', 'profile', token], queryFn: getPatientProfile, retry: false });
}

export function usePatientProfile(token: string | null) {
  return useQuery({ ...getPatientProfileQueryOptions(token ?? ''), enabled: !!token });
}
