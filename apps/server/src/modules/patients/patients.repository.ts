import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EXAMINABLE_STATUSES,
  EXAMINED_STATUSES,
  UPCOMING_STATUSES,
  type AppointmentStatus,
  type Gender,
  type PatientFilter,
} from '@clinic/shared';
import { literalList } from '../../db/sql-lists';
import { inVietnameseOrder } from '../../db/vietnamese-order';
import type { Db } from '../../db/client';
import { appointments, departments, patientSummaries, users } from '../../db/schema';
import { containsPattern, startsWithPattern } from '../../lib/text';

/** Whose list: the clinic's (doctorId 0) or one doctor's own patients. */
export type PatientScope = { doctorId: number };

export type PatientListFilter = {
  /** Folded name, phone or e-mail. */
  text?: string;
  filter: PatientFilter;
  /** The clinic's today: "upcoming" and "last visit" depend on it. */
  today: string;
  /** The clinic's time now, HH:MM: the next appointment starts after it (issue 25, defect 10). */
  time: string;
  /** One person only. */
  email?: string;
};

export type PatientAccountRow = {
  id: number;
  username: string;
  gender: Gender | null;
  birth: string | null;
  citizenId: string | null;
};
export type VisitRow = {
  id: number;
  appointmentDate: string;
  appointmentTime: string;
  department: string;
  departmentName: string | null;
  status: AppointmentStatus;
  paymentAmount: number | null;
  reason: string | null;
  notes: string | null;
  doctorId: number | null;
  doctorName: string | null;
};

const s = patientSummaries;
// Written out in the correlated subqueries: drizzle leaves a lone table's columns unqualified there.
const outerEmail = sql.raw('"patient_summaries"."email"');
const outerUserId = sql.raw('"patient_summaries"."user_id"');

function listWhere(scope: PatientScope, f: PatientListFilter): SQL | undefined {
  const text = f.text
    ? sql`${s.searchText} like ${f.text.length < 3 ? startsWithPattern(f.text) : containsPattern(f.text)}`
    : undefined;
  const period =
    f.filter === 'upcoming'
      ? gte(s.lastUpcomingDate, f.today)
      : f.filter === 'past'
        ? or(isNull(s.lastUpcomingDate), lt(s.lastUpcomingDate, f.today))
        : undefined;
  return and(eq(s.doctorId, scope.doctorId), f.email ? eq(s.email, f.email) : undefined, text, period);
}

/** The appointments of the row's person picked by `where`, in `order`, at most `limit`, as JSON rows. */
function visitRows(scope: PatientScope, where: SQL, order: SQL, limit: number, extra: SQL = sql``): SQL {
  // The clinic's list never shows a record kept restricted (issue 26); its treating doctor's does.
  const scoped = scope.doctorId ? sql`and a.doctor_id = ${scope.doctorId}` : sql`and not a.restricted`;
  return sql`select ${extra} a.id, a.appointment_date::text as "appointmentDate", a.appointment_time as "appointmentTime", a.department,
      d.department_name as "departmentName", a.status, a.payment_amount as "paymentAmount", a.reason, a.notes,
      a.doctor_id as "doctorId", doc.full_name as "doctorName"
    from appointments a
    left join departments d on d.code = a.department
    left join users doc on doc.id = a.doctor_id
    where a.email = ${outerEmail} ${scoped} and ${where}
    order by ${order} limit ${sql.raw(String(limit))}`;
}

/** The appointment of the row's person picked by `where` and `order`, as JSON (null when none). */
function visitJson(scope: PatientScope, where: SQL, order: SQL): SQL<VisitRow | null> {
  return sql<VisitRow | null>`(select to_jsonb(v) from (${visitRows(scope, where, order, 1)}) v)`;
}

/** The same, every one of them (up to `limit`), as a JSON array in that order. */
function visitsJson(scope: PatientScope, where: SQL, order: SQL, limit: number): SQL<VisitRow[]> {
  const position = sql`row_number() over (order by ${order}) as n,`;
  return sql<VisitRow[]>`(select coalesce(jsonb_agg(to_jsonb(v) - 'n' order by v.n), '[]'::jsonb) from (
    ${visitRows(scope, where, order, limit, position)}) v)`;
}

/** How many visits a doctor is offered to choose from in one patient's row. */
const ACTIONABLE_LIMIT = 20;

