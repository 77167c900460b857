import { CREATE_ACCOUNTS_MSG, type CreateAccountsResult } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { useAppointmentMutation } from '@/lib/use-appointment-mutation';

/**
 * POST /api/appointments/bulk/create-accounts: a PATIENT account for each e-mail of the selected
 * appointments that has none, with a temporary password shown once; an existing one is skipped.
 */
export function createAccounts(ids: number[], idempotencyKey?: string): Promise<CreateAccountsResult> {
  return api.post<CreateAccountsResult>(
    '/appointments/bulk/create-accounts',
    { ids },
    { fallbackMessage: CREATE_ACCOUNTS_MSG.failed, idempotencyKey },
  );
}

export const useCreateAccounts = () => useAppointmentMutation(useSubmission(createAccounts));
