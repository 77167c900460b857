import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { planChanged, type CarePlanChanged } from './changed';

/** PUT /api/care-plans/:id/stop (ADMIN, STAFF): the plan stops; its future visits end, with one message to her. */
export function stopCarePlan(id: number, reason: string): Promise<CarePlanChanged> {
  return api.put<CarePlanChanged>(
    `/care-plans/${id}/stop`,
    { reason },
    { fallbackMessage: 'Không dừng được kế hoạch' },
  );
}

export function useStopCarePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => stopCarePlan(id, reason),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
