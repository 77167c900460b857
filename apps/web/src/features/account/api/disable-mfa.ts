import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaConfirmRequest, MfaDisableResponse, MfaStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { mfaStatusQueryKey } from './get-mfa-status';
import { keepNewToken, MFA_CALL } from './keep-new-token';

/** POST /auth/mfa/disable {code | password}: off, a new token (the others end). */
export const disableMfa = (body: MfaConfirmRequest) =>
  api.post<MfaDisableResponse>('/auth/mfa/disable', body, MFA_CALL);

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: (result) => {
      // A role that must use it is led back to enrolment.
      const required = queryClient.getQueryData<MfaStatus>(mfaStatusQueryKey)?.required ?? false;
      return keepNewToken(queryClient, result.token, { mfaEnabled: false, mfaEnrolmentRequired: required });
    },
  });
}
