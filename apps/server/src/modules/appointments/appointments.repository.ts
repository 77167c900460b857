import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentProvider, RefundSummary } from '@clinic/shared';
import { rowsOf, type Db } from '../../db/client';
import type { OutboxRows } from '../notifications/notifications.service';
import {
  appointmentEvents,
  appointments,
  departments,
  medicalSpecialties,
  users,
  type AppointmentRow,
  type NewAppointmentEventRow,
  type NewAppointmentRow,
  waitingListEntries,
} from '../../db/schema';

const doctor = alias(users, 'doctor');
const patientUser = alias(users, 'patient_user');

/** An appointment with what its screens show next to it: the doctor, the linked account, the department's name. */
const viewColumns = {
  appointment: appointments,
  doctor: { id: doctor.id, fullName: doctor.fullName, specialty: doctor.specialty, email: doctor.email },
  user: {
    id: patientUser.id,
    username: patientUser.username,
    fullName: patientUser.fullName,
    email: patientUser.email,
    phone: patientUser.phone,
    gender: patientUser.gender,
    birth: patientUser.birth,
  },
  departmentName: departments.departmentName,
  // Issue 35: how a paid deposit was paid, and what the visit gives back, read with the row (the
  // lists poll them). Each a lookup by the visit's id on its own index (payment_attempts_appointment_idx,
  // refunds_appointment_idx), run only for the page's rows. Written out: drizzle would print the outer
  // column unqualified, which inside the subquery means the inner table's.
  depositMethod: sql<PaymentProvider | null>`case when "appointments"."deposit_paid_at" is not null then
    (select pa.provider from payment_attempts pa where pa.appointment_id = "appointments"."id"
      and pa.kind = 'DEPOSIT' and pa.status in ('PAID', 'REFUND_DUE') order by pa.id limit 1) end`,
  refund: sql<RefundSummary | null>`(select json_build_object(
      'amount', sum(r.amount),
      'status', case when bool_and(r.status = 'DONE') then 'DONE'
        else (array_agg(r.status order by r.id) filter (where r.status <> 'DONE'))[1] end,
      'provider', (array_agg(r.provider order by r.id))[1],
      'doneAt', max(r.done_at))
    from refunds r where r.appointment_id = "appointments"."id" having count(*) > 0)`.mapWith(refundSummaryOf),
};

/** The refund summary's JSON as the driver hands it (parsed or not), with its numbers as numbers. */
function refundSummaryOf(value: unknown): RefundSummary | null {
  if (value == null) return null;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  return {
    amount: Number(v.amount),
    status: v.status as RefundSummary['status'],
    provider: (v.provider as RefundSummary['provider']) ?? null,
    doneAt: v.doneAt == null ? null : new Date(v.doneAt as string).toISOString(),
  };
}

export function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(appointments)
    .leftJoin(doctor, eq(doctor.id, appointments.doctorId))
    .leftJoin(patientUser, eq(patientUser.id, appointments.userId))
    .leftJoin(departments, eq(departments.code, appointments.department));
}
export type AppointmentView = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

export async function findAppointmentView(db: Db, id: number): Promise<AppointmentView | undefined> {
  const rows = await viewQuery(db).where(eq(appointments.id, id)).limit(1);
  return rows[0];
}

export async function appointmentViewsByIds(db: Db, ids: number[]): Promise<AppointmentView[]> {
  if (ids.length === 0) return [];
  return viewQuery(db).where(inArray(appointments.id, ids)).orderBy(asc(appointments.id));
}

/** The row, locked until the end of the transaction: every state change starts here. */
export async function lockAppointment(db: Db, id: number): Promise<AppointmentRow | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return rows[0];
}

export async function findAppointment(db: Db, id: number): Promise<AppointmentRow | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return rows[0];
}

export async function updateAppointment(
  db: Db,
  id: number,
  patch: Partial<NewAppointmentRow>,
): Promise<AppointmentRow> {
  const rows = await db.update(appointments).set(patch).where(eq(appointments.id, id)).returning();
  return rows[0]!;
}

export async function markAppointmentEmailSent(db: Db, id: number): Promise<void> {
  await db
    .update(appointments)
    .set({ emailSent: true })
    .where(and(eq(appointments.id, id), eq(appointments.emailSent, false)));
}

