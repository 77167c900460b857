import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentEvent } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/appointments/{id}/history: who did what, when (the detail modal's timeline). */
export function getAppointmentTrail(id: number, signal?: AbortSignal): Promise<AppointmentEvent[]> {
  return api.get<AppointmentEvent[]>(`/appointments/${id}/history`, {
    fallbackMessage: 'Không thể tải lịch sử thay đổi',
    signal,
  });
}

export function useAppointmentTrail(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.trail(id ?? 0),
      queryFn: ({ signal }) => getAppointmentTrail(id!, signal),
      staleTime: 0,
    }),
    enabled: id !== null,
  });
}
