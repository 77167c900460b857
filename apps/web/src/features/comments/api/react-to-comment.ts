import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { COMMENT_MSG, nextReaction, type CommentListResponse, type ReactionResponse, type ReactionType } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { shiftReactionCounts, updateCommentInPages } from './comment-tree';
import { blogCommentsQueryKey } from './get-blog-comments';
import { myReactionQueryKey, type MyReaction } from './get-my-reaction';
import { visitorHeaders } from './visitor-id';

/** Carries no token but the visitor id: the same reaction again removes it, the other one moves it. */
export function reactToComment(commentId: number, reactionType: ReactionType): Promise<ReactionResponse> {
  return api.post<ReactionResponse>(
    `/comments/${commentId}/react`,
    { reactionType },
    { auth: false, fallbackMessage: 'Failed to add reaction', headers: visitorHeaders() },
  );
}

type Optimistic = { previous: ReactionType | null; next: ReactionType | null };

/** Shows the new reaction and counts at once, and takes them back if the server refuses. */
export function useReactToComment(postId: number, commentId: number) {
  const queryClient = useQueryClient();
  const mineKey = myReactionQueryKey(commentId);
  const listKey = blogCommentsQueryKey(postId);

  function apply(from: ReactionType | null, to: ReactionType | null) {
    queryClient.setQueryData<MyReaction>(mineKey, { reactionType: to });
    queryClient.setQueryData<InfiniteData<CommentListResponse, number>>(listKey, (data) =>
      updateCommentInPages(data, commentId, (c) => ({ ...c, ...shiftReactionCounts(c, from, to) })),
    );
  }

  return useMutation({
    mutationFn: (reactionType: ReactionType) => reactToComment(commentId, reactionType),
    onMutate: async (requested): Promise<Optimistic> => {
      // A my-reaction answer still on its way must not overwrite the optimistic one.
      await queryClient.cancelQueries({ queryKey: mineKey });
      const previous = queryClient.getQueryData<MyReaction>(mineKey)?.reactionType ?? null;
      const next = nextReaction(previous, requested);
      apply(previous, next);
      return { previous, next };
    },
    onError: (_error, _requested, optimistic) => {
      if (optimistic) apply(optimistic.next, optimistic.previous);
      toast.error(COMMENT_MSG.reactFailed);
    },
    onSuccess: (result) => {
      // The server's counts include other visitors' reactions made meanwhile.
      queryClient.setQueryData<MyReaction>(mineKey, { reactionType: result?.reaction?.reactionType ?? null });
      if (result && typeof result.likeCount === 'number' && typeof result.dislikeCount === 'number') {
        queryClient.setQueryData<InfiniteData<CommentListResponse, number>>(listKey, (data) =>
          updateCommentInPages(data, commentId, (c) => ({ ...c, likeCount: result.likeCount, dislikeCount: result.dislikeCount })),
        );
      }
    },
  });
}
