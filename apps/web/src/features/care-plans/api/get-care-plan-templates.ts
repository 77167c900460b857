import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { carePlanTemplateListSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanKeys } from './query-keys';

export type CarePlanTemplateList = z.infer<typeof carePlanTemplateListSchema>;

/** GET /api/care-plans/templates: the active templates (every one for who manages them). */
export function getCarePlanTemplates(signal?: AbortSignal): Promise<CarePlanTemplateList> {
  return api.get<CarePlanTemplateList>('/care-plans/templates', {
    fallbackMessage: 'Không tải được danh sách mẫu kế hoạch',
    signal,
  });
}

export function useCarePlanTemplates(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: carePlanKeys.templates(), queryFn: ({ signal }) => getCarePlanTemplates(signal) }),
    enabled,
  });
}
