import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** What the booking form needs of a department (the built-in fallback list has no capacity and no deposit). */
export type BookingDepartment = Pick<Department, 'code' | 'departmentName' | 'specialtyName'> &
  Partial<Pick<Department, 'depositAmount'>>;

export function getPublicDepartments(): Promise<BookingDepartment[]> {
  return api.get<BookingDepartment[]>('/appointments/public/departments', {
    auth: false,
    fallbackMessage: 'Failed to fetch departments',
  });
}

export function getPublicDepartmentsQueryOptions() {
  return queryOptions({
    queryKey: ['appointments', 'public', 'departments'],
    queryFn: getPublicDepartments,
    // The form has a built-in list to fall back on: one quick retry, not the default long back-off.
    retry: 1,
  });
}

export function usePublicDepartments() {
  return useQuery(getPublicDepartmentsQueryOptions());
}