/**
 * A page of patients in Vietnamese name order, walking the (doctor, name) index of
 * patient_summaries, each with the account behind it, the last visit, the next appointment and (for
 * a doctor) the appointment his actions act on: one round trip, a few index reads per row.
 */
export async function listPatientSummaries(
  db: Db,
  scope: PatientScope,
  f: PatientListFilter,
  page: { limit: number; offset: number },
  forDoctor: boolean,
) {
  return db
    .select({
      email: s.email,
      fullName: s.fullName,
      phone: s.phone,
      total: s.total,
      confirmed: s.confirmed,
      account: sql<PatientAccountRow | null>`coalesce(
        (select to_jsonb(u) from (select id, username, gender, birth::text as birth, citizen_id as "citizenId" from users where id = ${outerUserId}) u),
        (select to_jsonb(u) from (select id, username, gender, birth::text as birth, citizen_id as "citizenId" from users where lower(email) = ${outerEmail} limit 1) u))`,
      lastVisit: visitJson(
        scope,
        sql`a.status in (${literalList(EXAMINED_STATUSES)}) and a.appointment_date < ${f.today}`,
        sql`a.appointment_date desc, a.appointment_time desc`,
      ),
      nextVisit: visitJson(
        scope,
        sql`a.status in (${literalList(UPCOMING_STATUSES)}) and (a.appointment_date > ${f.today}
          or (a.appointment_date = ${f.today} and a.appointment_time > ${f.time}))`,
        sql`a.appointment_date, a.appointment_time`,
      ),
      // The doctor's choice for notes and no-show (docs/PRODUCT.md §11): visits that can take notes
      // and have come, today's first, then the earlier days' (the specification's "first") oldest first.
      actionable: forDoctor
        ? visitsJson(
            scope,
            sql`a.status in (${literalList(EXAMINABLE_STATUSES)}) and a.appointment_date <= ${f.today}`,
            sql`a.appointment_date = ${f.today} desc, a.appointment_date, a.appointment_time, a.id`,
            ACTIONABLE_LIMIT,
          )
        : sql<VisitRow[]>`'[]'::jsonb`,
    })
    .from(s)
    .where(listWhere(scope, f))
    .orderBy(asc(inVietnameseOrder(s.fullName)), asc(s.email))
    .limit(page.limit)
    .offset(page.offset);
}
export type PatientSummaryRow = Awaited<ReturnType<typeof listPatientSummaries>>[number];

/** The filter's total, and the three cards (specification section 2) for the same scope and search. */
export async function countPatients(db: Db, scope: PatientScope, f: PatientListFilter) {
  const upcoming = sql`${s.lastUpcomingDate} >= ${f.today}`;
  const matching =
    f.filter === 'upcoming'
      ? upcoming
      : f.filter === 'past'
        ? sql`(${s.lastUpcomingDate} is null or ${s.lastUpcomingDate} < ${f.today})`
        : sql`true`;
  const rows = await db
    .select({
      total: sql<number>`(count(*) filter (where ${matching}))::int`,
      totalPatients: sql<number>`count(*)::int`,
      withUpcoming: sql<number>`(count(*) filter (where ${upcoming}))::int`,
      totalConfirmed: sql<number>`coalesce(sum(${s.confirmed}), 0)::int`,
    })
    .from(s)
    .where(listWhere(scope, { ...f, filter: 'all' }));
  return rows[0]!;
}

const doctor = alias(users, 'doctor');

/** Every appointment of the person the caller may see, newest first: the detail modal's visit history. */
export async function listPatientVisits(db: Db, scope: PatientScope, email: string): Promise<VisitRow[]> {
  return db
    .select({
      id: appointments.id,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      department: appointments.department,
      departmentName: departments.departmentName,
      status: appointments.status,
      paymentAmount: appointments.paymentAmount,
      reason: appointments.reason,
      notes: appointments.notes,
      doctorId: appointments.doctorId,
      doctorName: doctor.fullName,
    })
    .from(appointments)
    .leftJoin(departments, eq(departments.code, appointments.department))
    .leftJoin(doctor, eq(doctor.id, appointments.doctorId))
    .where(
      and(
        eq(appointments.email, email),
        // A record kept restricted (issue 26): its treating doctor's history only.
        scope.doctorId ? eq(appointments.doctorId, scope.doctorId) : eq(appointments.restricted, false),
      ),
    )
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime), desc(appointments.id));
}
