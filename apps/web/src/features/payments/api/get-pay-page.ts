import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const payPath = (token: string, action: '' | '/start' = '') =>
  `/payments/pay/${encodeURIComponent(token)}${action}`;

/** GET /payments/pay/{token}: the clinic, the visit, the amount and the methods. No account: the token is the key. */
export function getPayPage(token: string, signal?: AbortSignal): Promise<PayPage> {
  return api.get<PayPage>(payPath(token), { auth: false, signal, fallbackMessage: 'Failed to fetch payment' });
}

export function getPayPageQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['payments', 'pay', token] as const,
    queryFn: ({ signal }) => getPayPage(token, signal),
    staleTime: 0,
    // Back from her banking app after a VietQR transfer, she sees it paid without reloading.
    refetchOnWindowFocus: true,
  });
}

export function usePayPage(token: string) {
  return useQuery(getPayPageQueryOptions(token));
}