/** Who booked each of these appointments (bulk account creation), in id order. */
export async function findAppointmentContacts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      fullName: appointments.fullName,
      phone: appointments.phone,
      email: appointments.email,
    })
    .from(appointments)
    .where(inArray(appointments.id, ids))
    .orderBy(asc(appointments.id));
}

/** Gives every appointment of this e-mail that belongs to no account to this one; how many it gave. */
export async function linkAppointmentsToAccount(db: Db, email: string, userId: number): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ userId })
    .where(and(eq(appointments.email, email.toLowerCase()), isNull(appointments.userId)))
    .returning({ id: appointments.id });
  return rows.length;
}

export async function deleteAppointmentRow(db: Db, id: number): Promise<void> {
  await db.delete(appointments).where(eq(appointments.id, id));
}

export async function insertAppointmentEvents(db: Db, rows: NewAppointmentEventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(appointmentEvents).values(rows);
}

/** The trail, oldest first; the actor's current name when the account still exists, else the name kept at the time. */
export async function listAppointmentEvents(db: Db, appointmentId: number) {
  return db
    .select({
      id: appointmentEvents.id,
      appointmentId: appointmentEvents.appointmentId,
      action: appointmentEvents.action,
      fromStatus: appointmentEvents.fromStatus,
      toStatus: appointmentEvents.toStatus,
      note: appointmentEvents.note,
      actorId: appointmentEvents.actorId,
      actorName: sql<string | null>`coalesce(${users.fullName}, ${appointmentEvents.actorName})`,
      actorRole: appointmentEvents.actorRole,
      createdAt: appointmentEvents.createdAt,
    })
    .from(appointmentEvents)
    .leftJoin(users, eq(users.id, appointmentEvents.actorId))
    .where(eq(appointmentEvents.appointmentId, appointmentId))
    .orderBy(asc(appointmentEvents.createdAt), asc(appointmentEvents.id));
}

// ---------------------------------------------------------------- slots

export type Slot = { appointmentDate: string; appointmentTime: string; department: string };

/**
 * Serialises every booking into one slot until the transaction ends, across all server processes
 * (a transaction-scoped advisory lock: nothing to clean up, nothing held after a crash).
 */
export async function lockSlot(db: Db, slot: Slot): Promise<void> {
  await db.execute(sql`select clinic_lock_slot(${slot.appointmentDate}, ${slot.appointmentTime}, ${slot.department})`);
}

/**
 * The slot's capacity and what takes its places at `now`, as clinic_slot_count counts them
 * (src/db/functions/slot-rules.sql, the one definition, of `taken` and `held` too): the appointments
 * booked there, the people waiting, the offers held, and whether this person holds it already; the
 * appointment being moved and the offer being claimed left out.
 * Undefined for an unknown department. Counted under the slot's lock, it is the rule; without it, advice.
 */
export async function slotPlaces(
  db: Db,
  slot: Slot,
  now: Date,
  options: {
    person?: { phone: string; email: string | null };
    exceptAppointment?: number;
    exceptEntry?: number;
  } = {},
): Promise<SlotPlaces | undefined> {
  const result =
    await db.execute(sql`select capacity, booked, waiting, offered, taken, held, person_holds as "personHolds"
    from clinic_slot_count(${slot.appointmentDate}::date, ${slot.appointmentTime}, ${slot.department}, ${now.toISOString()}::timestamptz,
      ${options.person?.phone ?? null}, ${options.person?.email ?? null}, ${options.exceptAppointment ?? null}::integer, ${options.exceptEntry ?? null}::integer)`);
  const row = rowsOf<SlotPlaces>(result)[0];
  return row;
}

export type SlotPlaces = {
  capacity: number;
  booked: number;
  waiting: number;
  offered: number;
  personHolds: boolean;
  /** What a new booking counts against the capacity (booked + waiting + offered, summed by clinic_slot_count). */
  taken: number;
  /** What the offer job and a claim count (booked + offered, summed by clinic_slot_count). */
  held: number;
};

/**
 * What the booking form's availability answer counts, kept until an appointment, a waiting-list entry
 * or a department changes: the capacity and the places taken now, and when the first held offer
 * lapses (the count falls then, whatever is written).
 */
