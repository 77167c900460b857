import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOOKING_UI_MSG, type ManageActionResponse, type ManageRescheduleRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanByLinkQueryKey } from './get-care-plan-by-link';
import { managedAppointmentQueryKey, managePath } from './get-managed-appointment';

/**
 * POST /appointments/manage/{token}/reschedule {appointmentDate, appointmentTime}: another free slot
 * of the same department, with every booking rule (400 date rules, 409 SLOT_FULL / ALREADY_BOOKED).
 */
export function rescheduleByLink({
  token,
  ...body
}: ManageRescheduleRequest & { token: string }): Promise<ManageActionResponse> {
  return api.post<ManageActionResponse>(managePath(token, '/reschedule'), body, {
    auth: false,
    fallbackMessage: BOOKING_UI_MSG.updateApiFailed,
  });
}

export function useRescheduleByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleByLink,
    onSuccess: (result, { token }) => queryClient.setQueryData(managedAppointmentQueryKey(token), result.appointment),
    // Moved or refused, the places of the slots she looked at have changed.
    onSettled: (_result, _error, { token }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['appointments', 'public', 'availability'] }),
        // Her plan's timeline shows the visit's new day.
        queryClient.invalidateQueries({ queryKey: carePlanByLinkQueryKey(token) }),
      ]),
  });
}
