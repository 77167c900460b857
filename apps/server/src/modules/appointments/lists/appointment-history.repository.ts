import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointmentDayCounts, appointmentMonthCounts, appointments, departments } from '../../../db/schema';
import { filterWhere, type AppointmentFilter } from './appointment-lists.repository';
import { viewQuery, type AppointmentView } from '../appointments.repository';

type StatusCounts = { completed: number; cancelled: number; noShow: number };
type TopDepartment = { code: string; name: string; count: number } | null;

/**
 * Booking History's counts and its busiest department under the filter. Without a text search the
 * counts the triggers keep answer it (the day table for a date range, the month table for all
 * time); a search counts the matching appointments themselves.
 */
export async function historyCounts(db: Db, f: AppointmentFilter): Promise<StatusCounts & { top: TopDepartment }> {
  if (f.text || f.textId) return historyCountsFromRows(db, f);
  const t = f.from || f.to ? appointmentDayCounts : appointmentMonthCounts;
  const when: SQL | undefined =
    t === appointmentDayCounts
      ? and(
          f.from ? gte(appointmentDayCounts.day, f.from) : undefined,
          f.to ? lte(appointmentDayCounts.day, f.to) : undefined,
        )
      : undefined;
  const where = and(
    inArray(t.status, [...(f.statuses ?? [])]),
    f.department ? eq(t.department, f.department) : undefined,
    when,
  );
  const byDepartment = await db
    .select({
      department: t.department,
      name: departments.departmentName,
      completed: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'COMPLETED'), 0)::int`,
      cancelled: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'CANCELLED'), 0)::int`,
      noShow: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'NO_SHOW'), 0)::int`,
    })
    .from(t)
    .leftJoin(departments, eq(departments.code, t.department))
    .where(where)
    .groupBy(t.department, departments.departmentName);
  return sumDepartments(
    byDepartment.map((r) => ({
      code: r.department,
      name: r.name,
      completed: r.completed,
      cancelled: r.cancelled,
      noShow: r.noShow,
    })),
  );
}

async function historyCountsFromRows(db: Db, f: AppointmentFilter) {
  const rows = await db
    .select({
      department: appointments.department,
      name: departments.departmentName,
      completed: sql<number>`(count(*) filter (where ${appointments.status} = 'COMPLETED'))::int`,
      cancelled: sql<number>`(count(*) filter (where ${appointments.status} = 'CANCELLED'))::int`,
      noShow: sql<number>`(count(*) filter (where ${appointments.status} = 'NO_SHOW'))::int`,
    })
    .from(appointments)
    .leftJoin(departments, eq(departments.code, appointments.department))
    .where(filterWhere(f))
    .groupBy(appointments.department, departments.departmentName);
  return sumDepartments(
    rows.map((r) => ({
      code: r.department,
      name: r.name,
      completed: r.completed,
      cancelled: r.cancelled,
      noShow: r.noShow,
    })),
  );
}

/** The totals of the departments' rows, and the department with the most appointments (ties: the first code). */
function sumDepartments(
  rows: { code: string; name: string | null; completed: number; cancelled: number; noShow: number }[],
) {
  const totals: StatusCounts = { completed: 0, cancelled: 0, noShow: 0 };
  let top: TopDepartment = null;
  for (const r of [...rows].sort((a, b) => a.code.localeCompare(b.code))) {
    totals.completed += r.completed;
    totals.cancelled += r.cancelled;
    totals.noShow += r.noShow;
    const n = r.completed + r.cancelled + r.noShow;
    if (n > 0 && (!top || n > top.count)) top = { code: r.code, name: r.name ?? r.code, count: n };
  }
  return { ...totals, top };
}

/** Completed visits in two months (this month and last), from the month counts unless a search narrows them. */
export async function countCompletedInMonths(
  db: Db,
  months: [string, string],
  f: AppointmentFilter = {},
): Promise<[number, number]> {
  if (f.text || f.textId) {
    const rows = await db
      .select({
        month: sql<string>`to_char(date_trunc('month', ${appointments.appointmentDate}), 'YYYY-MM-DD')`,
        n: count(),
      })
      .from(appointments)
      .where(filterWhere({ ...f, statuses: ['COMPLETED'], from: months[1] < months[0] ? months[1] : months[0] }))
      .groupBy(sql`1`);
    const of = (m: string) => Number(rows.find((r) => r.month === m)?.n ?? 0);
    return [of(months[0]), of(months[1])];
  }
  const t = appointmentMonthCounts;
  const rows = await db
    .select({ month: t.month, n: sql<number>`coalesce(sum(${t.n}), 0)::int` })
    .from(t)
    .where(
      and(
        eq(t.status, 'COMPLETED'),
        inArray(t.month, months),
        f.department ? eq(t.department, f.department) : undefined,
      ),
    )
    .groupBy(t.month);
  const of = (m: string) => rows.find((r) => r.month === m)?.n ?? 0;
  return [of(months[0]), of(months[1])];
}

export type HistoryCursor = { appointmentDate: string; appointmentTime: string; id: number };

/**
 * One batch of the export, newest visit first, after the cursor: keyset pages walk the date index
 * instead of counting past every earlier row, so the last batch costs what the first did.
 */
export async function historyBatch(
  db: Db,
  filter: AppointmentFilter,
  after: HistoryCursor | null,
  limit: number,
): Promise<AppointmentView[]> {
  const keyset = after
    ? sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}, ${appointments.id}) < (${after.appointmentDate}::date, ${after.appointmentTime}, ${after.id})`
    : undefined;
  return viewQuery(db)
    .where(and(filterWhere(filter), keyset))
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime), desc(appointments.id))
    .limit(limit);
}
