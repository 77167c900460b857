import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { carePlanDashboardSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type CarePlanSummary = z.infer<typeof carePlanDashboardSchema>;

/** GET /api/care-plans/summary: plans running by kind, and this month's milestone visits inside their window. */
export function getCarePlanSummary(signal?: AbortSignal): Promise<CarePlanSummary> {
  return api.get<CarePlanSummary>('/care-plans/summary', {
    fallbackMessage: 'Không tải được số liệu kế hoạch chăm sóc',
    signal,
  });
}

export function useCarePlanSummary(enabled: boolean) {
  return useQuery({
    // Under 'care-plans', so a plan started or stopped refreshes it.
    ...queryOptions({
      queryKey: ['care-plans', 'summary'],
      queryFn: ({ signal }) => getCarePlanSummary(signal),
      staleTime: 30_000,
    }),
    enabled,
  });
}
