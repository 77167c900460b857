import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { planChanged, type CarePlanChanged } from './changed';

/** DELETE /api/care-plans/:id/redate/request (ADMIN, STAFF): a doctor's re-dating turned down; the plan stays. */
export function declineRedate(id: number): Promise<CarePlanChanged> {
  return api.delete<CarePlanChanged>(`/care-plans/${id}/redate/request`, {
    fallbackMessage: 'Không bỏ được đề xuất đổi mốc tính',
  });
}

export function useDeclineRedate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => declineRedate(id),
    onSuccess: (changed) => planChanged(client, changed),
  });
}
