import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /appointments/{id}/cancel {reason}: a patient cancels her own while it waits (PENDING, AWAITING_DOCTOR_APPROVAL). */
export function cancelMyAppointment({
  id,
  reason,
}: {
  id: number;
  reason: string;
}): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/cancel`,
    { reason },
    { fallbackMessage: BOOKING_UI_MSG.cancelApiFailed },
  );
}

/** On success My Appointments (under ['appointments']) is fetched again. */
export const useCancelMyAppointment = () => useAppointmentMutation(cancelMyAppointment);