export async function slotAvailability(db: Db, slot: Slot, now: Date) {
  const result = await db.execute(sql`select p.capacity, p.taken,
      (select min(w.offer_expires_at) from ${waitingListEntries} w
        where w.appointment_date = ${slot.appointmentDate} and w.appointment_time = ${slot.appointmentTime}
          and w.department = ${slot.department} and w.status = 'OFFERED' and w.offer_expires_at > ${now.toISOString()}::timestamptz) as "firstLapse"
    from clinic_slot_count(${slot.appointmentDate}::date, ${slot.appointmentTime}, ${slot.department}, ${now.toISOString()}::timestamptz) p`);
  const row = rowsOf<{ capacity: number; taken: number; firstLapse: string | Date | null }>(result)[0];
  return (
    row && {
      capacity: row.capacity,
      taken: Number(row.taken),
      firstLapse: row.firstLapse ? new Date(row.firstLapse) : null,
    }
  );
}

/**
 * Every slot of one day of one department at once, counted as slotAvailability counts one (the
 * capacity and the places taken), with when the first held offer of the day lapses.
 * No rows for an unknown department.
 */
export async function dayAvailability(db: Db, date: string, department: string, times: readonly string[], now: Date) {
  const at = now.toISOString();
  const result = await db.execute(sql`select t.time, p.capacity, p.taken
    from unnest(${`{${times.join(',')}}`}::text[]) as t(time)
    cross join lateral clinic_slot_count(${date}::date, t.time, ${department}, ${at}::timestamptz) p
    order by t.time`);
  const lapse = await db.execute(sql`select min(w.offer_expires_at) as "firstLapse" from ${waitingListEntries} w
    where w.appointment_date = ${date} and w.department = ${department} and w.status = 'OFFERED'
      and w.offer_expires_at > ${at}::timestamptz`);
  const first = rowsOf<{ firstLapse: string | Date | null }>(lapse)[0]?.firstLapse;
  return {
    slots: rowsOf<{ time: string; capacity: number; taken: number }>(result).map((r) => ({
      time: r.time,
      capacity: r.capacity,
      taken: Number(r.taken),
    })),
    firstLapse: first ? new Date(first) : null,
  };
}

/** The department a booking is for, and the id its appointment will have (drawn before the slot's lock). */
export async function departmentWithNewId(db: Db, code: string) {
  const result =
    await db.execute(sql`select d.code, d.department_name as "departmentName", d.specialty_name as "specialtyName", d.slot_capacity as "slotCapacity",
    d.deposit_amount::int as "depositAmount", nextval(pg_get_serial_sequence('appointments', 'id'))::int as id from ${departments} d where d.code = ${code}`);
  return rowsOf<{
    code: string;
    departmentName: string;
    specialtyName: string;
    slotCapacity: number;
    depositAmount: number | null;
    id: number;
  }>(result)[0];
}

/** `n` new appointment ids, drawn from the sequence at once. */
export async function drawAppointmentIds(db: Db, n: number): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('appointments', 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

/** One appointment as src/db/functions/appointments-made.sql takes it. */
export type OneCallBooking = {
  appointment: Pick<
    NewAppointmentRow,
    | 'fullName'
    | 'phone'
    | 'email'
    | 'appointmentDate'
    | 'appointmentTime'
    | 'department'
    | 'reason'
    | 'userId'
    | 'followUpOfId'
    | 'searchText'
    | 'status'
    | 'doctorId'
    | 'doctorNotifiedAt'
    | 'paymentCompleted'
    | 'paymentAmount'
    | 'depositAmount'
    | 'depositDueAt'
    | 'createdAt'
  > & { id: number };
  now: Date;
  /** The waiting-list entry whose held offer this booking takes. */
  claimsEntry?: number;
  /** Its history, oldest first. */
  events: {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    note: string | null;
    actorId: number | null;
    actorName: string | null;
    actorRole: string | null;
  }[];
  linkHash: string | null;
  /** The deposit's pay link (its SHA-256), made with a booking that holds its slot for a deposit. */
  payLinkHash?: string;
  /**
   * Its outbox rows as modules/notifications builds them (outboxRowsOf): each e-mail rendered (html and
   * text) or kept as its data, and the same events to her phone (Zalo, else SMS), written in the same
   * call: never a booking without them. Their appointment is this one.
   */
  emails: OutboxRows['emails'];
  messages?: OutboxRows['messages'];
  /** The consents given with it, recorded in the same call with the booking's phone, e-mail and account. */
  consents?: { purpose: string; source: string; channel: string; noticeVersion: string; recordedById: number | null }[];
};

export type BookingOutcome = 'OK' | 'ALREADY_BOOKED' | 'SLOT_FULL' | 'UNKNOWN_DEPARTMENT';

/**
 * src/db/functions/appointments-made.sql's clinic_book_many: every slot's lock, then each booking
 * judged in turn (one person once, the capacity read under the lock) and the accepted ones written,
 * one statement per table. One outcome per booking, in their order.
 */
export async function bookInOneCall(db: Db, bookings: OneCallBooking[]): Promise<BookingOutcome[]> {
  const payload = bookings.map((b) => ({ ...b, now: b.now.toISOString() }));
  const result = await db.execute(sql`select clinic_book_many(${JSON.stringify(payload)}::jsonb) as outcomes`);
  return rowsOf<{ outcomes: BookingOutcome[] }>(result)[0]!.outcomes;
}

export async function findDepartment(db: Db, code: string) {
  const rows = await db
    .select({
      code: departments.code,
      departmentName: departments.departmentName,
      specialtyName: departments.specialtyName,
      slotCapacity: departments.slotCapacity,
      depositAmount: departments.depositAmount,
    })
    .from(departments)
    .where(eq(departments.code, code))
    .limit(1);
  return rows[0];
}

// ---------------------------------------------------------------- doctors

const candidateColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  specialty: users.specialty,
  specialtyName: medicalSpecialties.displayName,
};

