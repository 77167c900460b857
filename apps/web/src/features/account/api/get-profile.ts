import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function getProfile(): Promise<User> {
  return api.get<User>('/users/profile', { fallbackMessage: 'Failed to fetch profile' });
}

/** Keyed by the token: another sign-in (or a new token) never sees the previous profile. */
export function getProfileQueryOptions(token: string) {
  return queryOptions({ queryKey: ['users', 'profile', token], queryFn: getProfile });
}

export function useProfile(token: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(token ?? ''), enabled: !!token && (options.enabled ?? true) });
}
