import { and, eq, gte, inArray, lte, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { INACTIVE_STATUSES } from '@clinic/shared';
import { rowsOf, type Db } from '../../../db/client';
import {
  appointmentDayCounts,
  appointmentDoctorDayCounts,
  appointmentMonthCounts,
  appointments,
  type AppointmentRow,
} from '../../../db/schema';
import { containsPattern, startsWithPattern } from '../../../lib/text';
import { viewQuery, type AppointmentView } from '../appointments.repository';

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

/** One key of a list's order: what is compared, and which way. */
type SortKey = { expr: SQL; desc: boolean; isId?: boolean };

/** Every order ends on id, so a page never shows a row twice or skips one between two clicks. */
function sortKeys(field: SortField, dir: 'asc' | 'desc', searching: boolean): SortKey[] {
  const d = dir === 'desc';
  const a = appointments;
  const key = (expr: SQL | AnyColumn, desc = d): SortKey => ({ expr: sql`${expr}`, desc, isId: expr === a.id });
  switch (field) {
    case 'appointmentDate':
      return [key(a.appointmentDate), key(a.appointmentTime), key(a.id)];
    case 'createdAt':
      return [key(a.createdAt), key(a.id)];
    case 'updatedAt':
      return [key(a.updatedAt), key(a.id)];
    case 'fullName':
      // Served by appointments_name_idx (migration 0025), which has the same collation. Not for a
      // text search: walking every name in order to find the few that match read the table row of
      // each (3.8 s for "nguyen thi" at a million); the matches, found by the trigram index, are
      // sorted instead (the same order: `|| ''` changes no name, only hides the index).
      return [
        key(searching ? sql`(${a.fullName} || '') collate "vietnamese"` : sql`${a.fullName} collate "vietnamese"`),
        key(a.id),
      ];
    case 'status':
      return [key(a.status), key(a.appointmentDate, true), key(a.id)];
    case 'department':
      return [key(a.department), key(a.appointmentDate, true), key(a.id)];
    case 'id':
      return [key(a.id)];
  }
}

const orderOf = (keys: SortKey[]): SQL[] => keys.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`));
const reversed = (keys: SortKey[]): SortKey[] => keys.map((k) => ({ ...k, desc: !k.desc }));

/**
 * The rows after the anchor row in the order of `keys` (with `inclusive`, the anchor too). The
 * anchor's values are read in SQL (an InitPlan each, once per query), never through JavaScript: a
 * timestamp keeps its microseconds, a name its collation. One direction throughout is a row
 * comparison the index range starts at; mixed directions add the first key's bound for the same.
 */
function afterAnchor(keys: SortKey[], anchorId: number, inclusive: boolean): SQL {
  const a = appointments;
  const value = (k: SortKey) =>
    k.isId ? sql`${anchorId}::int` : sql`(select ${k.expr} from ${a} where ${a.id} = ${anchorId})`;
  const last = keys.length - 1;
  if (keys.every((k) => k.desc === keys[0]!.desc)) {
    const op = keys[0]!.desc ? (inclusive ? sql`<=` : sql`<`) : inclusive ? sql`>=` : sql`>`;
    return sql`(${sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    )}) ${op} (${sql.join(keys.map(value), sql`, `)})`;
  }
  const beyond = (k: SortKey, i: number) =>
    i === last && inclusive ? (k.desc ? sql`<=` : sql`>=`) : k.desc ? sql`<` : sql`>`;
  let cond: SQL = sql`${keys[last]!.expr} ${beyond(keys[last]!, last)} ${value(keys[last]!)}`;
  for (let i = last - 1; i >= 0; i--) {
    const k = keys[i]!;
    cond = sql`(${k.expr} ${beyond(k, i)} ${value(k)} or (${k.expr} = ${value(k)} and ${cond}))`;
  }
  const first = keys[0]!;
  return sql`${first.expr} ${first.desc ? sql`<=` : sql`>=`} ${value(first)} and ${cond}`;
}

/**
 * Where a page's rows are read from: counted from the start of the order, from its end (read
 * backwards), or from a row of the page on screen (after its last row, before its first); `skip`
 * rows are passed over first. Every way gives the same rows as counting from the start.
 */
export type PageRead =
  | { from: 'start'; skip: number }
  | { from: 'end'; skip: number }
  | { from: 'after'; anchor: number; skip: number; inclusive?: boolean }
  | { from: 'before'; anchor: number; skip: number };

/**
 * One page: the page's ids come first, from an index alone (the filter's and the order's), and
 * only those rows are joined to their doctor, account and department; joining first would join
 * every matching row before the sort.
 */
export async function listAppointmentViews(
  db: Db,
  filter: AppointmentFilter,
  page: { limit: number; sort: SortField; dir: 'asc' | 'desc' } & ({ offset: number } | { read: PageRead }),
): Promise<AppointmentView[]> {
  const read: PageRead = 'read' in page ? page.read : { from: 'start', skip: page.offset };
  const keys = sortKeys(page.sort, page.dir, Boolean(filter.text));
  const backwards = read.from === 'end' || read.from === 'before';
  const walk = backwards ? reversed(keys) : keys;
  const order = orderOf(walk);
  const keyset =
    read.from === 'after'
      ? afterAnchor(keys, read.anchor, read.inclusive ?? false)
      : read.from === 'before'
        ? afterAnchor(walk, read.anchor, false)
        : undefined;
  const ids = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(filterWhere(filter), keyset))
    .orderBy(...order)
    .limit(page.limit)
    .offset(read.skip);
  const rows = await viewQuery(db)
    .where(inArray(appointments.id, ids))
    .orderBy(...order);
  return backwards ? rows.reverse() : rows;
}

/** Whether the anchors (a cursor's rows) still match the filter: a row gone or changed out of it anchors nothing. */
export async function anchorsInFilter(db: Db, filter: AppointmentFilter, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(inArray(appointments.id, ids), filterWhere(filter)));
  return new Set(rows.map((r) => r.id));
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
