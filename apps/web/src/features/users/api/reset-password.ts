import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const RESET_PASSWORD_FAILED = 'Failed to reset password';

/** POST /api/users/{id}/reset-password: a temporary password, shown once, changed at the next sign-in. */
export function resetPassword(id: number): Promise<ResetPasswordResponse> {
  return api.post<ResetPasswordResponse>(`/users/${id}/reset-password`, undefined, {
    fallbackMessage: RESET_PASSWORD_FAILED,
  });
}

// Nothing a list shows changes, so nothing reloads.
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
