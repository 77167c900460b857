import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/doctor-accept {response}: the assigned doctor accepts (→ CONFIRMED). */
export function acceptAssignment({
  id,
  response,
}: {
  id: number;
  response: string;
}): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/doctor-accept`,
    { response: response.trim() || null },
    { fallbackMessage: BOOKING_UI_MSG.acceptApiFailed },
  );
}

export const useAcceptAssignment = () => useAppointmentMutation(acceptAssignment);
