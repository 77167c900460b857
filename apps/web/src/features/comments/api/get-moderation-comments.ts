import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CommentStatus, type ModerationListResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { COMMENT_ADMIN_FALLBACKS, commentModerationKeys } from './comment-errors';

export const MODERATION_PAGE_SIZE = 10;

/** GET /api/comments/admin?status=: the moderation panel, newest first. */
export function getModerationComments(
  params: { status: CommentStatus; page: number },
  signal?: AbortSignal,
): Promise<ModerationListResponse> {
  return api.get<ModerationListResponse>('/comments/admin', {
    params: { ...params, size: MODERATION_PAGE_SIZE },
    fallbackMessage: COMMENT_ADMIN_FALLBACKS.fetch,
    signal,
  });
}

export function getModerationCommentsQueryOptions(params: { status: CommentStatus; page: number }) {
  return queryOptions({
    queryKey: commentModerationKeys.list(params),
    queryFn: ({ signal }) => getModerationComments(params, signal),
    staleTime: 0,
  });
}

export function useModerationComments(
  params: { status: CommentStatus; page: number },
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...getModerationCommentsQueryOptions(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
