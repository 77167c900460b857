import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** POST /api/appointments/{id}/handle-payment {status: PAID}. */
export function markPaid(id: number): Promise<AppointmentActionResponse> {
  return api.post<AppointmentActionResponse>(
    `/appointments/${id}/handle-payment`,
    { status: 'PAID' },
    { fallbackMessage: BOOKING_UI_MSG.markPaidApiFailed },
  );
}

export const useMarkPaid = () => useAppointmentMutation(markPaid);
