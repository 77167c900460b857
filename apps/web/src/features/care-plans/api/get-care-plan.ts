import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarePlan } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanKeys } from './query-keys';

/** GET /api/care-plans/:id: the plan and every visit of it. */
export function getCarePlan(id: number, signal?: AbortSignal): Promise<CarePlan> {
  return api.get<CarePlan>(`/care-plans/${id}`, { fallbackMessage: 'Không tải được kế hoạch chăm sóc', signal });
}

export function useCarePlan(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: carePlanKeys.detail(id ?? 0),
      queryFn: ({ signal }) => getCarePlan(id!, signal),
    }),
    enabled: id !== null,
  });
}
