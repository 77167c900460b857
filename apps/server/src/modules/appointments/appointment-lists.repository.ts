import { and, asc, desc, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { INACTIVE_STATUSES } from '@clinic/shared';
import { rowsOf, type Db } from '../../db/client';
import {
  appointmentDayCounts,
  appointmentDoctorDayCounts,
  appointmentMonthCounts,
  appointments,
  type AppointmentRow,
} from '../../db/schema';
import { containsPattern, startsWithPattern } from '../../lib/text';
import { viewQuery, type AppointmentView } from './appointments.repository';

export type AppointmentFilter = {
  statuses?: readonly string[];
  from?: string;
  to?: string;
  date?: string;
  department?: string;
  doctorId?: number;
  userId?: number;
  /** Folded text looked for in name, phone and e-mail. */
  text?: string;
  /** The search text is also an id. */
  textId?: number;
};

export type SortField = 'appointmentDate' | 'createdAt' | 'updatedAt' | 'fullName' | 'status' | 'department' | 'id';

/** Trigrams need three characters; shorter text matches the start of the name ("le" finds "Lê ..."). */
const SHORT_SEARCH = 3;

function textWhere(f: AppointmentFilter): SQL | undefined {
  if (!f.text) return undefined;
  const match =
    f.text.length < SHORT_SEARCH
      ? sql`${appointments.searchText} like ${startsWithPattern(f.text)}`
      : sql`${appointments.searchText} like ${containsPattern(f.text)}`;
  return f.textId ? or(match, eq(appointments.id, f.textId)) : match;
}

export function filterWhere(f: AppointmentFilter): SQL | undefined {
  return and(
    f.statuses && f.statuses.length > 0
      ? inArray(appointments.status, f.statuses as AppointmentRow['status'][])
      : undefined,
    f.from ? gte(appointments.appointmentDate, f.from) : undefined,
    f.to ? lte(appointments.appointmentDate, f.to) : undefined,
    f.date ? eq(appointments.appointmentDate, f.date) : undefined,
    f.department ? eq(appointments.department, f.department) : undefined,
    f.doctorId ? eq(appointments.doctorId, f.doctorId) : undefined,
    f.userId ? eq(appointments.userId, f.userId) : undefined,
    textWhere(f),
  );
}

/** Every order ends on id, so a page never shows a row twice or skips one between two clicks. */
function orderBy(field: SortField, dir: 'asc' | 'desc'): SQL[] {
  const d = dir === 'asc' ? asc : desc;
  switch (field) {
    case 'appointmentDate':
      return [d(appointments.appointmentDate), d(appointments.appointmentTime), d(appointments.id)];
    case 'createdAt':
      return [d(appointments.createdAt), d(appointments.id)];
    case 'updatedAt':
      return [d(appointments.updatedAt), d(appointments.id)];
    case 'fullName':
      return [d(sql`${appointments.fullName} collate "vietnamese"`), d(appointments.id)];
    case 'status':
      return [d(appointments.status), desc(appointments.appointmentDate), d(appointments.id)];
    case 'department':
      return [d(appointments.department), desc(appointments.appointmentDate), d(appointments.id)];
    case 'id':
      return [d(appointments.id)];
  }
}

/**
 * One page: the page's ids come first, from an index alone (the filter's and the order's), and
 * only those rows are joined to their doctor, account and department; joining first would join
 * every matching row before the sort.
 */
export async function listAppointmentViews(
  db: Db,
  filter: AppointmentFilter,
  page: { limit: number; offset: number; sort: SortField; dir: 'asc' | 'desc' },
): Promise<AppointmentView[]> {
  const order = orderBy(page.sort, page.dir);
  const ids = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(filterWhere(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return viewQuery(db)
    .where(inArray(appointments.id, ids))
    .orderBy(...order);
}

/** A text search's total is counted up to this many; past it the screen says "more than". */
export const SEARCH_COUNT_CAP = 1000;

/**
 * How many appointments the filter holds. Without a text search or a person, the counts the
 * triggers keep answer it exactly, whatever the table's size; otherwise the matching rows are
 * counted up to `cap` (capped: true beyond it).
 */
export async function countAppointments(
  db: Db,
  f: AppointmentFilter,
  cap = SEARCH_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const counted = await countFromCounters(db, f);
  if (counted !== null) return { total: counted, capped: false };
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${appointments} where ${filterWhere(f) ?? sql`true`} limit ${cap + 1}) matched`,
  );
  const n = Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

async function countFromCounters(db: Db, f: AppointmentFilter): Promise<number | null> {
  if (f.text || f.textId || f.userId) return null;
  const from = f.date ?? f.from;
  const to = f.date ?? f.to;
  const statuses = f.statuses && f.statuses.length > 0 ? (f.statuses as string[]) : undefined;
  if (f.doctorId) {
    // The doctor's counts have no department.
    if (f.department) return null;
    const t = appointmentDoctorDayCounts;
    const rows = await db
      .select({ n: sql<number>`coalesce(sum(${t.n}), 0)::int` })
      .from(t)
      .where(
        and(
          eq(t.doctorId, f.doctorId),
          statuses ? inArray(t.status, statuses) : undefined,
          from ? gte(t.day, from) : undefined,
          to ? lte(t.day, to) : undefined,
        ),
      );
    return rows[0]?.n ?? 0;
  }
  if (from || to) {
    const t = appointmentDayCounts;
    const rows = await db
      .select({ n: sql<number>`coalesce(sum(${t.n}), 0)::int` })
      .from(t)
      .where(
        and(
          statuses ? inArray(t.status, statuses) : undefined,
          f.department ? eq(t.department, f.department) : undefined,
          from ? gte(t.day, from) : undefined,
          to ? lte(t.day, to) : undefined,
        ),
      );
    return rows[0]?.n ?? 0;
  }
  const t = appointmentMonthCounts;
  const rows = await db
    .select({ n: sql<number>`coalesce(sum(${t.n}), 0)::int` })
    .from(t)
    .where(
      and(
        statuses ? inArray(t.status, statuses) : undefined,
        f.department ? eq(t.department, f.department) : undefined,
      ),
    );
  return rows[0]?.n ?? 0;
}

/** The cards of the bookings screen and the dashboard: all of them (or a doctor's) by status, and today's active ones. */
/** Whose appointments a figure counts: the clinic's (none given), a doctor's, or a patient's own (her account's). */
export type FigureScope = { doctorId?: number; userId?: number };

/** A patient's own appointments, read from the table: a handful of rows on the user's index. */
async function countPatientStats(db: Db, userId: number, today: string) {
  const a = appointments;
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${a.status} = 'PENDING'))::int`,
      awaiting: sql<number>`(count(*) filter (where ${a.status} = 'AWAITING_DOCTOR_APPROVAL'))::int`,
      confirmed: sql<number>`(count(*) filter (where ${a.status} = 'CONFIRMED'))::int`,
      today: sql<number>`(count(*) filter (where ${a.appointmentDate} = ${today} and ${notInArray(a.status, [...INACTIVE_STATUSES])}))::int`,
    })
    .from(a)
    .where(eq(a.userId, userId));
  return rows[0]!;
}

