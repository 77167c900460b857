import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkCarePlan } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** The address of the plan behind a private link, and of her request to stop it. */
export function carePlanLinkPath(token: string, action: '' | '/stop-request' = ''): string {
  return `/care-plans/by-link/${encodeURIComponent(token)}${action}`;
}

/** GET /care-plans/by-link/{token}: the care plan the link's visit belongs to (issue 37), or null. No account: the token is the key. */
export function getCarePlanByLink(token: string, signal?: AbortSignal): Promise<LinkCarePlan> {
  return api.get<LinkCarePlan>(carePlanLinkPath(token), {
    auth: false,
    signal,
    fallbackMessage: 'Không thể tải kế hoạch chăm sóc',
  });
}

/** Under ['appointments']: moving or cancelling the visit changes the plan's timeline. */
export const carePlanByLinkQueryKey = (token: string) => ['appointments', 'care-plans', 'link', token] as const;

export function getCarePlanByLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: carePlanByLinkQueryKey(token),
    queryFn: ({ signal }) => getCarePlanByLink(token, signal),
    // The link's calls are rate limited: one failure is not asked again and again.
    retry: 1,
  });
}

export function useCarePlanByLink(token: string) {
  return useQuery(getCarePlanByLinkQueryOptions(token));
}
