import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /payments/methods: what the clinic takes online now (none in production without provider keys). */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethods> {
  return api.get<PaymentMethods>('/payments/methods', {
    auth: false,
    signal,
    fallbackMessage: 'Failed to fetch payment methods',
  });
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'methods'] as const,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether to offer 'Thanh toán trực tuyến' at all: false only once the server said it takes no
 * method; while unknown the button stays (the pay page then says what it can).
 */
export function useOnlinePaymentOffered(): boolean {
  const { data } = useQuery(getPaymentMethodsQueryOptions());
  return data ? data.methods.length > 0 : true;
}
