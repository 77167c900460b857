import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MilestoneTemplate } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { planChanged, type CarePlanChanged } from './changed';

/** POST /api/care-plans/:id/visits: a milestone added to the plan, counted from its anchor. */
export function addCarePlanVisit(
  { id, milestone }: { id: number; milestone: MilestoneTemplate },
  idempotencyKey?: string,
): Promise<CarePlanChanged> {
  return api.post<CarePlanChanged>(`/care-plans/${id}/visits`, milestone, {
    fallbackMessage: 'Không thêm được mốc',
    idempotencyKey,
  });
}

export function useAddCarePlanVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: useSubmission<{ id: number; milestone: MilestoneTemplate }, CarePlanChanged>(addCarePlanVisit),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
