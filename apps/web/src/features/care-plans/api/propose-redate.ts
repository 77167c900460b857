import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CarePlanAnchor, carePlanRedateProposalSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type CarePlanRedateProposal = z.infer<typeof carePlanRedateProposalSchema>;

/** POST /api/care-plans/:id/redate/proposal: the remaining visits in their new windows; nothing moves. */
export function proposeRedate(
  id: number,
  body: { anchor: CarePlanAnchor; anchorDate: string },
): Promise<CarePlanRedateProposal> {
  return api.post<CarePlanRedateProposal>(`/care-plans/${id}/redate/proposal`, body, {
    fallbackMessage: 'Không đề xuất được lịch mới',
  });
}

export function useProposeRedate() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; anchor: CarePlanAnchor; anchorDate: string }) =>
      proposeRedate(id, body),
  });
}
