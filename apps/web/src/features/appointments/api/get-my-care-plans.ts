import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientCarePlan } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const MY_CARE_PLANS_FAILED = 'Không thể tải kế hoạch chăm sóc của bạn';

/** GET /care-plans/mine: the signed-in patient's own care plans (issue 37), each with its visits. */
export async function getMyCarePlans(signal?: AbortSignal): Promise<PatientCarePlan[]> {
  const answer = await api.get<{ plans: PatientCarePlan[] }>('/care-plans/mine', {
    signal,
    fallbackMessage: MY_CARE_PLANS_FAILED,
  });
  return answer.plans;
}

/** Under ['appointments']: a visit she cancels or moves changes her plan's timeline too. Keyed by the token: never another account's plans. */
export const myCarePlansQueryKey = (token: string) => ['appointments', 'care-plans', 'mine', token] as const;

export function getMyCarePlansQueryOptions(token: string) {
  return queryOptions({
    queryKey: myCarePlansQueryKey(token),
    queryFn: ({ signal }) => getMyCarePlans(signal),
  });
}

/** Asked only for a patient's account (the page knows): no other role has plans of its own. */
export function useMyCarePlans(token: string | null) {
  return useQuery({ ...getMyCarePlansQueryOptions(token ?? ''), enabled: !!token });
}
