import type { InfiniteData } from '@tanstack/react-query';
import type { Comment, CommentListResponse, ReactionType } from '@clinic/shared';

/** The comment list with one comment (at any depth) changed by `change`. */
export function updateCommentInTree(comments: Comment[], id: number, change: (comment: Comment) => Comment): Comment[] {
  let touched = false;
  const next = comments.map((comment) => {
    if (comment.id === id) {
      touched = true;
      return change(comment);
    }
    if (comment.replies.length === 0) return comment;
    const replies = updateCommentInTree(comment.replies, id, change);
    if (replies === comment.replies) return comment;
    touched = true;
    return { ...comment, replies };
  });
  return touched ? next : comments;
}

export function updateCommentInPages(
  data: InfiniteData<CommentListResponse, number> | undefined,
  id: number,
  change: (comment: Comment) => Comment,
): InfiniteData<CommentListResponse, number> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, comments: updateCommentInTree(page.comments, id, change) })),
  };
}

/** The comment (at any depth) with this id in the loaded pages, if any. */
export function findCommentInPages(
  data: InfiniteData<CommentListResponse, number> | undefined,
  id: number,
): Comment | undefined {
  const find = (comments: Comment[]): Comment | undefined => {
    for (const comment of comments) {
      if (comment.id === id) return comment;
      const found = find(comment.replies);
      if (found) return found;
    }
    return undefined;
  };
  for (const page of data?.pages ?? []) {
    const found = find(page.comments);
    if (found) return found;
  }
  return undefined;
}

export type ReactionCounts = { likeCount: number; dislikeCount: number };

/** The counts after a visitor moves from `from` to `to` (either may be none). */
export function shiftReactionCounts(
  counts: ReactionCounts,
  from: ReactionType | null,
  to: ReactionType | null,
): ReactionCounts {
  if (from === to) return counts;
  const delta = (type: ReactionType) => (to === type ? 1 : 0) - (from === type ? 1 : 0);
  return {
    likeCount: Math.max(0, counts.likeCount + delta('LIKE')),
    dislikeCount: Math.max(0, counts.dislikeCount + delta('DISLIKE')),
  };
}
