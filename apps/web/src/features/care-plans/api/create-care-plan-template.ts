import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CarePlanTemplateSave, carePlanTemplateSavedSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { carePlanKeys } from './query-keys';

export type CarePlanTemplateSaved = z.infer<typeof carePlanTemplateSavedSchema>;

/** POST /api/care-plans/templates (ADMIN): a new template. */
export function createCarePlanTemplate(
  body: CarePlanTemplateSave,
  idempotencyKey?: string,
): Promise<CarePlanTemplateSaved> {
  return api.post<CarePlanTemplateSaved>('/care-plans/templates', body, {
    fallbackMessage: 'Không lưu được mẫu kế hoạch',
    idempotencyKey,
  });
}

export function useCreateCarePlanTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: useSubmission(createCarePlanTemplate),
    onSuccess: () => client.invalidateQueries({ queryKey: carePlanKeys.templates() }),
  });
}
