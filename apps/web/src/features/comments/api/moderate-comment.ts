import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COMMENT_ADMIN_FALLBACKS, commentModerationKeys } from './comment-errors';
import { deleteComment } from './delete-comment';

type CommentActionResponse = { success: boolean; message: string };

/** PUT /api/comments/admin/{id}/approve: the comment shows under its post again. */
export function approveComment(id: number): Promise<CommentActionResponse> {
  return api.put<CommentActionResponse>(`/comments/admin/${id}/approve`, undefined, {
    fallbackMessage: COMMENT_ADMIN_FALLBACKS.approve,
  });
}

/** PUT /api/comments/admin/{id}/reject: the comment (and the replies under it) is hidden. */
export function rejectComment(id: number): Promise<CommentActionResponse> {
  return api.put<CommentActionResponse>(`/comments/admin/${id}/reject`, undefined, {
    fallbackMessage: COMMENT_ADMIN_FALLBACKS.reject,
  });
}

export type ModerationAction = 'approve' | 'reject' | 'delete';

const CALLS: Record<ModerationAction, (id: number) => Promise<CommentActionResponse>> = {
  approve: approveComment,
  reject: rejectComment,
  delete: deleteComment,
};

/** One mutation for the three actions; every comment list (the public ones too) is refetched after. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) => CALLS[action](id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentModerationKeys.all }),
  });
}
