import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { BLOG_ADMIN_FALLBACKS, withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

/** GET /api/blogs/{id}: a post of any status with its content, for the edit modal. */
export function getAdminBlog(id: number, signal?: AbortSignal): Promise<Blog> {
  return withBlogErrors(() => api.get<Blog>(`/blogs/${id}`, { signal }), BLOG_ADMIN_FALLBACKS.fetchOne);
}

export function getAdminBlogQueryOptions(id: number) {
  return queryOptions({
    queryKey: blogAdminKeys.detail(id),
    queryFn: ({ signal }) => getAdminBlog(id, signal),
    staleTime: 0,
  });
}

export function useAdminBlog(id: number | null) {
  return useQuery({ ...getAdminBlogQueryOptions(id ?? 0), enabled: id !== null });
}
