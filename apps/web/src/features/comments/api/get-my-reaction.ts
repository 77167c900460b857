import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactionType } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { visitorHeaders } from './visitor-id';

export type MyReaction = { reactionType: ReactionType | null };

/** This visitor's reaction to a comment (none when it cannot be read: the buttons still work). */
export async function getMyReaction(commentId: number, signal?: AbortSignal): Promise<MyReaction> {
  const result = await api.get<{ success: boolean; reaction?: MyReaction | null }>(`/comments/${commentId}/my-reaction`, {
    auth: false,
    fallbackMessage: 'Failed to get reaction',
    headers: visitorHeaders(),
    signal,
  });
  return { reactionType: result?.reaction?.reactionType ?? null };
}

export function myReactionQueryKey(commentId: number) {
  return ['comments', commentId, 'my-reaction'] as const;
}

export function getMyReactionQueryOptions(commentId: number) {
  return queryOptions({
    queryKey: myReactionQueryKey(commentId),
    queryFn: ({ signal }) => getMyReaction(commentId, signal),
    retry: false,
  });
}

export function useMyReaction(commentId: number) {
  return useQuery(getMyReactionQueryOptions(commentId));
}
