/** API fallbacks of specification section 8 for the admin comment calls (shared/ has none for these). */
export const COMMENT_ADMIN_FALLBACKS = {
  fetch: 'Failed to fetch comments',
  delete: 'Failed to delete comment',
  approve: 'Failed to approve comment',
  reject: 'Failed to reject comment',
} as const;
