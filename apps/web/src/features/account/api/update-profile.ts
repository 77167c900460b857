import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_MSG, type Profile, type UpdatedProfile, type UpdateProfileRequest } from '@clinic/shared';
import { getProfileQueryKey } from '@/api/get-profile';
import { api } from '@/lib/api-client';
import { getToken, mergeProfileIntoUserInfo } from '@/lib/auth-storage';
import { getBackOfficeLanguage } from '@/lib/back-office-language';

/** PUT /users/profile {fullName, birth?, gender?, phone, citizenId?}: answers the updated user and her citizen ID. */
export function updateProfile(body: UpdateProfileRequest): Promise<UpdatedProfile> {
  return api.put<UpdatedProfile>('/users/profile', body, { fallbackMessage: PROFILE_MSG.updateFailed });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // The answer is the new profile: cache it and let the header show the new name at once.
      const token = getToken();
      if (token)
        queryClient.setQueryData<Profile>(getProfileQueryKey(token), (old) =>
          old
            ? { ...old, ...user }
            : { ...user, mfaEnrolmentRequired: false, backOfficeLanguage: getBackOfficeLanguage(user.id) },
        );
      mergeProfileIntoUserInfo(user);
    },
  });
}
