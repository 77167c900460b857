import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type ManageActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanByLinkQueryKey } from './get-care-plan-by-link';
import { managedAppointmentQueryKey, managePath } from './get-managed-appointment';

/** POST /appointments/manage/{token}/cancel {reason}: cancels through the private link, with My Appointments' rules. */
export function cancelByLink({ token, reason }: { token: string; reason: string }): Promise<ManageActionResponse> {
  return api.post<ManageActionResponse>(
    managePath(token, '/cancel'),
    { reason },
    { auth: false, fallbackMessage: BOOKING_UI_MSG.cancelApiFailed },
  );
}

/** On success the page shows the appointment the server answered with. */
export function useCancelByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelByLink,
    onSuccess: (result, { token }) => {
      queryClient.setQueryData(managedAppointmentQueryKey(token), result.appointment);
      // A visit of a care plan cancelled shows as missed on her plan.
      void queryClient.invalidateQueries({ queryKey: carePlanByLinkQueryKey(token) });
    },
  });
}
