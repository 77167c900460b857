import { MFA_MSG, type ResetMfaResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

export const RESET_MFA_FAILED = MFA_MSG.resetFailed;

/** POST /api/users/{id}/reset-mfa: the account's second factor removed (a lost phone); its sessions end. */
export function resetMfa(id: number): Promise<ResetMfaResponse> {
  return api.post<ResetMfaResponse>(`/users/${id}/reset-mfa`, undefined, { fallbackMessage: RESET_MFA_FAILED });
}

// The list shows who has two-factor sign-in: it reloads.
export const useResetMfa = () => useUserMutation(resetMfa);
