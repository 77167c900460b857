import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  COMMENT_MSG,
  nextReaction,
  type CommentListResponse,
  type ReactionResponse,
  type ReactionType,
} from '@clinic/shared';
import { api } from '@/lib/api-client';
import { findCommentInPages, shiftReactionCounts, updateCommentInPages } from './comment-tree';
import { blogCommentsQueryKey } from './get-blog-comments';
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
type CommentPages = InfiniteData<CommentListResponse, number>;

/**
 * Shows the new reaction and counts at once, and takes them back if the server refuses. The
 * visitor's reaction lives on the comment in the list (`myReaction`), so the list is the one cache.
 */
export function useReactToComment(postId: number, commentId: number) {
  const queryClient = useQueryClient();
  const listKey = blogCommentsQueryKey(postId);

  function apply(from: ReactionType | null, to: ReactionType | null) {
    queryClient.setQueryData<CommentPages>(listKey, (data) =>
      updateCommentInPages(data, commentId, (c) => ({ ...c, myReaction: to, ...shiftReactionCounts(c, from, to) })),
    );
  }

  return useMutation({
    mutationFn: (reactionType: ReactionType) => reactToComment(commentId, reactionType),
    onMutate: async (requested): Promise<Optimistic> => {
      // A list answer still on its way must not overwrite the optimistic reaction.
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous =
        findCommentInPages(queryClient.getQueryData<CommentPages>(listKey), commentId)?.myReaction ?? null;
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
      const myReaction = result?.reaction?.reactionType ?? null;
      const counts =
        result && typeof result.likeCount === 'number' && typeof result.dislikeCount === 'number'
          ? { likeCount: result.likeCount, dislikeCount: result.dislikeCount }
          : {};
      queryClient.setQueryData<CommentPages>(listKey, (data) =>
        updateCommentInPages(data, commentId, (c) => ({ ...c, myReaction, ...counts })),
      );
    },
  });
}
