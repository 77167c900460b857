import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COMMENT_ADMIN_FALLBACKS } from './comment-errors';
import { commentModerationKeys } from './query-keys';

type CommentActionResponse = { success: boolean; message: string };

/** PUT /api/comments/admin/{id}/approve: the comment shows under its post again. */
export function approveComment(id: number): Promise<CommentActionResponse> {
  return api.put<CommentActionResponse>(`/comments/admin/${id}/approve`, undefined, { fallbackMessage: COMMENT_ADMIN_FALLBACKS.approve });
}

/** PUT /api/comments/admin/{id}/reject: the comment (and the replies under it) is hidden. */
export function rejectComment(id: number): Promise<CommentActionResponse> {
  return api.put<CommentActionResponse>(`/comments/admin/${id}/reject`, undefined, { fallbackMessage: COMMENT_ADMIN_FALLBACKS.reject });
}

/** DELETE /api/comments/admin/{id}: the comment goes with its replies and reactions. */
export function deleteCommentAsAdmin(id: number): Promise<CommentActionResponse> {
  return api.delete<CommentActionResponse>(`/comments/admin/${id}`, { fallbackMessage: COMMENT_ADMIN_FALLBACKS.delete });
}

export type ModerationAction = 'approve' | 'reject' | 'delete';

const CALLS: Record<ModerationAction, (id: number) => Promise<CommentActionResponse>> = {
  approve: approveComment,
  reject: rejectComment,
  delete: deleteCommentAsAdmin,
};

/** One mutation for the three actions; every comment list (the public ones too) is refetched after. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) => CALLS[action](id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentModerationKeys.all }),
  });
}
