import { USER_MSG, type CreateUserInput, type User } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { useUserMutation } from './use-user-mutation';

/** POST /api/users: 201 with the new user; 409 when the username or e-mail is taken (the message says which). */
export function createUser(input: CreateUserInput, idempotencyKey?: string): Promise<{ message: string; user: User }> {
  return api.post<{ message: string; user: User }>('/users', input, {
    fallbackMessage: USER_MSG.createFailed,
    idempotencyKey,
  });
}

export const useCreateUser = () => useUserMutation(useSubmission(createUser));
