import { BOOKING_UI_MSG, type AppointmentActionResponse, type AppointmentEditRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

export type UpdateAppointmentResponse = AppointmentActionResponse & { changes: string[]; emailQueued: boolean };

/** PUT /api/appointments/{id}: the staff edit (the server re-checks the slot when it changes). */
export function updateAppointment({
  id,
  data,
}: {
  id: number;
  data: AppointmentEditRequest;
}): Promise<UpdateAppointmentResponse> {
  return api.put<UpdateAppointmentResponse>(`/appointments/${id}`, data, {
    fallbackMessage: BOOKING_UI_MSG.updateApiFailed,
  });
}

export const useUpdateAppointment = () => useAppointmentMutation(updateAppointment);