async function countPatientFigures(db: Db, userId: number, fromMonth?: string): Promise<FigureRow[]> {
  const a = appointments;
  const month = sql<string>`to_char(date_trunc('month', ${a.appointmentDate}::date), 'YYYY-MM-DD')`;
  return db
    .select({
      month: fromMonth ? month : sql<null>`null`,
      status: a.status,
      n: sql<number>`count(*)::int`,
      amountSum: sql<number>`coalesce(sum(${a.paymentAmount}), 0)::bigint`.mapWith(Number),
      unpriced: sql<number>`(count(*) filter (where ${a.paymentAmount} is null))::int`,
    })
    .from(a)
    .where(and(eq(a.userId, userId), fromMonth ? gte(a.appointmentDate, fromMonth) : undefined))
    .groupBy(...(fromMonth ? [month, a.status] : [a.status]));
}

/** The figures by status of the appointments dated `from` to `to` (both included), from the day counts. */
export async function countFiguresBetween(db: Db, scope: FigureScope, from: string, to: string): Promise<FigureRow[]> {
  const sums = <T extends typeof appointmentDayCounts | typeof appointmentDoctorDayCounts>(t: T) => ({
    month: sql<null>`null`,
    status: t.status,
    n: sql<number>`coalesce(sum(${t.n}), 0)::int`,
    amountSum: sql<number>`coalesce(sum(${t.amountSum}), 0)::bigint`.mapWith(Number),
    unpriced: sql<number>`coalesce(sum(${t.unpriced}), 0)::int`,
  });
  if (scope.userId) {
    const a = appointments;
    return db
      .select({
        month: sql<null>`null`,
        status: a.status,
        n: sql<number>`count(*)::int`,
        amountSum: sql<number>`coalesce(sum(${a.paymentAmount}), 0)::bigint`.mapWith(Number),
        unpriced: sql<number>`(count(*) filter (where ${a.paymentAmount} is null))::int`,
      })
      .from(a)
      .where(and(eq(a.userId, scope.userId), gte(a.appointmentDate, from), lte(a.appointmentDate, to)))
      .groupBy(a.status);
  }
  if (scope.doctorId) {
    const t = appointmentDoctorDayCounts;
    return db
      .select(sums(t))
      .from(t)
      .where(and(eq(t.doctorId, scope.doctorId), gte(t.day, from), lte(t.day, to)))
      .groupBy(t.status);
  }
  const t = appointmentDayCounts;
  return db
    .select(sums(t))
    .from(t)
    .where(and(gte(t.day, from), lte(t.day, to)))
    .groupBy(t.status);
}

