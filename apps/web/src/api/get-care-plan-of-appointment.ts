import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarePlanOfAppointment } from '@clinic/shared';
import { api } from '@/lib/api-client';

/**
 * GET /care-plans/of-appointment/{id}: the care plan a visit belongs to (issue 37), which of its
 * visits it is and where she is that day; plan null when none. For whoever may read the appointment.
 */
export function getCarePlanOfAppointment(id: number, signal?: AbortSignal): Promise<CarePlanOfAppointment> {
  return api.get<CarePlanOfAppointment>(`/care-plans/of-appointment/${id}`, {
    signal,
    fallbackMessage: 'Không thể tải kế hoạch chăm sóc của lượt khám này',
  });
}

/** Under ['care-plans']: every change to a plan (skip, add, re-date, stop) refreshes it. */
export const carePlanOfAppointmentQueryKey = (id: number) => ['care-plans', 'of-appointment', id] as const;

export function getCarePlanOfAppointmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: carePlanOfAppointmentQueryKey(id),
    queryFn: ({ signal }) => getCarePlanOfAppointment(id, signal),
  });
}

export function useCarePlanOfAppointment(id: number) {
  return useQuery(getCarePlanOfAppointmentQueryOptions(id));
}
