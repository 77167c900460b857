import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingActionResponse, WaitingClaimResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { waitingEntryQueryKey, waitingPath } from './get-waiting-entry';

/** POST /appointments/waiting-list/{token}/claim: the held place becomes her booking. */
export function claimWaitingOffer(token: string): Promise<WaitingClaimResponse> {
  return api.post<WaitingClaimResponse>(waitingPath(token, '/claim'), undefined, {
    auth: false,
    fallbackMessage: 'Không thể nhận chỗ lúc này',
  });
}

/** POST /appointments/waiting-list/{token}/leave: out of the line (a held place passes on). */
export function leaveWaitingList(token: string): Promise<WaitingActionResponse> {
  return api.post<WaitingActionResponse>(waitingPath(token, '/leave'), undefined, {
    auth: false,
    fallbackMessage: 'Không thể rời danh sách chờ lúc này',
  });
}

/** Claimed or refused (the offer lapsed meanwhile), her entry is read again. */
export function useClaimWaitingOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimWaitingOffer,
    onSettled: (_d, _e, token) => queryClient.invalidateQueries({ queryKey: waitingEntryQueryKey(token) }),
  });
}

export function useLeaveWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitingList,
    onSuccess: (result, token) => queryClient.setQueryData(waitingEntryQueryKey(token), result.entry),
    onError: (_e, token) => queryClient.invalidateQueries({ queryKey: waitingEntryQueryKey(token) }),
  });
}
