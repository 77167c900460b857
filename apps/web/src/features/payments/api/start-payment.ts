import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MSG, type PaymentProvider, type StartPaymentResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { payPath } from './get-pay-page';

/** POST /payments/pay/{token}/start {method}: a new attempt, and where to pay it (the provider's page or a VietQR). */
export function startPayment(
  {
    token,
    method,
  }: {
    token: string;
    method: PaymentProvider;
  },
  idempotencyKey?: string,
): Promise<StartPaymentResponse> {
  return api.post<StartPaymentResponse>(
    payPath(token, '/start'),
    { method },
    { auth: false, fallbackMessage: PAYMENT_MSG.providerUnavailable, idempotencyKey },
  );
}

export function useStartPayment() {
  return useMutation({ mutationFn: useSubmission(startPayment) });
}
