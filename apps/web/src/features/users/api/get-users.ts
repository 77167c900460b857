import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_LIMITS, USER_MSG, type Role, type UserPage, type UserSort, type UserStatusFilter } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './query-keys';

export type UserListParams = {
  page: number;
  /** Full name, username, e-mail or phone. */
  q: string;
  role: Role | '';
  status: UserStatusFilter | '';
  sort: UserSort;
};

/** GET /api/users: one page of 10 (specification section 9), searched, filtered and sorted on the server. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  return api.get<UserPage>('/users', {
    params: {
      page: params.page,
      size: USER_LIMITS.pageSize,
      q: params.q,
      role: params.role,
      status: params.status,
      sort: params.sort,
    },
    fallbackMessage: USER_MSG.fetchFailed,
    signal,
  });
}

export function getUsersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // An administrator expects to see a change at once.
    staleTime: 0,
  });
}

export function useUsers(params: UserListParams) {
  // The page on screen stays while the next one loads, so the table does not jump.
  return useQuery({ ...getUsersQueryOptions(params), placeholderData: keepPreviousData });
}
