import type { AppointmentActionResponse, DeskAppointmentInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** POST /api/appointments/desk: a walk-in or a phone call booked by staff (PRODUCT.md section 11). */
export function createDeskAppointment(data: DeskAppointmentInput): Promise<AppointmentActionResponse> {
  return api.post<AppointmentActionResponse>('/appointments/desk', data, {
    fallbackMessage: 'Failed to create appointment',
  });
}

export const useCreateDeskAppointment = () => useAppointmentMutation(createDeskAppointment);
