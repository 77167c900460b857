import type { UserListParams } from './get-users';

/**
 * The users screen's queries. Not ['users'] alone: the signed-in user's profile lives under
 * ['users', 'profile'] and need not reload after every change made here.
 */
export const userKeys = {
  all: ['users', 'admin'] as const,
  list: (params: UserListParams) => ['users', 'admin', 'list', params] as const,
  specialties: () => ['users', 'specialties'] as const,
};
