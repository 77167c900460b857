import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarePlanTemplateSave } from '@clinic/shared';
import { api } from '@/lib/api-client';
import type { CarePlanTemplateSaved } from './create-care-plan-template';
import { carePlanKeys } from './query-keys';

/** PUT /api/care-plans/templates/:id (ADMIN): a new version of the template, for new plans only. */
export function updateCarePlanTemplate(id: number, body: CarePlanTemplateSave): Promise<CarePlanTemplateSaved> {
  return api.put<CarePlanTemplateSaved>(`/care-plans/templates/${id}`, body, {
    fallbackMessage: 'Không lưu được mẫu kế hoạch',
  });
}

export function useUpdateCarePlanTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CarePlanTemplateSave }) => updateCarePlanTemplate(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: carePlanKeys.templates() }),
  });
}
