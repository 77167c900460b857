import {
  addDays,
  addMonths,
  can,
  clinicInstant,
  clinicMoment,
  monthStart,
  PAYMENT_DUE_STATUSES,
  percentChange,
  REVENUE_STATUSES,
  type AppointmentStatus,
  type Dashboard,
  type DashboardMonth,
  type Role,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { appointmentFigures, appointmentFiguresBetween } from '../appointments/lists/queries.service';
import { waitingListSummary } from '../appointments/waiting-list/waiting-list.service';
import { ledgerMoney, ledgerRevenue } from '../payments/payments-report.service';
import { countDoctorPatients } from '../patients/patients.service';
import { countAccounts } from '../users/users.service';

export type DashboardDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone' | 'config'>;
type Viewer = { id: number; role: Role };

const MONTHS = 6;

/** Whether the sample-data generator may run for this viewer here: ADMIN, and never in production. */
export function sampleDataAllowed(deps: Pick<AppDeps, 'config'>, viewer: Viewer): boolean {
  return deps.config.env !== 'production' && can(viewer.role, 'generateSampleData');
}

/**
 * The dashboard (docs/PRODUCT.md §6): the real count of accounts (a doctor: of his patients), the
 * appointment counters, revenue valued at what the payment ledger took, else at the recorded amount
 * (500.000đ for a visit without either), pending payments at the recorded amounts, the last six
 * months and the growth against the same days of last month, from the counts the database keeps
 * and the ledger. A doctor's figures cover his own appointments only, a patient's her own
 * bookings (what she has paid and still owes, no account count). The clinic's also has today's
 * money in, refunds out and net, computed as Booking History's payments report computes it.
 */
export async function getDashboard(deps: DashboardDeps, viewer: Viewer): Promise<Dashboard> {
  // Only the front desk sees the clinic's figures; a doctor his, a patient her own (issue 29: a
  // patient who typed /admin saw the clinic's revenue, pending payments and user count).
  const scopeName: Dashboard['scope'] = can(viewer.role, 'manageBookings')
    ? 'clinic'
    : viewer.role === 'DOCTOR'
      ? 'doctor'
      : 'patient';
  const scope = scopeName === 'doctor' ? { doctorId: viewer.id } : scopeName === 'patient' ? { userId: viewer.id } : {};
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const thisMonth = monthStart(today);
  const first = addMonths(thisMonth, -(MONTHS - 1));
  // Like with like (issue 25): this month's first days against the same days of last month, not a
  // month half gone against a whole one.
  const throughDay = Number(today.slice(8, 10));
  const lastMonth = addMonths(thisMonth, -1);
  const lastMonthSameDay = [addDays(lastMonth, throughDay - 1), addDays(thisMonth, -1)].sort()[0]!;
  // The ledger's amounts (issue 28) replace the counts' values for the visits it settled.
  const ledger = (range: { from?: string; to?: string } = {}) =>
    ledgerRevenue(deps, { statuses: REVENUE_STATUSES, ...scope, ...range });
  const [figures, people, waitingList, soFar, sameDaysBefore, ledgerAll, ledgerSoFar, ledgerBefore, money] =
    await Promise.all([
      appointmentFigures(deps, scope, first),
      scopeName === 'doctor'
        ? countDoctorPatients(deps, viewer.id)
        : scopeName === 'clinic'
          ? countAccounts(deps.db)
          : null,
      scopeName === 'clinic' ? waitingListSummary(deps, clinicInstant(thisMonth, '00:00', deps.timeZone)) : null,
      appointmentFiguresBetween(deps, scope, thisMonth, today),
      appointmentFiguresBetween(deps, scope, lastMonth, lastMonthSameDay),
      ledger(),
      ledger({ from: thisMonth, to: today }),
      ledger({ from: lastMonth, to: lastMonthSameDay }),
      // Today's money in, refunds out and net: the payments report's own computation (issue 35).
      scopeName === 'clinic' ? ledgerMoney(deps, { from: today, to: today }) : null,
    ]);
  const corrected = (rows: { month: string; correction: number }[], month?: string) =>
    rows.filter((r) => !month || r.month === month).reduce((total, r) => total + r.correction, 0);
  const sum = (
    rows: { status: AppointmentStatus; n: number; value: number; unpriced?: number }[],
    statuses: readonly AppointmentStatus[],
    what: 'n' | 'value' | 'unpriced',
  ) => rows.filter((r) => statuses.includes(r.status)).reduce((total, r) => total + (r[what] ?? 0), 0);

  const months: DashboardMonth[] = Array.from({ length: MONTHS }, (_, i) => {
    const month = addMonths(first, i).slice(0, 7);
    const rows = figures.byMonth.filter((r) => r.month === month);
    return {
      month,
      appointments: rows.reduce((total, r) => total + r.n, 0),
      completed: sum(rows, ['COMPLETED'], 'n'),
      revenue: sum(rows, REVENUE_STATUSES, 'value') + corrected(ledgerAll, month),
    };
  });
  const [last, current] = [months[MONTHS - 2]!, months[MONTHS - 1]!];
  return {
    scope: scopeName,
    people,
    appointments: {
      total: figures.stats.total,
      pending: figures.stats.pending,
      awaitingDoctor: figures.stats.awaiting,
      confirmed: figures.stats.confirmed,
      today: figures.stats.today,
    },
    revenue: {
      total: sum(figures.byStatus, REVENUE_STATUSES, 'value') + corrected(ledgerAll),
      thisMonth: current.revenue,
      lastMonth: last.revenue,
      paidVisits: sum(figures.byStatus, REVENUE_STATUSES, 'n'),
      online: ledgerAll.reduce((total, r) => total + r.online, 0),
      estimatedVisits:
        sum(figures.byStatus, REVENUE_STATUSES, 'unpriced') - ledgerAll.reduce((n, r) => n + r.estimatedVisits, 0),
    },
    pendingPayments: {
      count: sum(figures.byStatus, PAYMENT_DUE_STATUSES, 'n'),
      amount: sum(figures.byStatus, PAYMENT_DUE_STATUSES, 'value'),
    },
    today: money && { day: today, byMethod: money.byMethod, total: money.total },
    months,
    growth: {
      appointments: percentChange(
        sameDaysBefore.reduce((total, r) => total + r.n, 0),
        soFar.reduce((total, r) => total + r.n, 0),
      ),
      revenue: percentChange(
        sum(sameDaysBefore, REVENUE_STATUSES, 'value') + corrected(ledgerBefore),
        sum(soFar, REVENUE_STATUSES, 'value') + corrected(ledgerSoFar),
      ),
      throughDay,
    },
    waitingList,
    sampleDataAvailable: sampleDataAllowed(deps, viewer),
  };
}
