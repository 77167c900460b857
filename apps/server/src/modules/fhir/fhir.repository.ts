import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus, CarePlanStatus } from '@clinic/shared';
import type { Db } from '../../db/client';
import { containsPattern, foldText } from '../../lib/text';
import { accessRecords, appointments, carePlans, consents, departments, users } from '../../db/schema';

/**
 * The FHIR resources are read from the product's own tables (issue 38: no second copy). Every list
 * answers one page and the whole count.
 */

export type Paging = { count: number; offset: number };
export type Found<T> = { rows: T[]; total: number };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `column in (values)`; nothing at all for an empty list (a search for an id that cannot exist). */
const within = (column: Parameters<typeof inArray>[0], values: unknown[]): SQL =>
  values.length ? inArray(column, values) : sql`false`;

export async function allDepartments(db: Db) {
  return db
    .select({
      id: departments.id,
      code: departments.code,
      departmentName: departments.departmentName,
      specialtyName: departments.specialtyName,
      slotCapacity: departments.slotCapacity,
    })
    .from(departments)
    .orderBy(asc(departments.id));
}
export type DepartmentRecord = Awaited<ReturnType<typeof allDepartments>>[number];

const personColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  birth: users.birth,
  gender: users.gender,
  phone: users.phone,
  citizenId: users.citizenId,
  active: users.active,
  specialty: users.specialty,
};

export type PersonFilter = {
  ids?: number[];
  /** Any part of the name, case-insensitive. */
  name?: string[];
  phone?: string[];
  email?: string[];
  username?: string[];
  /** A user name (lower case) or a citizen identification number: either matches (Patient's `identifier`). */
  identifier?: { usernames: string[]; citizenIds: string[] };
  specialty?: string[];
  active?: boolean;
};

