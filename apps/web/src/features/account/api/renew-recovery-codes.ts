import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaConfirmRequest, MfaRecoveryCodesResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { mfaStatusQueryKey } from './get-mfa-status';
import { MFA_CALL } from './keep-new-token';

/** POST /auth/mfa/recovery-codes {code | password}: ten new codes, shown once; the old ones stop working. */
export const renewRecoveryCodes = (body: MfaConfirmRequest) =>
  api.post<MfaRecoveryCodesResponse>('/auth/mfa/recovery-codes', body, MFA_CALL);

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey }),
  });
}
