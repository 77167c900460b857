import { useQuery } from '@tanstack/react-query';
import type { PayPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const managedPayPath = (token: string, action: '' | '/start' = '') =>
  `/appointments/manage/${encodeURIComponent(token)}/pay${action}`;

/** GET /appointments/manage/{token}/pay: the pay page of the booking behind her private link. */
export function getManagedPayPage(token: string, signal?: AbortSignal): Promise<PayPage> {
  return api.get<PayPage>(managedPayPath(token), { auth: false, signal, fallbackMessage: 'Failed to fetch payment' });
}

export function useManagedPayPage(token: string) {
  return useQuery({
    queryKey: ['payments', 'managed', token] as const,
    queryFn: ({ signal }) => getManagedPayPage(token, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