async function people(db: Db, role: 'DOCTOR' | 'PATIENT', f: PersonFilter, page: Paging) {
  const where: SQL[] = [eq(users.role, role)];
  if (f.ids) where.push(within(users.id, f.ids));
  for (const n of f.name ?? []) where.push(sql`${users.fullName} ilike ${`%${escapeLike(n)}%`}`);
  if (f.phone) where.push(within(users.phone, f.phone));
  if (f.email) where.push(within(sql`lower(${users.email})`, f.email));
  if (f.username) where.push(within(sql`lower(${users.username})`, f.username));
  if (f.identifier)
    where.push(
      or(
        within(sql`lower(${users.username})`, f.identifier.usernames),
        within(users.citizenId, f.identifier.citizenIds),
      )!,
    );
  if (f.specialty) where.push(within(users.specialty, f.specialty));
  if (f.active !== undefined) where.push(eq(users.active, f.active));
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    db.select(personColumns).from(users).where(condition).orderBy(asc(users.id)).limit(page.count).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type PersonRecord = Awaited<ReturnType<typeof people>>['rows'][number];

export const doctors = (db: Db, f: PersonFilter, page: Paging) => people(db, 'DOCTOR', f, page);
export const patientAccounts = (db: Db, f: PersonFilter, page: Paging) => people(db, 'PATIENT', f, page);

/** Patients named by a search: accounts (`Patient/12`) and people who booked without one (`Patient/booking-34`). */
export type PatientRefs = { userIds: number[]; bookingIds: number[] };

/** A booking without an account whose person is served as Patient booking-{id} (bookingPeople's rule). */
const isBookingPerson = (): SQL =>
  and(isNull(appointments.userId), eq(appointments.restricted, false), isNull(appointments.deidentifiedAt))!;

/** The appointments of these patients: an account's, or the one booking of a booking-{id}. */
const ofPatients = (p: PatientRefs): SQL =>
  or(within(appointments.userId, p.userIds), and(within(appointments.id, p.bookingIds), isBookingPerson()))!;

/**
 * Someone who booked without an account (issue 38): one Patient per such booking, read from the
 * booking itself. Never a restricted record (issue 26) nor one whose details were erased.
 */
export type BookingPersonFilter = {
  /** The bookings' ids (`_id` booking-{id}, or the identifier {base}/sid/booking|{id}). */
  ids?: number[];
  /** Any part of the name as typed, case-insensitive (each must match). */
  name?: string[];
  /** Digits only, as the booking keeps it (appointments_phone_idx). */
  phone?: string[];
  /** Lower case, as the booking keeps it (appointments_email_idx). */
  email?: string[];
  /** A citizen identification number the desk recorded, or the booking's id: either matches. */
  identifier?: { citizenIds: string[]; ids: number[] };
};

export async function bookingPeople(db: Db, f: BookingPersonFilter, page: Paging) {
  const where: SQL[] = [isBookingPerson()];
  if (f.ids) where.push(within(appointments.id, f.ids));
  for (const n of f.name ?? []) {
    // The folded search text (name, phone, e-mail) holds the name whenever the name matches: its
    // trigram index finds the few candidates instead of reading every booking (docs/FHIR.md).
    const folded = foldText(n);
    if (folded.length >= 3) where.push(sql`${appointments.searchText} like ${containsPattern(folded)}`);
    where.push(sql`${appointments.fullName} ilike ${`%${escapeLike(n)}%`}`);
  }
  if (f.phone) where.push(within(appointments.phone, f.phone));
  if (f.email) where.push(within(appointments.email, f.email));
  if (f.identifier)
    where.push(or(within(appointments.citizenId, f.identifier.citizenIds), within(appointments.id, f.identifier.ids))!);
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    page.count > 0
      ? db
          .select({
            id: appointments.id,
            fullName: appointments.fullName,
            phone: appointments.phone,
            email: appointments.email,
            citizenId: appointments.citizenId,
          })
          .from(appointments)
          .where(condition)
          .orderBy(asc(appointments.id))
          .limit(page.count)
          .offset(page.offset)
      : Promise.resolve([]),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type BookingPersonRecord = Awaited<ReturnType<typeof bookingPeople>>['rows'][number];

/** A bound of the visit's start on the clinic's wall clock: a date alone, or a date and HH:MM. */
export type WallBound = { op: '=' | '>=' | '>' | '<=' | '<'; date: string; time?: string };

export type AppointmentFilter = {
  ids?: number[];
  bounds?: WallBound[];
  /** Her account's bookings, or the bookings made without one (a Patient booking-{id} each). */
  patients?: PatientRefs;
  doctorIds?: number[];
  statuses?: AppointmentStatus[];
  departments?: string[];
};

const appointmentColumns = {
  id: appointments.id,
  fullName: appointments.fullName,
  phone: appointments.phone,
  email: appointments.email,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  department: appointments.department,
  status: appointments.status,
  doctorId: appointments.doctorId,
  doctorName: users.fullName,
  userId: appointments.userId,
  cancelReason: appointments.cancelReason,
  deidentifiedAt: appointments.deidentifiedAt,
  createdAt: appointments.createdAt,
  depositAmount: appointments.depositAmount,
  /** A deposit's deadline, or a FHIR hold's end (depositAmount null). */
  holdUntil: appointments.depositDueAt,
  depositPaidAt: appointments.depositPaidAt,
};

/**
 * Appointments, oldest visit first. A restricted record (kept after its patient's deletion, issue 26)
 * is for the treating doctor and ADMIN only: never through FHIR.
 */
export async function findAppointments(db: Db, f: AppointmentFilter, page: Paging) {
  const where: SQL[] = [eq(appointments.restricted, false)];
  if (f.ids) where.push(within(appointments.id, f.ids));
  if (f.patients) where.push(ofPatients(f.patients));
  if (f.doctorIds) where.push(within(appointments.doctorId, f.doctorIds));
  if (f.statuses) where.push(within(appointments.status, f.statuses));
  if (f.departments) where.push(within(appointments.department, f.departments));
  for (const b of f.bounds ?? []) {
    const op = sql.raw(b.op);
    where.push(
      b.time === undefined
        ? sql`${appointments.appointmentDate} ${op} ${b.date}::date`
        : sql`(${appointments.appointmentDate}::text || ' ' || ${appointments.appointmentTime}) ${op} ${`${b.date} ${b.time}`}`,
    );
  }
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select(appointmentColumns)
      .from(appointments)
      .leftJoin(users, eq(users.id, appointments.doctorId))
      .where(condition)
      .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type AppointmentRecord = Awaited<ReturnType<typeof findAppointments>>['rows'][number];

// ---------------------------------------------------------------- care plans, consents, the access log

export type CarePlanFilter = { ids?: number[]; userIds?: number[]; statuses?: CarePlanStatus[] };

/** Care plans, oldest first (their visits are read through the care plans' own view of them). */
export async function findCarePlans(db: Db, f: CarePlanFilter, page: Paging) {
  const where: SQL[] = [sql`true`];
  if (f.ids) where.push(within(carePlans.id, f.ids));
  if (f.userIds) where.push(within(carePlans.userId, f.userIds));
  if (f.statuses) where.push(within(carePlans.status, f.statuses));
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select({ id: carePlans.id, userId: carePlans.userId })
      .from(carePlans)
      .where(condition)
      .orderBy(asc(carePlans.id))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(carePlans)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export type ConsentFilter = { ids?: number[]; patients?: PatientRefs };

/** Recorded consents, oldest first, with the name on the booking each was given with (kept, not restricted). */
export async function findConsents(db: Db, f: ConsentFilter, page: Paging) {
  const where: SQL[] = [sql`true`];
  if (f.ids) where.push(within(consents.id, f.ids));
  if (f.patients)
    where.push(
      or(
        within(consents.userId, f.patients.userIds),
        // Given with a booking made without an account: that booking's Patient.
        and(
          isNull(consents.userId),
          sql`${consents.appointmentId} in (select ${appointments.id} from ${appointments} where ${and(
            within(appointments.id, f.patients.bookingIds),
            isBookingPerson(),
          )})`,
        ),
      )!,
    );
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: consents.id,
        purpose: consents.purpose,
        source: consents.source,
        channel: consents.channel,
        noticeVersion: consents.noticeVersion,
        phone: consents.phone,
        email: consents.email,
        userId: consents.userId,
        appointmentId: consents.appointmentId,
        givenAt: consents.givenAt,
        withdrawnAt: consents.withdrawnAt,
        // A restricted record (issue 26) never reaches FHIR, its name neither.
        bookedName: sql<string | null>`case when ${appointments.deidentifiedAt} is null
          and not ${appointments.restricted} then ${appointments.fullName} end`,
        /** The booking's Patient (booking-{id}) when it was made without an account and is still served. */
        bookingPersonId: sql<number | null>`case when ${isBookingPerson()} then ${appointments.id} end`,
      })
      .from(consents)
      .leftJoin(appointments, eq(appointments.id, consents.appointmentId))
      .where(condition)
      .orderBy(asc(consents.id))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(consents)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type ConsentRecord = Awaited<ReturnType<typeof findConsents>>['rows'][number];

export type AccessRecordFilter = {
  ids?: number[];
  /** Bounds of the moment of access on the clinic's wall clock. */
  bounds?: WallBound[];
  /** Any part of the actor's name, case-insensitive (each must match). */
  agentNames?: string[];
  appointmentIds?: number[];
};

/** The access log, newest first. */
export async function findAccessRecords(db: Db, f: AccessRecordFilter, timeZone: string, page: Paging) {
  const where: SQL[] = [sql`true`];
  if (f.ids) where.push(within(accessRecords.id, f.ids));
  if (f.appointmentIds) where.push(within(accessRecords.appointmentId, f.appointmentIds));
  for (const n of f.agentNames ?? []) where.push(sql`${accessRecords.actorName} ilike ${`%${escapeLike(n)}%`}`);
  const wall = sql`(${accessRecords.accessedAt} at time zone ${timeZone})`;
  for (const b of f.bounds ?? []) {
    const op = sql.raw(b.op);
    where.push(
      b.time === undefined
        ? sql`${wall}::date ${op} ${b.date}::date`
        : sql`to_char(${wall}, 'YYYY-MM-DD HH24:MI') ${op} ${`${b.date} ${b.time}`}`,
    );
  }
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: accessRecords.id,
        accessedAt: accessRecords.accessedAt,
        actorId: accessRecords.actorId,
        actorName: accessRecords.actorName,
        actorRole: accessRecords.actorRole,
        target: accessRecords.target,
        outcome: accessRecords.outcome,
        appointmentId: accessRecords.appointmentId,
        subjectEmail: accessRecords.subjectEmail,
        subjectName: accessRecords.subjectName,
        address: accessRecords.address,
      })
      .from(accessRecords)
      .where(condition)
      .orderBy(desc(accessRecords.accessedAt), desc(accessRecords.id))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accessRecords)
      .where(condition),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type AccessRecordRecord = Awaited<ReturnType<typeof findAccessRecords>>['rows'][number];
