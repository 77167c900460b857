import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export const TEMPLATE_FILE_NAME = 'user-import-template.xlsx';
export const TEMPLATE_FAILED = 'Failed to download the template';

/** GET /api/users/import/template: the workbook with the import's header row, saved by the browser. */
export async function downloadImportTemplate(): Promise<void> {
  const { blob } = await api.download('/users/import/template', { fallbackMessage: TEMPLATE_FAILED });
  saveFile(blob, TEMPLATE_FILE_NAME);
}

export function useDownloadImportTemplate() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
