import { useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** GET /api/users/role/DOCTOR: the active doctors, in name order (who can take a deactivated doctor's visits). */
export function getActiveDoctors(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/users/role/DOCTOR', { fallbackMessage: 'Không thể tải danh sách bác sĩ', signal });
}

export const useActiveDoctors = (enabled: boolean) =>
  useQuery({ queryKey: ['users', 'role', 'DOCTOR'], queryFn: ({ signal }) => getActiveDoctors(signal), enabled });
