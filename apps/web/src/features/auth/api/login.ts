import { useMutation } from '@tanstack/react-query';
import { MSG, type LoginRequest, type LoginResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  // Public call: a stale token must not ride along; a 401 here means wrong credentials.
  return api.post<LoginResponse>('/auth/login', body, { auth: false, fallbackMessage: MSG.loginFailed });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
