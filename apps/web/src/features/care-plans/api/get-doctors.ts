import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/users/role/DOCTOR: the active doctors, for her preferred doctor. */
export function getDoctors(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/users/role/DOCTOR', { fallbackMessage: 'Không thể tải danh sách bác sĩ', signal });
}

export function useDoctors(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: ['users', 'role', 'DOCTOR'], queryFn: ({ signal }) => getDoctors(signal) }),
    enabled,
  });
}
