import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingListJoinInput, WaitingListJoinResponse } from '@clinic/shared';
import { getAvailabilityQueryOptions } from '@/api/check-availability';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

/** POST /appointments/waiting-list: wait for a full slot; the answer carries her private link's token. */
export function joinWaitingList(body: WaitingListJoinInput, idempotencyKey?: string): Promise<WaitingListJoinResponse> {
  return api.post<WaitingListJoinResponse>('/appointments/waiting-list', body, {
    auth: false,
    fallbackMessage: 'Không thể ghi tên vào danh sách chờ',
    idempotencyKey,
  });
}

export function useJoinWaitingList() {
  const queryClient = useQueryClient();
  const submit = useSubmission(joinWaitingList);
  return useMutation({
    mutationFn: submit,
    // Joined or refused (a place may have freed), the slot's answer may have changed.
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({
        queryKey: getAvailabilityQueryOptions({
          date: body.appointmentDate,
          time: body.appointmentTime,
          department: body.department,
        }).queryKey,
      }),
  });
}
