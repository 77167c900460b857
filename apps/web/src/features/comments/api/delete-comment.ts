import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogCommentsQueryKey } from './get-blog-comments';

/** ADMIN and STAFF only: this one carries the token. */
export function deleteComment(commentId: number): Promise<{ success: boolean; message: string }> {
  return api.delete(`/comments/admin/${commentId}`, { fallbackMessage: 'Failed to delete comment' });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCommentsQueryKey(postId) }),
  });
}
