import { USER_MSG, type ImportResult } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** POST /api/users/import, multipart with the workbook in the field `file`; 400 or 413 with a message. */
export function importUsers(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportResult>('/users/import', form, { fallbackMessage: USER_MSG.importFailed });
}

export const useImportUsers = () => useUserMutation(importUsers);
