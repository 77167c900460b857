import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PATIENT_ACCOUNT_MSG, type AddPatientRequest, type AddPatientResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';

/** POST /api/patients (ADMIN, STAFF): a PATIENT account, its temporary password shown once. */
export function addPatient(body: AddPatientRequest): Promise<AddPatientResponse> {
  return api.post<AddPatientResponse>('/patients', body, { fallbackMessage: PATIENT_ACCOUNT_MSG.failed });
}

export function useAddPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });
}
