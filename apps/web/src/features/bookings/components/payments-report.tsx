import { useId } from 'react';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import {
  formatDate,
  formatVnd,
  LEDGER_LABELS,
  PAYMENT_REPORT_METHOD_LABELS,
  APPOINTMENT_MSG,
  type PaymentReportQueryInput,
} from '@clinic/shared';
import { LEDGER_RULE, LedgerFigures } from '@/components/ledger-figures';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useExportPaymentsReport } from '../api/export-payments-report';
import { PAYMENTS_REPORT_LOAD_FAILED, usePaymentsReport } from '../api/get-payments-report';

/** Above this many day rows (a month, 'Tất cả'), the per-day table starts folded. */
const FOLD_AFTER_ROWS = 10;

/**
 * Booking History's payments report (issues 28 and 35): for the page's period, money in, refunds out
 * and net (as the Dashboard shows today's), per method and per day, and the same as CSV.
 */
export function PaymentsReport({ period }: { period: PaymentReportQueryInput }) {
  const titleId = useId();
  const report = usePaymentsReport(period);
  const exporter = useExportPaymentsReport();
  const data = report.data;

  function exportCsv() {
    if (data && data.total.count + data.total.refundCount === 0) return toast.error(APPOINTMENT_MSG.nothingToExport);
    exporter.mutate(period, {
      onSuccess: ({ fileName }) => toast.success(`Đã xuất ${fileName}`),
      onError: (error) => toast.error(errorMessage(error, APPOINTMENT_MSG.nothingToExport)),
    });
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Báo cáo thanh toán
          </h2>
          <p className="text-sm text-slate-600">{LEDGER_RULE}</p>
        </div>
        <Button variant="secondary" onClick={exportCsv} loading={exporter.isPending} className="self-start">
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Đang xuất...' : 'Tải CSV thanh toán'}
        </Button>
      </div>

      {report.isError ? (
        <Alert tone="warning">{errorMessage(report.error, PAYMENTS_REPORT_LOAD_FAILED)}</Alert>
      ) : !data ? (
        <p className="text-sm text-slate-600">Đang tải báo cáo thanh toán...</p>
      ) : (
        <>
          <LedgerFigures summary={data} caption="Báo cáo thanh toán" />
          {data.days.length === 0 ? (
            <p className="text-sm text-slate-600">Chưa có khoản thu hay hoàn tiền nào trong khoảng này.</p>
          ) : (
            // A short period's days are shown; a long one's fold, so the history below stays in reach.
            <details open={data.days.length <= FOLD_AFTER_ROWS} className="group">
              <summary className="cursor-pointer rounded-lg py-1 text-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                Theo ngày ({data.days.length} dòng)
              </summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Tiền vào, hoàn tiền và thực thu theo ngày và phương thức</caption>
                  <thead className="text-xs text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Ngày
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Phương thức
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        {LEDGER_LABELS.in}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        {LEDGER_LABELS.out}
                      </th>
                      <th scope="col" className="py-2 text-right">
                        {LEDGER_LABELS.net}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.days.map((d) => (
                      <tr key={`${d.day}-${d.method}`}>
                        <td className="py-2 pr-4 tabular-nums">{formatDate(d.day)}</td>
                        <td className="py-2 pr-4">{PAYMENT_REPORT_METHOD_LABELS[d.method]}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">
                          {formatVnd(d.amount)} <span className="block text-xs text-slate-500">{d.count} lượt</span>
                        </td>
                        <td className="py-2 pr-4 text-right tabular-nums">
                          {formatVnd(d.refundAmount)}{' '}
                          <span className="block text-xs text-slate-500">{d.refundCount} lượt</span>
                        </td>
                        <td className="py-2 text-right tabular-nums">{formatVnd(d.amount - d.refundAmount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          )}
        </>
      )}
    </section>
  );
}
