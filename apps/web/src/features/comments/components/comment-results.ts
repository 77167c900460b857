import { COMMENT_MSG, type Comment } from '@clinic/shared';
import { ApiError } from '@/lib/api-client';

/** Whether the server held the new comment for approval (COMMENT_MODERATION=pre). */
export function isPendingModeration(
  result: { message?: string; comment?: Pick<Comment, 'status'> } | undefined,
): boolean {
  return result?.comment?.status === 'PENDING' || result?.message === COMMENT_MSG.pending;
}

/** The server's own reason, worth showing when it is about what was sent (a limit, too many tries). */
export function serverReason(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 400 || error.status === 429) ? error.message : null;
}
