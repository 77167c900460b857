import { useQuery } from '@tanstack/react-query';
import type { PaymentReturn } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /payments/return?{the provider's return}: its signature checked, the attempt's status as the IPN left it. */
export function getPaymentReturn(search: string, signal?: AbortSignal): Promise<PaymentReturn> {
  // Handed on exactly as the provider sent it: every field is signed, and an empty one (MoMo's
  // extraData) dropped on the way would fail the signature.
  return api.get<PaymentReturn>(`/payments/return${search}`, {
    auth: false,
    signal,
    fallbackMessage: 'Failed to fetch payment',
  });
}

/** The IPN may come a moment after the browser: asked again every 2 s while it is still pending. */
export function usePaymentReturn(search: string) {
  return useQuery({
    queryKey: ['payments', 'return', search] as const,
    queryFn: ({ signal }) => getPaymentReturn(search, signal),
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 2000 : false),
  });
}
