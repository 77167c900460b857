import { useMutation } from '@tanstack/react-query';
import type { CarePlanProposal, CarePlanProposalRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** POST /api/care-plans/proposal: every visit's window and the first free slot in it; nothing is booked. */
export function proposeCarePlan(body: CarePlanProposalRequest): Promise<CarePlanProposal> {
  return api.post<CarePlanProposal>('/care-plans/proposal', body, { fallbackMessage: 'Không đề xuất được lịch' });
}

export function useProposeCarePlan() {
  return useMutation({ mutationFn: proposeCarePlan });
}
