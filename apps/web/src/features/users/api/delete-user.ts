import { USER_MSG } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** DELETE /api/users/{id}. */
export function deleteUser(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/users/${id}`, { fallbackMessage: USER_MSG.deleteFailed });
}

export const useDeleteUser = () => useUserMutation(deleteUser);
