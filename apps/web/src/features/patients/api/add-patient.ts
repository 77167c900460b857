import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PATIENT_ACCOUNT_MSG, type AddPatientRequest, type AddPatientResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

/** POST /api/patients (ADMIN, STAFF): a PATIENT account, its temporary password shown once. */
export function addPatient(body: AddPatientRequest, idempotencyKey?: string): Promise<AddPatientResponse> {
  return api.post<AddPatientResponse>('/patients', body, {
    fallbackMessage: PATIENT_ACCOUNT_MSG.failed,
    idempotencyKey,
  });
}

export function useAddPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useSubmission(addPatient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });
}
