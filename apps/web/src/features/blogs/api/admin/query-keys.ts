import type { BlogAdminListParams } from './get-admin-blogs';

/**
 * Everything under 'blogs' is invalidated after a change made here, so the public blog pages
 * (whose keys also start with 'blogs') never show a post as it was before.
 */
export const blogAdminKeys = {
  all: ['blogs'] as const,
  lists: () => ['blogs', 'admin', 'list'] as const,
  list: (params: BlogAdminListParams) => ['blogs', 'admin', 'list', params] as const,
  detail: (id: number) => ['blogs', 'admin', 'detail', id] as const,
};
