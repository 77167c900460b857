import { USER_MSG, type UpdateUserInput, type User } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** PUT /api/users/{id}: every field but the password. */
export function updateUser({
  id,
  input,
}: {
  id: number;
  input: UpdateUserInput;
}): Promise<{ message: string; user: User }> {
  return api.put<{ message: string; user: User }>(`/users/${id}`, input, { fallbackMessage: USER_MSG.updateFailed });
}

export const useUpdateUser = () => useUserMutation(updateUser);
