import {
  addMonths,
  APPOINTMENT_MSG as M,
  appointmentStatusLabel,
  clinicMoment,
  formatDate,
  formatDateTime,
  HISTORY_CSV_COLUMNS,
  HISTORY_STATUSES,
  historyCsvFileName,
  historyRange,
  monthStart,
  percentChange,
  type AppointmentPage,
  type AppointmentSort,
  type HistoryFilter,
  type HistoryStats,
} from '@clinic/shared';
import { CSV_BOM, csvRow } from '../../../lib/csv';
import { NotFoundError } from '../../../lib/errors';
import type { Actor, AppointmentDeps } from '../appointment-access';
import { shieldRestricted } from '../appointment-dto';
import {
  countCompletedInMonths,
  historyBatch,
  historyCounts,
  type HistoryCursor,
} from './appointment-history.repository';
import type { AppointmentFilter } from './appointment-lists.repository';
import type { AppointmentView } from '../appointments.repository';
import { appointmentPage, textFilter } from './queries.service';

/** Booking History (specification section 2): closed appointments only, in the period read in the clinic's zone. */
function historyWhere(deps: AppointmentDeps, f: HistoryFilter): AppointmentFilter {
  const range = historyRange(f.period, deps.clock.now(), deps.timeZone, { from: f.from, to: f.to });
  return {
    statuses: f.status ? [f.status] : HISTORY_STATUSES,
    from: range.from,
    to: range.to,
    department: f.department || undefined,
    ...textFilter(f.q),
  };
}

export async function listHistory(
  deps: AppointmentDeps,
  viewer: Actor,
  f: HistoryFilter & { page: number; size: number; sort?: AppointmentSort },
): Promise<AppointmentPage> {
  return appointmentPage(deps, viewer, historyWhere(deps, f), f, f.sort ?? 'appointmentDate:desc');
}

/** The stats cards of the current filter; this month against last month whatever the period. */
export async function historyStats(deps: AppointmentDeps, f: HistoryFilter): Promise<HistoryStats> {
  const where = historyWhere(deps, f);
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const thisMonth = monthStart(today);
  const lastMonth = addMonths(thisMonth, -1);
  const empty = where.from && where.to && where.from > where.to;
  const [counts, [completedThisMonth, completedLastMonth]] = await Promise.all([
    empty ? { completed: 0, cancelled: 0, noShow: 0, top: null } : historyCounts(deps.db, where),
    countCompletedInMonths(deps.db, [thisMonth, lastMonth], {
      department: where.department,
      text: where.text,
      textId: where.textId,
    }),
  ]);
  const { top, ...byStatus } = counts;
  const total = byStatus.completed + byStatus.cancelled + byStatus.noShow;
  return {
    ...byStatus,
    total,
    completionRate: total > 0 ? Math.round((byStatus.completed / total) * 1000) / 10 : null,
    topDepartment: top,
    completedThisMonth,
    completedLastMonth,
    monthChange: percentChange(completedLastMonth, completedThisMonth),
  };
}

const EXPORT_BATCH = 1000;

function csvLine(view: AppointmentView, timeZone: string): string {
  const a = view.appointment;
  return csvRow([
    a.id,
    a.fullName,
    a.phone,
    a.email,
    formatDate(a.appointmentDate),
    a.appointmentTime,
    view.departmentName ?? a.department,
    view.doctor?.fullName ?? '',
    appointmentStatusLabel(a.status),
    a.reason,
    formatDateTime(a.createdAt, timeZone),
    formatDateTime(a.updatedAt, timeZone),
    a.cancelReason,
    a.paymentAmount,
  ]);
}

/**
 * The CSV of the current filter, streamed batch by batch (never the whole table in memory): a BOM,
 * the header row, then the rows, newest visit first. Refused with 'Không có dữ liệu để xuất' when empty.
 */
export async function exportHistory(
  deps: AppointmentDeps,
  viewer: Actor,
  f: HistoryFilter,
): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  const where = historyWhere(deps, f);
  const first = await historyBatch(deps.db, where, null, EXPORT_BATCH);
  if (first.length === 0) throw new NotFoundError(M.nothingToExport, 'NOTHING_TO_EXPORT');
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  async function* lines() {
    yield CSV_BOM + csvRow(HISTORY_CSV_COLUMNS);
    let batch = first;
    while (batch.length > 0) {
      yield batch.map((v) => csvLine(shieldRestricted(v, viewer), deps.timeZone)).join('');
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1]!.appointment;
      const cursor: HistoryCursor = {
        appointmentDate: last.appointmentDate,
        appointmentTime: last.appointmentTime,
        id: last.id,
      };
      batch = await historyBatch(deps.db, where, cursor, EXPORT_BATCH);
    }
  }
  return { fileName: historyCsvFileName(today), lines: lines() };
}
