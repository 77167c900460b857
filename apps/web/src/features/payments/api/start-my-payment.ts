import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MSG, type PaymentProvider, type StartPaymentResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

/** POST /payments/mine/{id}/start {method}: as the pay link's, for her own booking. */
export function startMyPayment(
  { id, method }: { id: number; method: PaymentProvider },
  idempotencyKey?: string,
): Promise<StartPaymentResponse> {
  return api.post<StartPaymentResponse>(
    `/payments/mine/${id}/start`,
    { method },
    { fallbackMessage: PAYMENT_MSG.providerUnavailable, idempotencyKey },
  );
}

export function useStartMyPayment() {
  return useMutation({ mutationFn: useSubmission(startMyPayment) });
}
