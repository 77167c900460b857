import {
  addDays,
  APPOINTMENT_MSG,
  clinicInstant,
  clinicMoment,
  historyRange,
  PAYMENT_REPORT_CSV_COLUMNS,
  PAYMENT_REPORT_METHOD_LABELS,
  PAYMENT_REPORT_METHODS,
  PAYMENT_REPORT_TOTAL_LABEL,
  DEFAULT_VISIT_PRICE,
  formatDate,
  paymentReportCsvFileName,
  type AppointmentStatus,
  type PaymentReport,
  type PaymentReportMethod,
  type PaymentReportQuery,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { NotFoundError } from '../../lib/errors';
import { ledgerRevenueByMonth, paidAtDeskByDay, paidOnlineByDay } from './payments.repository';

type ReportDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'>;

const ORDER = (method: PaymentReportMethod) => PAYMENT_REPORT_METHODS.indexOf(method);

/**
 * The payments report of Booking History (issue 28): for the page's period, read in the clinic's
 * zone, the money taken per day and method (VNPay, MoMo, VietQR from the ledger; 'Tại quầy' from the
 * front desk's "mark paid"), the totals per method and in all.
 */
export async function paymentReport(deps: ReportDeps, query: PaymentReportQuery): Promise<PaymentReport> {
  const { from, to } = historyRange(query.period, deps.clock.now(), deps.timeZone, query);
  const range = {
    start: from ? clinicInstant(from, '00:00', deps.timeZone) : undefined,
    end: to ? clinicInstant(addDays(to, 1), '00:00', deps.timeZone) : undefined,
  };
  const [online, desk] = await Promise.all([
    paidOnlineByDay(deps.db, range, deps.timeZone),
    paidAtDeskByDay(deps.db, range, deps.timeZone),
  ]);
  const days = [...online, ...desk.map((d) => ({ ...d, method: 'DESK' as const }))].sort(
    (a, b) => b.day.localeCompare(a.day) || ORDER(a.method) - ORDER(b.method),
  );
  const byMethod = PAYMENT_REPORT_METHODS.map((method) => {
    const lines = days.filter((d) => d.method === method);
    return {
      method,
      count: lines.reduce((n, d) => n + d.count, 0),
      amount: lines.reduce((n, d) => n + d.amount, 0),
    };
  });
  return {
    from: from ?? null,
    to: to ?? null,
    days,
    byMethod,
    total: {
      count: byMethod.reduce((n, m) => n + m.count, 0),
      amount: byMethod.reduce((n, m) => n + m.amount, 0),
    },
  };
}

/**
 * The report as CSV (the history export's BOM, escaping and Vietnamese headers): its days, then a
 * total per method and in all. Refused with 'Không có dữ liệu để xuất' when the period took nothing.
 */
export async function exportPaymentReport(
  deps: ReportDeps,
  query: PaymentReportQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await paymentReport(deps, query);
  if (report.total.count === 0) throw new NotFoundError(APPOINTMENT_MSG.nothingToExport, 'NOTHING_TO_EXPORT');
  const lines = [
    CSV_BOM + csvRow(PAYMENT_REPORT_CSV_COLUMNS),
    ...report.days.map((d) => csvRow([formatDate(d.day), PAYMENT_REPORT_METHOD_LABELS[d.method], d.count, d.amount])),
    ...report.byMethod
      .filter((m) => m.count > 0)
      .map((m) => csvRow([PAYMENT_REPORT_TOTAL_LABEL, PAYMENT_REPORT_METHOD_LABELS[m.method], m.count, m.amount])),
    csvRow([PAYMENT_REPORT_TOTAL_LABEL, '', report.total.count, report.total.amount]),
  ];
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  return { fileName: paymentReportCsvFileName(today), csv: lines.join('') };
}

/**
 * What the ledger changes in the dashboard's revenue (issue 28), per appointment month: for each
 * visit the ledger settled, its ledger amount instead of its recorded amount (or, with none, of the
 * 500.000đ estimate). `online` is what the ledger took; `estimatedVisits` how many of those visits
 * the counts had valued at the estimate.
 */
export async function ledgerRevenue(
  deps: Pick<AppDeps, 'db'>,
  where: { statuses: readonly AppointmentStatus[]; doctorId?: number; userId?: number; from?: string; to?: string },
) {
  const rows = await ledgerRevenueByMonth(deps.db, where);
  return rows.map((r) => ({
    month: r.month,
    online: r.ledger,
    estimatedVisits: r.unpriced,
    correction: r.ledger - r.recorded - DEFAULT_VISIT_PRICE * r.unpriced,
  }));
}
