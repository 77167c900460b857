import { useQuery } from '@tanstack/react-query';
import type { OwedVisits } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/appointments/owed-by-doctor/{id}: his waiting, confirmed and paid visits from today. */
export function getOwedVisits(doctorId: number, signal?: AbortSignal): Promise<OwedVisits> {
  return api.get<OwedVisits>(`/appointments/owed-by-doctor/${doctorId}`, {
    fallbackMessage: 'Không thể tải các lịch hẹn sắp tới của bác sĩ',
    signal,
  });
}

export function useOwedVisits(doctorId: number | null) {
  return useQuery({
    queryKey: ['appointments', 'owed-by-doctor', doctorId ?? 0],
    queryFn: ({ signal }) => getOwedVisits(doctorId!, signal),
    enabled: doctorId !== null,
  });
}
