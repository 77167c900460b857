import { useQuery } from '@tanstack/react-query';
import type { PayPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /payments/mine/{id}: the pay page of one of the signed-in patient's own bookings. */
export function getMyPayPage(id: number, signal?: AbortSignal): Promise<PayPage> {
  return api.get<PayPage>(`/payments/mine/${id}`, { signal, fallbackMessage: 'Failed to fetch payment' });
}

export function useMyPayPage(id: number) {
  return useQuery({
    queryKey: ['payments', 'mine', id] as const,
    queryFn: ({ signal }) => getMyPayPage(id, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
