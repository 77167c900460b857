import { useMutation } from '@tanstack/react-query';
import { MSG, type LoginAnswer, type LoginRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** The session, or for an account with two-factor sign-in a challenge for the code (api/login-mfa.ts). */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  // Public call: a stale token must not ride along; a 401 here means wrong credentials.
  return api.post<LoginAnswer>('/auth/login', body, { auth: false, fallbackMessage: MSG.loginFailed });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
