import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/confirm. */
export function confirmAppointment(id: number): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(`/appointments/${id}/confirm`, undefined, {
    fallbackMessage: BOOKING_UI_MSG.confirmApiFailed,
  });
}

export const useConfirmAppointment = () => useAppointmentMutation(confirmAppointment);
