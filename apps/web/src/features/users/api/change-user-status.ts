import { USER_MSG } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** The specification names no fallback for activating one user; this one follows its wording. */
export const ACTIVATE_FAILED = 'Failed to activate user';

/** PUT /api/users/{id}/activate or /deactivate: a deactivated user's tokens stop working at once. */
export function changeUserStatus({ id, active }: { id: number; active: boolean }): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/users/${id}/${active ? 'activate' : 'deactivate'}`, undefined, {
    fallbackMessage: active ? ACTIVATE_FAILED : USER_MSG.deactivateFailed,
  });
}

export const useChangeUserStatus = () => useUserMutation(changeUserStatus);
