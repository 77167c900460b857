import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaEnableResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { keepNewToken, MFA_CALL } from './keep-new-token';

/** POST /auth/mfa/enable {code}: on, ten recovery codes shown once, a new token (the others end). */
export const enableMfa = (code: string) => api.post<MfaEnableResponse>('/auth/mfa/enable', { code }, MFA_CALL);

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: (result) => keepNewToken(queryClient, result.token, { mfaEnabled: true, mfaEnrolmentRequired: false }),
  });
}
