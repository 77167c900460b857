import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MSG, type PaymentProvider, type StartPaymentResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** POST /payments/mine/{id}/start {method}: as the pay link's, for her own booking. */
export function startMyPayment({ id, method }: { id: number; method: PaymentProvider }): Promise<StartPaymentResponse> {
  return api.post<StartPaymentResponse>(
    `/payments/mine/${id}/start`,
    { method },
    { fallbackMessage: PAYMENT_MSG.providerUnavailable },
  );
}

export function useStartMyPayment() {
  return useMutation({ mutationFn: startMyPayment });
}
