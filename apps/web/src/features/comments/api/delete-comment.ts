import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COMMENT_ADMIN_FALLBACKS } from './comment-errors';
import { blogCommentsQueryKey } from './get-blog-comments';

/** DELETE /api/comments/admin/{id} (ADMIN and STAFF, with the token): the comment goes with its replies and reactions. */
export function deleteComment(commentId: number): Promise<{ success: boolean; message: string }> {
  return api.delete(`/comments/admin/${commentId}`, { fallbackMessage: COMMENT_ADMIN_FALLBACKS.delete });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCommentsQueryKey(postId) }),
  });
}
