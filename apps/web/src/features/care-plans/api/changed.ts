import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { carePlanChangedSchema } from '@clinic/shared';
import { APPOINTMENT_KEYS, carePlanKeys } from './query-keys';

export type CarePlanChanged = z.infer<typeof carePlanChangedSchema>;

/** After a change to a plan: its detail is the answer, and every list and appointment view is refreshed. */
export function planChanged(client: QueryClient, changed: CarePlanChanged) {
  client.setQueryData(carePlanKeys.detail(changed.plan.id), changed.plan);
  return Promise.all([carePlanKeys.all, ...APPOINTMENT_KEYS].map((queryKey) => client.invalidateQueries({ queryKey })));
}
