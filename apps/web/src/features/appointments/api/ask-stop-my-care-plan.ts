import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const STOP_REQUEST_FAILED = 'Không thể gửi yêu cầu dừng kế hoạch lúc này. Vui lòng thử lại.';

/** POST /care-plans/mine/{id}/stop-request: she asks the clinic to stop her plan; staff stop it after calling her. */
export function askStopMyCarePlan(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/care-plans/mine/${id}/stop-request`, undefined, {
    fallbackMessage: STOP_REQUEST_FAILED,
  });
}

/** On success her plans are read again: the request's date shows on the plan. */
export function useAskStopMyCarePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askStopMyCarePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'care-plans', 'mine'] }),
  });
}
