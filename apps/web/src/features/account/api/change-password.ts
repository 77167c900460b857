import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG, type ChangePasswordRequest, type ChangePasswordResponse, type Profile } from '@clinic/shared';
import { getProfileQueryKey } from '@/api/get-profile';
import { api } from '@/lib/api-client';
import { getToken, setToken } from '@/lib/auth-storage';

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
      // Earlier tokens stop working: keep the new one. The profile under the new token starts as the
      // old one without the obligation, so the guards let the user go on at once (no reload in between).
      const oldToken = getToken();
      if (result?.token && result.token !== oldToken) {
        const profile = oldToken ? queryClient.getQueryData<Profile>(getProfileQueryKey(oldToken)) : undefined;
        if (profile)
          queryClient.setQueryData<Profile>(getProfileQueryKey(result.token), {
            ...profile,
            mustChangePassword: false,
          });
        setToken(result.token);
      }
      await queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
    },
  });
}
