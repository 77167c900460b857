import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCodeRequest, ClaimCodeResponse, ClaimVerifyResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** POST /appointments/claims/code {email?} or {phone}: a 6-digit code to the e-mail or phone the visits were booked with. */
export function sendClaimCode(body: ClaimCodeRequest): Promise<ClaimCodeResponse> {
  return api.post<ClaimCodeResponse>('/appointments/claims/code', body, { fallbackMessage: 'Failed to send code' });
}

export function useSendClaimCode() {
  return useMutation({ mutationFn: sendClaimCode });
}

/** POST /appointments/claims/verify {code}: the visits booked with that e-mail or phone join the account. */
export function verifyClaimCode(body: { code: string }): Promise<ClaimVerifyResponse> {
  return api.post<ClaimVerifyResponse>('/appointments/claims/verify', body, {
    fallbackMessage: 'Failed to verify code',
  });
}

/** My Appointments reads the list again once visits joined it. */
export function useVerifyClaimCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyClaimCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'mine'] }),
  });
}
