import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BLOG_ADMIN_FALLBACKS, withBlogErrors } from './blog-errors';
import type { BlogBulkResponse } from './bulk-change-status';
import { blogAdminKeys } from './query-keys';

/** POST /api/blogs/bulk/delete {ids}: unknown ids are skipped. */
export function bulkDeleteBlogs(ids: number[]): Promise<BlogBulkResponse> {
  return withBlogErrors(
    () => api.post<BlogBulkResponse>('/blogs/bulk/delete', { ids }),
    BLOG_ADMIN_FALLBACKS.bulkDelete,
  );
}

export function useBulkDeleteBlogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteBlogs,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
