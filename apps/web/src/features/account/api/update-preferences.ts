import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_MSG, type Preferences, type Profile, type UpdatePreferencesRequest } from '@clinic/shared';
import { getProfileQueryKey } from '@/api/get-profile';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

/** PATCH /users/profile/preferences {backOfficeLanguage}: answers what the server now keeps. */
export function updatePreferences(body: UpdatePreferencesRequest): Promise<Preferences> {
  return api.patch<Preferences>('/users/profile/preferences', body, { fallbackMessage: PROFILE_MSG.preferencesFailed });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => {
      const token = getToken();
      if (token)
        queryClient.setQueryData<Profile>(getProfileQueryKey(token), (old) => (old ? { ...old, ...preferences } : old));
    },
  });
}
