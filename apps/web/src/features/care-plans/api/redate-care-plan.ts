import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarePlanRedateRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { planChanged, type CarePlanChanged } from './changed';

/** POST /api/care-plans/:id/redate: the new anchor and the moves staff confirmed; she is told once. */
export function redateCarePlan(id: number, body: CarePlanRedateRequest): Promise<CarePlanChanged> {
  return api.post<CarePlanChanged>(`/care-plans/${id}/redate`, body, {
    fallbackMessage: 'Không cập nhật được mốc tính',
  });
}

export function useRedateCarePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CarePlanRedateRequest }) => redateCarePlan(id, body),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
