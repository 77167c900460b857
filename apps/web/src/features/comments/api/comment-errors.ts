/** API fallbacks of specification section 8 for the staff's comment calls. */
export const COMMENT_ADMIN_FALLBACKS = {
  fetch: 'Failed to fetch comments',
  delete: 'Failed to delete comment',
  approve: 'Failed to approve comment',
  reject: 'Failed to reject comment',
} as const;

/**
 * Every comment list starts with 'comments': after a moderation both the panel and the public
 * lists under the posts are refetched.
 */
export const commentModerationKeys = {
  all: ['comments'] as const,
  lists: () => ['comments', 'admin', 'list'] as const,
  list: (params: { status: 'PENDING' | 'APPROVED' | 'REJECTED'; page: number }) =>
    ['comments', 'admin', 'list', params] as const,
};
