import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/request-payment {amount}: CONFIRMED or NEEDS_PAYMENT → PAYMENT_REQUESTED. */
export function requestPayment({ id, amount }: { id: number; amount: number }): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/request-payment`,
    { amount },
    { fallbackMessage: BOOKING_UI_MSG.requestPaymentApiFailed },
  );
}

export const useRequestPayment = () => useAppointmentMutation(requestPayment);
