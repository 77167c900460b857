import { BOOKING_UI_MSG } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** DELETE /api/appointments/{id}: permanent (ADMIN); the audit trail stays. */
export function deleteAppointment(id: number): Promise<{ message: string; id: number }> {
  return api.delete<{ message: string; id: number }>(`/appointments/${id}`, {
    fallbackMessage: BOOKING_UI_MSG.deleteApiFailed,
  });
}

export const useDeleteAppointment = () => useAppointmentMutation(deleteAppointment);
