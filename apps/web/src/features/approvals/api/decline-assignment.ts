import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/doctor-decline {reason}: back to PENDING for the staff to assign another doctor. */
export function declineAssignment({ id, reason }: { id: number; reason: string }): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/doctor-decline`,
    { reason: reason.trim() },
    { fallbackMessage: BOOKING_UI_MSG.declineApiFailed },
  );
}

export const useDeclineAssignment = () => useAppointmentMutation(declineAssignment);
