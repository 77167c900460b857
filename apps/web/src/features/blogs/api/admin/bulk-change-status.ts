import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { BLOG_ADMIN_FALLBACKS, withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

export type BlogBulkResponse = { success: boolean; message: string; count: number };

/** POST /api/blogs/bulk/status {ids, status}: unknown ids are skipped. */
export function bulkChangeBlogStatus({
  ids,
  status,
}: {
  ids: number[];
  status: BlogStatus;
}): Promise<BlogBulkResponse> {
  return withBlogErrors(
    () => api.post<BlogBulkResponse>('/blogs/bulk/status', { ids, status }),
    BLOG_ADMIN_FALLBACKS.bulkStatus,
  );
}

export function useBulkChangeBlogStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeBlogStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
