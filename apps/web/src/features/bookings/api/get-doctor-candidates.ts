import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorCandidate } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/appointments/{id}/doctor-candidates: doctors of the department, general practice, or no specialty. */
export function getDoctorCandidates(id: number, signal?: AbortSignal): Promise<DoctorCandidate[]> {
  return api.get<DoctorCandidate[]>(`/appointments/${id}/doctor-candidates`, {
    fallbackMessage: 'Không thể tải danh sách bác sĩ',
    signal,
  });
}

export function useDoctorCandidates(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.candidates(id ?? 0),
      queryFn: ({ signal }) => getDoctorCandidates(id!, signal),
    }),
    enabled: id !== null,
  });
}
