import {
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  mobileMsisdn,
  checkDeskSlotRules,
  checkSlotRules,
  DEPOSIT_HOLD_MINUTES,
  type AppointmentEventAction,
  type AppointmentStatus,
} from '@clinic/shared';
import { isTransaction, type Db } from '../../../db/client';
import type { AppDeps, VisitPayments } from '../../../deps';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { outboxRowsOf, type Notice } from '../../notifications/notifications.service';
import { slotOf, type Actor, type AppointmentDeps } from '../appointment-access';
import {
  departmentWithNewId,
  findDepartment,
  lockSlot,
  slotPlaces,
  type BookingOutcome,
  type Slot,
} from '../appointments.repository';
import { book, newAppointmentId } from './bookings-together';
import { hashOf, newToken } from '../private-link/manage-token';
import { appointmentSearchText } from '../lists/search-text';
import type { BookingConsent } from '../../consents/consent.service';

/**
 * The one way an appointment comes to be: a public booking, a booking at the front desk, a doctor's
 * follow-up, a waiting-list claim and the sample data all call makeAppointment. It checks the slot's
 * date rules here; then one call to the database (src/db/functions/appointments-made.sql) takes the
 * slot's lock, reads the department's capacity under it, counts the places (slot-rules.sql) and
 * writes the appointment, its history, its private link and its messages. Inside the caller's
 * transaction it is written at once; outside one, together with the process's other bookings of the
 * moment (bookings-together.ts).
 */

export type AppointmentRequest = {
  person: { fullName: string; phone: string; email: string | null; userId: number | null };
  slot: Slot;
  reason: string | null;
  followUpOfId?: number | null;
  /**
   * The date and time rules the slot must meet: the public's (today from two hours ahead, to two
   * years; docs/PRODUCT.md §3), the front desk's (the same without the two hours: the slot under way
   * and later; section 11), or none (the sample data's past visits). The capacity and one person once
   * per slot hold either way.
   */
  rules: 'public' | 'desk' | 'none';
  /** PENDING unless said (sample data any status). */
  status?: AppointmentStatus;
  /**
   * Booked already confirmed with this doctor (at the desk, a doctor's follow-up, a FHIR client's
   * $book naming him): CONFIRMED, the doctor told now, and the confirmation with his name in its
   * history after the request's own events, as a confirmation by staff would write it.
   */
  confirmedWith?: { id: number; name: string };
  /** The demo seed's and sample data's doctor and when he was told, as they were. */
  doctorId?: number | null;
  doctorNotifiedAt?: Date | null;
  paymentCompleted?: boolean;
  paymentAmount?: number | null;
  createdAt?: Date;
  /** Its history, oldest first: who made it is the actor of each event. */
  events: {
    action: AppointmentEventAction;
    from?: AppointmentStatus | null;
    to?: AppointmentStatus;
    note: string | null;
  }[];
  /** A claim of the place a waiting-list offer holds for this entry (waiting-list.service.ts). */
  claimsEntry?: number;
  /**
   * A public booking in a department that asks a deposit (issue 28) holds its slot while she pays it:
   * the deposit's amount and deadline are written with it, and its pay link is made at once, by the
   * payments module (deps.payments) that the caller hands in here.
   */
  holdForDeposit?: Pick<VisitPayments, 'newPayLink'> | null;
  /**
   * A hold without a deposit (a FHIR client's Appointment/$hold, issue 38): the place is held until
   * this instant, then released by the deposit holds' job as an unpaid deposit's is, unless booked.
   */
  holdUntil?: Date | null;
  /** A private management link (docs/PRODUCT.md §10), made when the appointment has an e-mail. */
  manageLink?: boolean;
  /** Its messages, once its id, department and private link are known. */
  messages?: (made: MadeAppointment) => Notice[];
  /**
   * The consents the person gave with it (privacy's consentsForBooking): written in the booking's own
   * call, so a refused booking records none and an accepted one is never without its proof.
   */
  consents?: BookingConsent[];
};

