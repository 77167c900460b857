import { useId } from 'react';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import {
  formatDate,
  formatVnd,
  PAYMENT_REPORT_METHOD_LABELS,
  PAYMENT_REPORT_TOTAL_LABEL,
  APPOINTMENT_MSG,
  type PaymentReportQueryInput,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useExportPaymentsReport } from '../api/export-payments-report';
import { PAYMENTS_REPORT_LOAD_FAILED, usePaymentsReport } from '../api/get-payments-report';

/** Above this many day rows (a month, 'Tất cả'), the per-day table starts folded. */
const FOLD_AFTER_ROWS = 10;

/**
 * Booking History's payments report (issue 28): for the page's period, the money taken per day and
 * method (VNPay, MoMo, VietQR from the payment ledger; 'Tại quầy' when staff marked it paid), the
 * totals, and the same as CSV.
 */
export function PaymentsReport({ period }: { period: PaymentReportQueryInput }) {
  const titleId = useId();
  const report = usePaymentsReport(period);
  const exporter = useExportPaymentsReport();
  const data = report.data;

  function exportCsv() {
    if (data && data.total.count === 0) return toast.error(APPOINTMENT_MSG.nothingToExport);
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
          <p className="text-sm text-slate-600">
            Theo ngày nhận tiền (múi giờ phòng khám): VNPay, MoMo và VietQR theo sổ thanh toán trực tuyến; tại quầy là
            các lượt nhân viên đánh dấu đã thanh toán, theo số tiền ghi trên lịch hẹn.
          </p>
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
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {data.byMethod.map((m) => (
              <div key={m.method} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs font-medium text-slate-600">{PAYMENT_REPORT_METHOD_LABELS[m.method]}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{formatVnd(m.amount)}</dd>
                <dd className="text-xs text-slate-600">{m.count} lượt</dd>
              </div>
            ))}
            <div className="rounded-lg bg-brand-50 p-3">
              <dt className="text-xs font-medium text-brand-800">{PAYMENT_REPORT_TOTAL_LABEL}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatVnd(data.total.amount)}</dd>
              <dd className="text-xs text-slate-600">{data.total.count} lượt</dd>
            </div>
          </dl>
          {data.days.length === 0 ? (
            <p className="text-sm text-slate-600">Chưa có khoản thanh toán nào trong khoảng này.</p>
          ) : (
            // A short period's days are shown; a long one's fold, so the history below stays in reach.
            <details open={data.days.length <= FOLD_AFTER_ROWS} className="group">
              <summary className="cursor-pointer rounded-lg py-1 text-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                Theo ngày ({data.days.length} dòng)
              </summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Thanh toán theo ngày và phương thức</caption>
                  <thead className="text-xs text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Ngày
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Phương thức
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Số lượt
                      </th>
                      <th scope="col" className="py-2 text-right">
                        Số tiền
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.days.map((d) => (
                      <tr key={`${d.day}-${d.method}`}>
                        <td className="py-2 pr-4 tabular-nums">{formatDate(d.day)}</td>
                        <td className="py-2 pr-4">{PAYMENT_REPORT_METHOD_LABELS[d.method]}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">{d.count}</td>
                        <td className="py-2 text-right tabular-nums">{formatVnd(d.amount)}</td>
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
