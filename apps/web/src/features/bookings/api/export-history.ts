import { useMutation } from '@tanstack/react-query';
import { APPOINTMENT_MSG, type HistoryFilterInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/appointments/history/export: the server streams the CSV of the filter (UTF-8 with a BOM,
 * booking-history-{date}.csv); the browser saves it under the server's file name.
 */
export async function exportBookingHistory(filter: HistoryFilterInput): Promise<{ fileName: string }> {
  const { blob, fileName } = await api.download('/appointments/history/export', {
    params: filter,
    fallbackMessage: APPOINTMENT_MSG.nothingToExport,
  });
  const name = fileName ?? 'booking-history.csv';
  saveFile(blob, name);
  return { fileName: name };
}

export function useExportBookingHistory() {
  return useMutation({ mutationFn: exportBookingHistory });
}