function candidateWhere(departmentCode: string, generalPractice: string): SQL {
  return and(
    eq(users.role, 'DOCTOR'),
    eq(users.active, true),
    or(isNull(users.specialty), eq(users.specialty, departmentCode), eq(users.specialty, generalPractice)),
  )!;
}

/** Active doctors with no specialty, the department's specialty, or general practice. */
export async function listDoctorCandidates(db: Db, departmentCode: string, generalPractice: string) {
  return db
    .select(candidateColumns)
    .from(users)
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.code, users.specialty))
    .where(candidateWhere(departmentCode, generalPractice))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** Whether the user is a doctor whose account is deactivated. */
export async function isInactiveDoctor(db: Db, doctorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, doctorId), eq(users.role, 'DOCTOR'), eq(users.active, false)))
    .limit(1);
  return rows.length > 0;
}

export async function findDoctorCandidate(db: Db, doctorId: number, departmentCode: string, generalPractice: string) {
  const rows = await db
    .select(candidateColumns)
    .from(users)
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.code, users.specialty))
    .where(and(eq(users.id, doctorId), candidateWhere(departmentCode, generalPractice)))
    .limit(1);
  return rows[0];
}

/**
 * The places taken in every slot of a department from one date to another (the Sundays left out), in
 * one query: what a care plan's proposal looks through (issue 37), counted as one slot's count is.
 */
export async function rangeAvailability(
  db: Db,
  from: string,
  to: string,
  department: string,
  times: readonly string[],
  now: Date,
) {
  // The days as a series of whole numbers, whose length the planner knows: a series of timestamps
  // it guesses at a thousand rows, and the cost of a thousand slot counts made PostgreSQL compile the
  // query (JIT, 12 ms of a 30 ms week; this way 0.7 ms; docs/PERFORMANCE.md).
  const result = await db.execute(sql`select d.day::text as date, t.time, p.capacity, p.taken
    from generate_series(0, ${to}::date - ${from}::date) as i
    cross join lateral (select ${from}::date + i as day) d
    cross join unnest(${`{${times.join(',')}}`}::text[]) as t(time)
    cross join lateral clinic_slot_count(d.day, t.time, ${department}, ${now.toISOString()}::timestamptz) p
    where extract(dow from d.day) <> 0
    order by d.day, t.time`);
  return rowsOf<{ date: string; time: string; capacity: number; taken: number }>(result).map((r) => ({
    date: r.date,
    time: r.time,
    capacity: r.capacity,
    taken: Number(r.taken),
  }));
}

/** The date and time of every visit a doctor holds from one date to another (any department). */
export async function doctorBusySlots(db: Db, doctorId: number, from: string, to: string) {
  const result = await db.execute(sql`select a.appointment_date::text as date, a.appointment_time as time
    from ${appointments} a
    where a.doctor_id = ${doctorId} and a.appointment_date between ${from}::date and ${to}::date
      and a.status <> all (clinic_inactive_statuses())`);
  return new Set(rowsOf<{ date: string; time: string }>(result).map((r) => `${r.date} ${r.time}`));
}
