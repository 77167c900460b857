import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { COMMENT_LIMITS, COMMENT_MSG, type CommentListResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { hasVisitorId, visitorHeaders } from './visitor-id';

/** The server answered but said it could not list the comments ('Không thể tải bình luận'). */
export class CommentsUnavailableError extends Error {
  constructor() {
    super(COMMENT_MSG.loadFailed);
    this.name = 'CommentsUnavailableError';
  }
}

/** Sends the visitor id, so each comment comes with this visitor's own `myReaction` (no call per comment). */
export async function getBlogComments(
  postId: number,
  page: number,
  signal?: AbortSignal,
): Promise<CommentListResponse> {
  const result = await api.get<CommentListResponse>(`/comments/blog/${postId}`, {
    auth: false,
    fallbackMessage: 'Failed to fetch comments',
    headers: visitorHeaders(),
    signal,
    params: { page, size: COMMENT_LIMITS.pageSize },
  });
  if (!result || result.success === false || !Array.isArray(result.comments)) throw new CommentsUnavailableError();
  return result;
}

export function blogCommentsQueryKey(postId: number) {
  return ['comments', 'blog', postId] as const;
}

/** Top-level comments newest first, each with its replies oldest first (the server's order), a page at a time. */
export function getBlogCommentsQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: blogCommentsQueryKey(postId),
    queryFn: ({ pageParam, signal }) => getBlogComments(postId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CommentListResponse) => (last.page < last.totalPages ? last.page + 1 : undefined),
    // New comments from other visitors matter more here than elsewhere.
    staleTime: 30_000,
  });
}

export function useBlogComments(postId: number) {
  return useInfiniteQuery(getBlogCommentsQueryOptions(postId));
}

/**
 * A post drawn by the server comes with its comments as every reader sees them, none of her own
 * reactions: a reader who may have reacted from this browser reads them again once the page is live.
 */
export function rereadOwnReactions(client: QueryClient): void {
  if (hasVisitorId()) void client.invalidateQueries({ queryKey: ['comments', 'blog'], refetchType: 'none' });
}
