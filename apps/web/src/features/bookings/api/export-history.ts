import { useMutation } from '@tanstack/react-query';
import { APPOINTMENT_MSG, type HistoryFilterInput } from '@clinic/shared';
import { api } from '@/lib/api-client';

/**
 * GET /api/appointments/history/export: the server streams the CSV of the filter (UTF-8 with a BOM,
 * booking-history-{date}.csv); the browser saves it under the server's file name.
 */
export async function exportBookingHistory(filter: HistoryFilterInput): Promise<{ fileName: string }> {
  const { blob, fileName } = await api.download('/appointments/history/export', { params: filter, fallbackMessage: APPOINTMENT_MSG.nothingToExport });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'booking-history.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Given a moment: some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName: link.download };
}

export function useExportBookingHistory() {
  return useMutation({ mutationFn: exportBookingHistory });
}
