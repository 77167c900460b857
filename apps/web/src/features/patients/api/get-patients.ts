import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PATIENT_MSG,
  PATIENT_PAGE_SIZE,
  type PatientDetail,
  type PatientFilter,
  type PatientPage,
} from '@clinic/shared';
import { api } from '@/lib/api-client';

export type PatientListParams = { page: number; q: string; filter: PatientFilter };

export const patientKeys = {
  list: (params: PatientListParams) => ['patients', 'list', params] as const,
  detail: (email: string) => ['patients', 'detail', email] as const,
};

/** GET /api/patients: one page of patients (a doctor: his own), with the three cards. */
export function getPatients(params: PatientListParams, signal?: AbortSignal): Promise<PatientPage> {
  return api.get<PatientPage>('/patients', {
    params: { page: params.page, size: PATIENT_PAGE_SIZE, q: params.q, filter: params.filter },
    fallbackMessage: PATIENT_MSG.loadFailed,
    signal,
  });
}

export function usePatients(params: PatientListParams) {
  return useQuery({
    ...queryOptions({ queryKey: patientKeys.list(params), queryFn: ({ signal }) => getPatients(params, signal) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/patients/detail?email=: the patient and the visits the caller may see. */
export function getPatientDetail(email: string, signal?: AbortSignal): Promise<PatientDetail> {
  return api.get<PatientDetail>('/patients/detail', {
    params: { email },
    fallbackMessage: PATIENT_MSG.loadFailed,
    signal,
  });
}

export function usePatientDetail(email: string) {
  return useQuery(
    queryOptions({ queryKey: patientKeys.detail(email), queryFn: ({ signal }) => getPatientDetail(email, signal) }),
  );
}