/** The appointment a request made, as its messages and callers need it. */
export type BookedRow = Slot & {
  id: number;
  fullName: string;
  phone: string;
  email: string | null;
  reason: string | null;
  userId: number | null;
  followUpOfId: number | null;
  searchText: string;
};
export type BookingDepartment = { code: string; departmentName: string; specialtyName: string };
/** The deposit that holds a booking's slot: its amount, when the hold ends, the pay link's token. */
export type HeldDeposit = { amount: number; dueAt: Date; payToken: string };
export type MadeAppointment = {
  row: BookedRow;
  department: BookingDepartment;
  manageToken: string | null;
  deposit: HeldDeposit | null;
};

type MakingDeps = AppointmentDeps & Partial<Pick<AppDeps, 'cache'>>;

export function assertSlotRules(
  deps: Pick<AppointmentDeps, 'timeZone'>,
  slot: Slot,
  now: Date,
  rules: 'public' | 'desk' = 'public',
): void {
  const check = rules === 'desk' ? checkDeskSlotRules : checkSlotRules;
  const violation = check(slot.appointmentDate, slot.appointmentTime, now, deps.timeZone);
  if (violation) throw new BadRequestError(violation.message, violation.code);
}

const REFUSALS: Record<Exclude<BookingOutcome, 'OK'>, () => Error> = {
  ALREADY_BOOKED: () => new ConflictError(M.alreadyBooked, 'ALREADY_BOOKED'),
  SLOT_FULL: () => new ConflictError(M.slotFull, 'SLOT_FULL'),
  UNKNOWN_DEPARTMENT: () => new BadRequestError(M.unknownDepartment, 'UNKNOWN_DEPARTMENT'),
};

/** Makes the appointment, or throws why not (400 for the slot's rules, 409 for a full or already held slot). */
export async function makeAppointment(
  db: Db,
  deps: MakingDeps,
  request: AppointmentRequest,
  actor: Actor | null,
  now: Date,
): Promise<MadeAppointment> {
  const made = await tryMakeAppointment(db, deps, request, actor, now);
  if (made.outcome !== 'OK') throw REFUSALS[made.outcome]();
  return made;
}

/** Whether her private link can reach her: by e-mail, or by Zalo/SMS to a mobile phone (issue 27). */
export const linkReaches = (person: { email: string | null; phone: string }) =>
  !!(person.email || mobileMsisdn(person.phone));

/** As makeAppointment, but a full or held slot is an answer, not an error (the sample data tries another). */
export async function tryMakeAppointment(
  db: Db,
  deps: MakingDeps,
  request: AppointmentRequest,
  actor: Actor | null,
  now: Date,
): Promise<(MadeAppointment & { outcome: 'OK' }) | { outcome: Exclude<BookingOutcome, 'OK'> }> {
  const slot = slotOf(request.slot);
  if (request.rules !== 'none') assertSlotRules(deps, slot, now, request.rules);
  const found = await departmentAndNewId(db, deps, slot.department);
  if (!found) return { outcome: 'UNKNOWN_DEPARTMENT' };
  const { id, depositAmount, ...department } = found;
  const { person } = request;
  const row: BookedRow = {
    id,
    ...person,
    ...slot,
    reason: request.reason,
    followUpOfId: request.followUpOfId ?? null,
    searchText: appointmentSearchText(person),
  };
  const manageToken = request.manageLink && linkReaches(person) ? newToken() : null;
  const payLink = request.holdForDeposit && depositAmount != null ? request.holdForDeposit.newPayLink() : null;
  const deposit =
    payLink && depositAmount != null
      ? {
          amount: depositAmount,
          dueAt: new Date(now.getTime() + DEPOSIT_HOLD_MINUTES * 60_000),
          payToken: payLink.token,
        }
      : null;
  const made = { row, department, manageToken, deposit };
  // Its e-mails and the same events to her phone (Zalo first, SMS when Zalo cannot deliver), built as
  // every other change's are and written in the booking's own call.
  const outbox = outboxRowsOf(request.messages?.(made) ?? [], now);
  const doctor = request.confirmedWith;
  const events = doctor
    ? [
        ...request.events,
        { action: 'CONFIRM' as const, from: 'PENDING' as const, to: 'CONFIRMED' as const, note: T.doctor(doctor.name) },
      ]
    : request.events;
  const outcome = await book(db, {
    appointment: {
      ...row,
      status: doctor ? 'CONFIRMED' : (request.status ?? 'PENDING'),
      doctorId: doctor ? doctor.id : (request.doctorId ?? null),
      doctorNotifiedAt: doctor ? now : (request.doctorNotifiedAt ?? null),
      paymentCompleted: request.paymentCompleted ?? false,
      paymentAmount: request.paymentAmount ?? null,
      depositAmount: deposit?.amount ?? null,
      depositDueAt: deposit?.dueAt ?? request.holdUntil ?? null,
      createdAt: request.createdAt ?? now,
    },
    ...(payLink ? { payLinkHash: payLink.hash } : {}),
    now,
    ...(request.claimsEntry !== undefined ? { claimsEntry: request.claimsEntry } : {}),
    events: events.map((e) => ({
      action: e.action,
      fromStatus: e.from ?? null,
      toStatus: e.to ?? 'PENDING',
      note: e.note,
      actorId: actor?.id ?? null,
      actorName: actor?.username ?? null,
      actorRole: actor?.role ?? null,
    })),
    linkHash: manageToken ? hashOf(manageToken) : null,
    emails: outbox.emails,
    messages: outbox.messages,
    ...(request.consents?.length ? { consents: request.consents } : {}),
  });
  if (outcome !== 'OK') return { outcome };
  return { ...made, outcome };
}

