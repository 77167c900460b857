import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, type Blog } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { withBlogErrors } from './blog-errors';
import { blogAdminKeys } from './query-keys';

type FeaturedResponse = { success: boolean; message: string; blog: Blog };

/** PUT /api/blogs/{id}/featured, no body: the server flips the flag. */
export function toggleFeatured(id: number): Promise<FeaturedResponse> {
  return withBlogErrors(() => api.put<FeaturedResponse>(`/blogs/${id}/featured`), BLOG_MSG.featuredFailed);
}

export function useToggleFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFeatured,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
