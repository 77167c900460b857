import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MSG, type PaymentProvider, type StartPaymentResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { managedPayPath } from './get-managed-pay-page';

/** POST /appointments/manage/{token}/pay/start {method}: as the pay link's, through her private link. */
export function startManagedPayment(
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
    managedPayPath(token, '/start'),
    { method },
    { auth: false, fallbackMessage: PAYMENT_MSG.providerUnavailable, idempotencyKey },
  );
}

export function useStartManagedPayment() {
  return useMutation({ mutationFn: useSubmission(startManagedPayment) });
}
