import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_MSG, type Profile } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { rememberBackOfficeLanguage } from '@/lib/back-office-language';

/**
 * GET /users/profile: the signed-in user as the server knows him (profile, booking, guards,
 * back-office), and whether he must first change his password or set up two-factor sign-in.
 */
export async function getProfile(): Promise<Profile> {
  const profile = await api.get<Profile>('/users/profile', { fallbackMessage: PROFILE_MSG.fetchFailed });
  // Her back-office language as the server keeps it (chosen on another device, perhaps) replaces this device's copy.
  rememberBackOfficeLanguage(profile.id, profile.backOfficeLanguage);
  return profile;
}

/** Keyed by the token: another sign-in (or a new token) never sees the previous profile. */
export function getProfileQueryKey(token: string) {
  return ['users', 'profile', token] as const;
}

export function getProfileQueryOptions(token: string) {
  return queryOptions({ queryKey: getProfileQueryKey(token), queryFn: getProfile });
}

type UseProfileOptions = {
  enabled?: boolean;
  /** Booking falls back on the stored userInfo at once instead of waiting for retries. */
  retry?: boolean;
  /**
   * A page that edits the profile keeps the profile it shows while the session is lost and once
   * she signs in again (a new token, a new key), so what she typed stays (issue 25, defect 5).
   */
  keepWhileSigningInAgain?: boolean;
};

export function useProfile(
  token: string | null,
  { enabled = true, retry, keepWhileSigningInAgain }: UseProfileOptions = {},
) {
  return useQuery({
    ...getProfileQueryOptions(token ?? ''),
    enabled: !!token && enabled,
    ...(retry === false ? { retry: false } : {}),
    ...(keepWhileSigningInAgain ? { placeholderData: keepPreviousData } : {}),
  });
}
