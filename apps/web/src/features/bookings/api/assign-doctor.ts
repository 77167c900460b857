import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/assign-doctor {doctorId}: PENDING → AWAITING_DOCTOR_APPROVAL. */
export function assignDoctor({ id, doctorId }: { id: number; doctorId: number }): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/assign-doctor`,
    { doctorId },
    { fallbackMessage: BOOKING_UI_MSG.assignApiFailed },
  );
}

export const useAssignDoctor = () => useAppointmentMutation(assignDoctor);
