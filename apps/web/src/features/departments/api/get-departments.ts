import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** Every department with its capacity and deposit, as ADMIN's 'Khoa khám' screen shows them. */
export function getDepartments(): Promise<Department[]> {
  return api.get<Department[]>('/appointments/public/departments', { fallbackMessage: 'Failed to fetch departments' });
}

export function getDepartmentsQueryOptions() {
  return queryOptions({ queryKey: ['departments', 'settings'], queryFn: getDepartments });
}

export function useDepartments() {
  return useQuery(getDepartmentsQueryOptions());
}
