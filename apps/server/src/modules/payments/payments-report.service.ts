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
import { ledgerInAtDeskByDay, ledgerInOnlineByDay, ledgerOutByDay, ledgerRevenueByMonth } from './payments.repository';

type ReportDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'>;

const ORDER = (method: PaymentReportMethod) => PAYMENT_REPORT_METHODS.indexOf(method);

type Line = Omit<PaymentReport['byMethod'][number], 'method'>;
const NONE: Line = { count: 0, amount: 0, refundCount: 0, refundAmount: 0 };
const add = (a: Line, b: Line): Line => ({
  count: a.count + b.count,
  amount: a.amount + b.amount,
  refundCount: a.refundCount + b.refundCount,
  refundAmount: a.refundAmount + b.refundAmount,
});

/**
 * The money of the clinic days `from` to `to` (either open), the one computation behind the
 * payments report and the Dashboard (issue 35): in per day and method from the ledger (deposits and
 * visits' payments by VNPay, MoMo, VietQR; money no visit took) and the desk's "mark paid", each on
 * the clinic's day it was recorded; refunds done per day and method, on the day they were done; the
 * totals per method and in all, and the net.
 */
export async function ledgerMoney(
  deps: ReportDeps,
  period: { from?: string; to?: string },
): Promise<Omit<PaymentReport, 'from' | 'to'>> {
  const range = {
    start: period.from ? clinicInstant(period.from, '00:00', deps.timeZone) : undefined,
    end: period.to ? clinicInstant(addDays(period.to, 1), '00:00', deps.timeZone) : undefined,
  };
  const [online, desk, out] = await Promise.all([
    ledgerInOnlineByDay(deps.db, range, deps.timeZone),
    ledgerInAtDeskByDay(deps.db, range, deps.timeZone),
    ledgerOutByDay(deps.db, range, deps.timeZone),
  ]);
  const byDay = new Map<string, PaymentReport['days'][number]>();
  const line = (day: string, method: PaymentReportMethod) => {
    const key = `${day}|${method}`;
    if (!byDay.has(key)) byDay.set(key, { day, method, ...NONE });
    return byDay.get(key)!;
  };
  for (const r of [...online, ...desk]) {
    const l = line(r.day, r.method);
    l.count += r.count;
    l.amount += r.amount;
  }
  for (const r of out) {
    const l = line(r.day, r.method);
    l.refundCount += r.count;
    l.refundAmount += r.amount;
  }
  const days = [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day) || ORDER(a.method) - ORDER(b.method));
  const byMethod = PAYMENT_REPORT_METHODS.map((method) => ({
    method,
    ...days.filter((d) => d.method === method).reduce<Line>(add, NONE),
  }));
  const total = byMethod.reduce<Line>(add, NONE);
  return { days, byMethod, total: { ...total, net: total.amount - total.refundAmount } };
}

/** Booking History's payments report (issues 28 and 35): the money of the page's period, read in the clinic's zone. */
export async function paymentReport(deps: ReportDeps, query: PaymentReportQuery): Promise<PaymentReport> {
  const { from, to } = historyRange(query.period, deps.clock.now(), deps.timeZone, query);
  const money = await ledgerMoney(deps, { from, to });
  return { from: from ?? null, to: to ?? null, ...money };
}

/**
 * The report as CSV (the history export's BOM, escaping and Vietnamese headers): its days, then a
 * total per method and in all. Refused with 'Không có dữ liệu để xuất' when no money moved.
 */
export async function exportPaymentReport(
  deps: ReportDeps,
  query: PaymentReportQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await paymentReport(deps, query);
  if (report.total.count + report.total.refundCount === 0)
    throw new NotFoundError(APPOINTMENT_MSG.nothingToExport, 'NOTHING_TO_EXPORT');
  const figures = (l: Line) => [l.count, l.amount, l.refundCount, l.refundAmount, l.amount - l.refundAmount];
  const lines = [
    CSV_BOM + csvRow(PAYMENT_REPORT_CSV_COLUMNS),
    ...report.days.map((d) => csvRow([formatDate(d.day), PAYMENT_REPORT_METHOD_LABELS[d.method], ...figures(d)])),
    ...report.byMethod
      .filter((m) => m.count + m.refundCount > 0)
      .map((m) => csvRow([PAYMENT_REPORT_TOTAL_LABEL, PAYMENT_REPORT_METHOD_LABELS[m.method], ...figures(m)])),
    csvRow([PAYMENT_REPORT_TOTAL_LABEL, '', ...figures(report.total)]),
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
