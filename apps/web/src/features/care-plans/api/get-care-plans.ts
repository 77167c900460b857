import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CarePlanKind, CarePlanStatus, carePlanPageSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanKeys } from './query-keys';

export type CarePlanPage = z.infer<typeof carePlanPageSchema>;
export const CARE_PLAN_PAGE_SIZE = 20;

/** What the list asks the server (carePlanListQuerySchema): a page, its size and the filters set. */
export type CarePlanListParams = {
  page: number;
  size: number;
  kind?: CarePlanKind | undefined;
  status?: CarePlanStatus | undefined;
  nextBefore?: string | undefined;
  q?: string | undefined;
};

/** GET /api/care-plans: one page of plans, filtered on the server. */
export function getCarePlans(query: CarePlanListParams, signal?: AbortSignal): Promise<CarePlanPage> {
  return api.get<CarePlanPage>('/care-plans', {
    params: query,
    fallbackMessage: 'Không tải được danh sách kế hoạch chăm sóc',
    signal,
  });
}

export function useCarePlans(query: CarePlanListParams) {
  return useQuery({
    ...queryOptions({ queryKey: carePlanKeys.list(query), queryFn: ({ signal }) => getCarePlans(query, signal) }),
    placeholderData: keepPreviousData,
  });
}
