import type { AppointmentActionResponse, DeskAppointmentInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** POST /api/appointments/desk: a walk-in or a phone call booked by staff (docs/PRODUCT.md §11). */
export function createDeskAppointment(
  data: DeskAppointmentInput,
  idempotencyKey?: string,
): Promise<AppointmentActionResponse> {
  return api.post<AppointmentActionResponse>('/appointments/desk', data, {
    fallbackMessage: 'Failed to create appointment',
    idempotencyKey,
  });
}

export const useCreateDeskAppointment = () => useAppointmentMutation(useSubmission(createDeskAppointment));
