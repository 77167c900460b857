import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import type { CommentCreatedResponse } from './create-comment';
import { blogCommentsQueryKey } from './get-blog-comments';

/** Carries no token (specification section 6): any visitor may reply. */
export function createReply(
  commentId: number,
  body: ReplyInput,
  idempotencyKey?: string,
): Promise<CommentCreatedResponse> {
  return api.post<CommentCreatedResponse>(`/comments/${commentId}/reply`, body, {
    auth: false,
    fallbackMessage: 'Failed to create reply',
    idempotencyKey,
  });
}

export function useCreateReply(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useSubmission(({ commentId, body }: { commentId: number; body: ReplyInput }, key: string) =>
      createReply(commentId, body, key),
    ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCommentsQueryKey(postId) }),
  });
}
