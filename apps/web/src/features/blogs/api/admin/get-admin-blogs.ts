import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BLOG_LIMITS,
  BLOG_MSG,
  type BlogAdminPage,
  type BlogCategory,
  type BlogSort,
  type BlogStatus,
} from '@clinic/shared';
import { api } from '@/lib/api-client';
import { withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

export type BlogAdminListParams = {
  page: number;
  q: string;
  status: BlogStatus | '';
  category: BlogCategory | '';
  featured: 'true' | 'false' | '';
  sort: BlogSort;
};

/** GET /api/blogs: one page of the Blog Control table, with the stats cards. */
export function getAdminBlogs(params: BlogAdminListParams, signal?: AbortSignal): Promise<BlogAdminPage> {
  return withBlogErrors(
    () =>
      api.get<BlogAdminPage>('/blogs', {
        params: { ...params, size: BLOG_LIMITS.adminPageSize },
        fallbackMessage: BLOG_MSG.fetchFailed,
        signal,
      }),
    BLOG_MSG.fetchFailed,
  );
}

export function getAdminBlogsQueryOptions(params: BlogAdminListParams) {
  return queryOptions({
    queryKey: blogAdminKeys.list(params),
    queryFn: ({ signal }) => getAdminBlogs(params, signal),
    // Staff expect to see their own change at once, and other people's when they come back.
    staleTime: 0,
  });
}

export function useAdminBlogs(params: BlogAdminListParams) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({ ...getAdminBlogsQueryOptions(params), placeholderData: keepPreviousData });
}
