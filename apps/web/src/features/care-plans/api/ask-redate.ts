import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarePlanRedateRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { planChanged, type CarePlanChanged } from './changed';

/**
 * POST /api/care-plans/:id/redate/request (a doctor): the new anchor and the slots he saw, kept on
 * the plan until the desk confirms; nothing moves and she is told nothing before that.
 */
export function askRedate(id: number, body: CarePlanRedateRequest): Promise<CarePlanChanged> {
  return api.post<CarePlanChanged>(`/care-plans/${id}/redate/request`, body, {
    fallbackMessage: 'Không gửi được đề xuất đổi mốc tính',
  });
}

export function useAskRedate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CarePlanRedateRequest }) => askRedate(id, body),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