/**
 * The department's names (for the messages) and the new appointment's id, before the slot's lock.
 * Inside a transaction one query reads both; on its own, the kept department (the availability
 * check's) and an id from the process's drawn block, so the booking's only call to the database is
 * the booking. Its capacity is read under the lock, by the booking's call.
 */
async function departmentAndNewId(db: Db, deps: MakingDeps, code: string) {
  if (isTransaction(db) || !deps.cache) return departmentWithNewId(db, code);
  const department = await keptDepartment(deps.cache, db, code);
  return department ? { ...department, id: await newAppointmentId(db) } : undefined;
}

/** A department as read last, kept until a department changes. */
export function keptDepartment(cache: AppDeps['cache'], db: Db, code: string) {
  return cache.get(`department:${code}`, ['departments'], async () => (await findDepartment(db, code)) ?? null);
}

/**
 * An appointment moving into a slot (a new date, time or department, or a new phone or e-mail), inside
 * the caller's transaction that writes the move: under the slot's lock, the person must not hold
 * another appointment there and, when `capacity` is asked, the slot must have a place for it (its own
 * place left out), by the same rules as a new booking (src/db/functions/slot-rules.sql).
 */
export async function assertRoomToMove(
  tx: Db,
  slot: Slot,
  now: Date,
  appointment: { id: number; phone: string; email: string | null },
  checks: { capacity: boolean },
): Promise<void> {
  await lockSlot(tx, slot);
  const places = await slotPlaces(tx, slot, now, { person: appointment, exceptAppointment: appointment.id });
  if (!places) throw REFUSALS.UNKNOWN_DEPARTMENT();
  if (places.personHolds) throw REFUSALS.ALREADY_BOOKED();
  if (checks.capacity && places.taken >= places.capacity) throw REFUSALS.SLOT_FULL();
}

/**
 * The locks of several slots, taken in one global order (date, time, department) before a
 * transaction books them all (a care plan, issue 37): two such transactions wait on each other's
 * slots in one direction only. Each booking takes its slot's lock again (it is held already).
 */
export async function lockSlotsInOrder(tx: Db, slots: readonly Slot[]): Promise<void> {
  const key = (s: Slot) => `${s.appointmentDate} ${s.appointmentTime} ${s.department}`;
  const unique = [...new Map(slots.map((s) => [key(s), s])).values()].sort((a, b) => key(a).localeCompare(key(b)));
  for (const slot of unique) await lockSlot(tx, slot);
}
