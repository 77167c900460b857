import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { blogCommentsQueryKey } from './get-blog-comments';

export type CommentCreatedResponse = { success: boolean; message: string; comment: Comment };

/** Carries no token (specification section 6): any visitor may comment. */
export function createComment(
  postId: number,
  body: CommentInput,
  idempotencyKey?: string,
): Promise<CommentCreatedResponse> {
  return api.post<CommentCreatedResponse>(`/comments/blog/${postId}`, body, {
    auth: false,
    fallbackMessage: 'Failed to create comment',
    idempotencyKey,
  });
}

export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useSubmission((body: CommentInput, key: string) => createComment(postId, body, key)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCommentsQueryKey(postId) }),
  });
}