export async function countAppointmentStats(db: Db, scope: FigureScope, today: string) {
  if (scope.userId) return countPatientStats(db, scope.userId, today);
  if (scope.doctorId) {
    const t = appointmentDoctorDayCounts;
    const active = notInArray(t.status, [...INACTIVE_STATUSES]);
    const rows = await db
      .select({
        total: sql<number>`coalesce(sum(${t.n}), 0)::int`,
        pending: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'PENDING'), 0)::int`,
        awaiting: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'AWAITING_DOCTOR_APPROVAL'), 0)::int`,
        confirmed: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'CONFIRMED'), 0)::int`,
        today: sql<number>`coalesce(sum(${t.n}) filter (where ${t.day} = ${today} and ${active}), 0)::int`,
      })
      .from(t)
      .where(eq(t.doctorId, scope.doctorId));
    return rows[0]!;
  }
  const m = appointmentMonthCounts;
  const d = appointmentDayCounts;
  const rows = await db
    .select({
      total: sql<number>`coalesce(sum(${m.n}), 0)::int`,
      pending: sql<number>`coalesce(sum(${m.n}) filter (where ${m.status} = 'PENDING'), 0)::int`,
      awaiting: sql<number>`coalesce(sum(${m.n}) filter (where ${m.status} = 'AWAITING_DOCTOR_APPROVAL'), 0)::int`,
      confirmed: sql<number>`coalesce(sum(${m.n}) filter (where ${m.status} = 'CONFIRMED'), 0)::int`,
      today: sql<number>`(select coalesce(sum(${d.n}), 0)::int from ${d} where ${d.day} = ${today} and ${notInArray(d.status, [...INACTIVE_STATUSES])})`,
    })
    .from(m);
  return rows[0]!;
}

export type FigureRow = { month: string | null; status: string; n: number; amountSum: number; unpriced: number };

/**
 * The kept counts by status (and by month from `fromMonth` on, when given), with their recorded
 * amounts: the clinic's from the month table, a doctor's from his day table.
 */
export async function countFigures(db: Db, scope: FigureScope, fromMonth?: string): Promise<FigureRow[]> {
  if (scope.userId) return countPatientFigures(db, scope.userId, fromMonth);
  if (scope.doctorId) {
    const t = appointmentDoctorDayCounts;
    const month = sql<string>`to_char(date_trunc('month', ${t.day}), 'YYYY-MM-DD')`;
    return db
      .select({
        month: fromMonth ? month : sql<null>`null`,
        status: t.status,
        n: sql<number>`sum(${t.n})::int`,
        amountSum: sql<number>`sum(${t.amountSum})::bigint`.mapWith(Number),
        unpriced: sql<number>`sum(${t.unpriced})::int`,
      })
      .from(t)
      .where(and(eq(t.doctorId, scope.doctorId), fromMonth ? gte(t.day, fromMonth) : undefined))
      .groupBy(...(fromMonth ? [month, t.status] : [t.status]));
  }
  const t = appointmentMonthCounts;
  return db
    .select({
      month: fromMonth ? sql<string>`${t.month}::text` : sql<null>`null`,
      status: t.status,
      n: sql<number>`sum(${t.n})::int`,
      amountSum: sql<number>`sum(${t.amountSum})::bigint`.mapWith(Number),
      unpriced: sql<number>`sum(${t.unpriced})::int`,
    })
    .from(t)
    .where(fromMonth ? gte(t.month, fromMonth) : undefined)
    .groupBy(...(fromMonth ? [t.month, t.status] : [t.status]));
}

/**
 * A doctor's appointments awaiting his answer: how many, how many on the clinic's today, and how
 * many start between now and `urgentUntil` (the slot's wall time read in the clinic's zone).
 */
/** The clinic-time date and time of each appointment awaiting the doctor's answer. */
export async function awaitingDoctorSlots(db: Db, doctorId: number): Promise<{ date: string; time: string }[]> {
  return db
    .select({ date: appointments.appointmentDate, time: appointments.appointmentTime })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.status, 'AWAITING_DOCTOR_APPROVAL')));
}
