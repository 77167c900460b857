import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { planChanged, type CarePlanChanged } from './changed';

/** PUT /api/care-plans/:id/visits/:visitId/skip: the milestone is skipped, with a reason. */
export function skipCarePlanVisit(id: number, visitId: number, reason: string): Promise<CarePlanChanged> {
  return api.put<CarePlanChanged>(
    `/care-plans/${id}/visits/${visitId}/skip`,
    { reason },
    { fallbackMessage: 'Không bỏ qua được mốc này' },
  );
}

export function useSkipCarePlanVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visitId, reason }: { id: number; visitId: number; reason: string }) =>
      skipCarePlanVisit(id, visitId, reason),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
