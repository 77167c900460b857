import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BLOG_ADMIN_FALLBACKS, withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

type DeleteResponse = { success: boolean; message: string };

/** DELETE /api/blogs/{id}: the post goes with its comments. */
export function deleteBlog(id: number): Promise<DeleteResponse> {
  return withBlogErrors(() => api.delete<DeleteResponse>(`/blogs/${id}`), BLOG_ADMIN_FALLBACKS.delete);
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
