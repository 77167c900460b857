import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/cancel {reason, refundRequired}: with refundRequired on a PAID one, cancel with refund. */
export function cancelAppointment({
  id,
  reason,
  refundRequired,
}: {
  id: number;
  reason: string;
  refundRequired: boolean;
}): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/cancel`,
    { reason, refundRequired },
    { fallbackMessage: BOOKING_UI_MSG.cancelApiFailed },
  );
}

export const useCancelAppointment = () => useAppointmentMutation(cancelAppointment);
