import { ROLES, USER_STATUS_FILTERS, type Role, type UserStatusFilter } from '@clinic/shared';
import { readChoice, readPage, SEARCH_HIDDEN, useAddressState } from '@/hooks/use-address-state';
import type { UserListParams } from '../api/get-users';
import { OFFERED_SORTS } from '../user-labels';

/** Newest accounts first: the ones an administrator has just made or imported. */
export const DEFAULT_USER_LIST: UserListParams = { page: 1, q: '', role: '', status: '', sort: 'createdAt:desc' };

export function readUserListParams(search: URLSearchParams): UserListParams {
  return {
    page: readPage(search),
    q: (search.get('q') ?? '').trim(),
    role: readChoice<Role | ''>(search, 'role', ROLES, ''),
    status: readChoice<UserStatusFilter | ''>(search, 'status', USER_STATUS_FILTERS, ''),
    sort: readChoice(search, 'sort', OFFERED_SORTS, DEFAULT_USER_LIST.sort),
  };
}

/** The users list's search, filters, sort and page in the address (see useAddressState). */
export function useUserListState() {
  return useAddressState(DEFAULT_USER_LIST, readUserListParams, undefined, SEARCH_HIDDEN);
}
