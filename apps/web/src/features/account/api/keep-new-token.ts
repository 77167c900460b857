import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@clinic/shared';
import { getProfileQueryKey } from '@/api/get-profile';
import { getToken, setToken } from '@/lib/auth-storage';
import { mfaStatusQueryKey } from './get-mfa-status';

/** What the two-factor calls answer with: a failure keeps the session (a wrong password is not an ended one). */
export const MFA_CALL = { fallbackMessage: 'Không thể cập nhật xác thực hai bước', expireSessionOn401: false } as const;

/**
 * The server ended every other token of the user and gave this one: keep it, with the profile it
 * will read, so the guards move on at once (no reload in between).
 */
export async function keepNewToken(queryClient: QueryClient, token: string, patch: Partial<Profile>) {
  const oldToken = getToken();
  if (token !== oldToken) {
    const profile = oldToken ? queryClient.getQueryData<Profile>(getProfileQueryKey(oldToken)) : undefined;
    if (profile) queryClient.setQueryData<Profile>(getProfileQueryKey(token), { ...profile, ...patch });
    setToken(token);
  }
  await queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
  await queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey });
}
