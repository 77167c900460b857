import { useMutation } from '@tanstack/react-query';
import { APPOINTMENT_MSG, type PaymentReportQueryInput } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/payments/report/export: the report as CSV (payments-report-{date}.csv), saved under the server's name. */
export async function exportPaymentsReport(query: PaymentReportQueryInput): Promise<{ fileName: string }> {
  const { blob, fileName } = await api.download('/payments/report/export', {
    params: query,
    fallbackMessage: APPOINTMENT_MSG.nothingToExport,
  });
  const name = fileName ?? 'payments-report.csv';
  saveFile(blob, name);
  return { fileName: name };
}

export function useExportPaymentsReport() {
  return useMutation({ mutationFn: exportPaymentsReport });
}
