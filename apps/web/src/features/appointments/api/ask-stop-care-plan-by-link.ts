import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STOP_REQUEST_FAILED } from './ask-stop-my-care-plan';
import { carePlanByLinkQueryKey, carePlanLinkPath } from './get-care-plan-by-link';

/** POST /care-plans/by-link/{token}/stop-request: she asks, through her private link, the clinic to stop her plan. */
export function askStopCarePlanByLink(token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(carePlanLinkPath(token, '/stop-request'), undefined, {
    auth: false,
    fallbackMessage: STOP_REQUEST_FAILED,
  });
}

/** On success the plan is read again: the request's date shows on it. */
export function useAskStopCarePlanByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askStopCarePlanByLink,
    onSuccess: (_result, token) => queryClient.invalidateQueries({ queryKey: carePlanByLinkQueryKey(token) }),
  });
}
