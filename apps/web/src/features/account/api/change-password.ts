import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG, type ChangePasswordRequest, type ChangePasswordResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/auth-storage';

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  // A wrong current password may come back as 401: that must not end the session.
  return api.post<ChangePasswordResponse>('/auth/change-password', body, {
    fallbackMessage: ACCOUNT_MSG.changePasswordFailed,
    expireSessionOn401: false,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (result) => {
      // Earlier tokens stop working: keep the new one, then reload the profile (mustChangePassword).
      if (result?.token) setToken(result.token);
      await queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
    },
  });
}
