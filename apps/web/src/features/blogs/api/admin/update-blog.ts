import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, type Blog, type BlogInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

/** PUT /api/blogs/{id}. */
export function updateBlog({ id, input }: { id: number; input: BlogInput }): Promise<Blog> {
  return withBlogErrors(() => api.put<Blog>(`/blogs/${id}`, input), BLOG_MSG.updateFailed);
}

export function useUpdateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
