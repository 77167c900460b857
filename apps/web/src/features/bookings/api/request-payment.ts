import { BOOKING_UI_MSG, type AppointmentActionResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/** PUT /api/appointments/{id}/request-payment {amount}: CONFIRMED or NEEDS_PAYMENT → PAYMENT_REQUESTED. */
export function requestPayment(
  { id, amount }: { id: number; amount: number },
  idempotencyKey?: string,
): Promise<AppointmentActionResponse> {
  return api.put<AppointmentActionResponse>(
    `/appointments/${id}/request-payment`,
    { amount },
    { fallbackMessage: BOOKING_UI_MSG.requestPaymentApiFailed, idempotencyKey },
  );
}

export const useRequestPayment = () => useAppointmentMutation(useSubmission(requestPayment));
