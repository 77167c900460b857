import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, type Blog, type BlogStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

type StatusResponse = { success: boolean; message: string; blog: Blog };

/** PUT /api/blogs/{id}/status {status}. */
export function changeBlogStatus({ id, status }: { id: number; status: BlogStatus }): Promise<StatusResponse> {
  return withBlogErrors(() => api.put<StatusResponse>(`/blogs/${id}/status`, { status }), BLOG_MSG.statusFailed);
}

export function useChangeBlogStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBlogStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
