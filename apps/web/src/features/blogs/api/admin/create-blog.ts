import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, type Blog, type BlogInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

/** POST /api/blogs. */
export function createBlog(input: BlogInput, idempotencyKey?: string): Promise<Blog> {
  return withBlogErrors(() => api.post<Blog>('/blogs', input, { idempotencyKey }), BLOG_MSG.createFailed);
}

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useSubmission(createBlog),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
