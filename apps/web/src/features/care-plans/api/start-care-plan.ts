import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CarePlanStartRequest, carePlanStartedSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { APPOINTMENT_KEYS, carePlanKeys } from './query-keys';

export type CarePlanStarted = z.infer<typeof carePlanStartedSchema>;

/** POST /api/care-plans: the plan and every visit with a slot booked at once, all or none. */
export function startCarePlan(body: CarePlanStartRequest, idempotencyKey?: string): Promise<CarePlanStarted> {
  return api.post<CarePlanStarted>('/care-plans', body, {
    fallbackMessage: 'Không tạo được kế hoạch chăm sóc',
    idempotencyKey,
  });
}

export function useStartCarePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: useSubmission(startCarePlan),
    onSuccess: () =>
      Promise.all([carePlanKeys.all, ...APPOINTMENT_KEYS].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
