import { useMutation } from '@tanstack/react-query';
import { MSG, type LoginResponse, type MfaLoginRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** POST /auth/login/mfa: the password step's challenge and a code (or a recovery code) give the session. */
export function loginWithCode(body: MfaLoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login/mfa', body, { auth: false, fallbackMessage: MSG.loginFailed });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
