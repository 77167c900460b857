import {
  APPOINTMENT_MSG as M,
  checkSlotRules,
  type AppointmentEventAction,
  type AvailabilityQuery,
  type AvailabilityResponse,
  type PublicAppointmentInput,
} from '@clinic/shared';
import { isTransaction, type Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { bodyOf, bookingReceivedKept, type OutboxEmail } from '../email/email.service';
import { slotOf, type Actor, type AppointmentDeps } from './appointment-access';
import { mailDataOf } from './appointment-mail';
import { departmentWithNewId, findDepartment, slotOccupancy, type Slot } from './appointments.repository';
import { book, newAppointmentId } from './bookings-together';
import { hashOf, manageUrl, newToken } from './manage-token';
import { appointmentSearchText } from './search-text';

export async function requireDepartment(db: Db, code: string) {
  const department = await findDepartment(db, code);
  if (!department) throw new BadRequestError(M.unknownDepartment, 'UNKNOWN_DEPARTMENT');
  return department;
}

export function assertSlotRules(deps: AppointmentDeps, slot: Slot, now: Date): void {
  const violation = checkSlotRules(slot.appointmentDate, slot.appointmentTime, now, deps.timeZone);
  if (violation) throw new BadRequestError(violation.message, violation.code);
}

/**
 * Whether the booking form may offer a slot. The department and the slot's count are kept until a
 * department or an appointment changes; the date rules are checked against this instant. Only
 * advice: a booking counts the slot again under its lock (bookAppointment).
 */
export async function checkAvailability(
  deps: AppointmentDeps & Pick<AppDeps, 'cache'>,
  q: AvailabilityQuery,
): Promise<AvailabilityResponse> {
  const department = await keptDepartment(deps.cache, deps.db, q.department);
  if (!department) return { available: false, code: 'UNKNOWN_DEPARTMENT', message: M.unknownDepartment, remaining: 0 };
  const violation = checkSlotRules(q.date, q.time, deps.clock.now(), deps.timeZone);
  if (violation) return { available: false, code: violation.code, message: violation.message, remaining: 0 };
  const slot = { appointmentDate: q.date, appointmentTime: q.time, department: q.department };
  // Kept until an appointment or a waiting-list entry changes; the held offers lapse by the clock.
  const occupancy = await deps.cache.get(
    `slot:${q.date}|${q.time}|${q.department}`,
    ['appointments', 'waiting_list_entries'],
    () => slotOccupancy(deps.db, slot),
  );
  const now = deps.clock.now().getTime();
  const taken = occupancy.active + occupancy.waiting + occupancy.offersUntil.filter((until) => until > now).length;
  const remaining = Math.max(0, department.slotCapacity - taken);
  if (remaining === 0) return { available: false, code: 'SLOT_FULL', message: M.slotFull, remaining: 0 };
  return { available: true, code: 'AVAILABLE', message: M.slotAvailable, remaining };
}

/** A department as read last, kept until a department changes. */
function keptDepartment(cache: AppDeps['cache'], db: Db, code: string) {
  return cache.get(`department:${code}`, ['departments'], async () => (await findDepartment(db, code)) ?? null);
}

/**
 * The department a booking is for and its appointment's id, both before the slot's lock. Inside a
 * transaction one query reads both; on its own, the kept department (the availability check's) and
 * an id from the process's drawn block, so the booking's only call to the database is the booking.
 */
async function departmentAndNewId(db: Db, deps: BookingDeps, code: string) {
  if (isTransaction(db) || !deps.cache) return departmentWithNewId(db, code);
  const department = await keptDepartment(deps.cache, db, code);
  return department ? { ...department, id: await newAppointmentId(db) } : undefined;
}

type BookingDeps = AppointmentDeps & Partial<Pick<AppDeps, 'cache'>>;

export type BookingInput = {
  fullName: string;
  phone: string;
  email: string | null;
  appointmentDate: string;
  appointmentTime: string;
  department: string;
  reason: string | null;
  userId: number | null;
  followUpOfId?: number | null;
};

/** What a booking writes beside its appointment, made once the appointment's id is known. */
export type BookingExtras = { manageToken: string | null; emails: OutboxEmail[] };

/**
 * A new PENDING appointment. Its id is drawn first; then one call to the database (migration
 * 0016's clinic_book_many, restated by 0017 and 0018) takes the slot's lock, checks one person once
 * and the capacity (the waiting list's open entries counted), and writes the appointment, its event
 * and what `extras` makes of it, so the lock is held for one round trip. Inside the caller's
 * transaction it is written at once; otherwise together with the process's other bookings of the
 * moment (bookings-together.ts).
 */
export async function bookAppointment(
  db: Db,
  deps: BookingDeps,
  input: BookingInput,
  actor: Actor | null,
  now: Date,
  event: { action: AppointmentEventAction; note: string | null },
  extras: (booked: BookedRow, department: BookingDepartment) => BookingExtras = () => ({
    manageToken: null,
    emails: [],
  }),
): Promise<{ row: BookedRow; department: BookingDepartment; manageToken: string | null }> {
  const slot = slotOf(input);
  assertSlotRules(deps, slot, now);
  const found = await departmentAndNewId(db, deps, input.department);
  if (!found) throw new BadRequestError(M.unknownDepartment, 'UNKNOWN_DEPARTMENT');
  const { id, ...department } = found;
  const row: BookedRow = {
    id,
    fullName: input.fullName,
    phone: input.phone,
    email: input.email,
    ...slot,
    reason: input.reason,
    userId: input.userId,
    followUpOfId: input.followUpOfId ?? null,
    searchText: appointmentSearchText(input),
  };
  const { manageToken, emails } = extras(row, department);
  const outcome = await book(db, {
    appointment: row,
    capacity: department.slotCapacity,
    now,
    event: {
      action: event.action,
      note: event.note,
      actorId: actor?.id ?? null,
      actorName: actor?.username ?? null,
      actorRole: actor?.role ?? null,
    },
    linkHash: manageToken ? hashOf(manageToken) : null,
    emails: emails.map((e) => ({
      kind: e.kind,
      to_address: e.to,
      subject: e.subject,
      ...bodyOf(e),
      attachments: e.attachments,
    })),
  });
  if (outcome === 'ALREADY_BOOKED') throw new ConflictError(M.alreadyBooked, 'ALREADY_BOOKED');
  if (outcome === 'SLOT_FULL') throw new ConflictError(M.slotFull, 'SLOT_FULL');
  return { row, department, manageToken };
}

/** The appointment a booking made, as its e-mails and callers need it. */
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
type BookingDepartment = { code: string; departmentName: string; specialtyName: string; slotCapacity: number };

/** POST /api/appointments/public: anyone; a signed-in patient's booking is linked to her account. */
export async function createPublicAppointment(
  deps: AppointmentDeps & Pick<AppDeps, 'cache'>,
  input: PublicAppointmentInput,
  session: Actor | null,
  /** The site's origin, for the private management link in the e-mail. */
  origin: string,
): Promise<{ message: string; appointmentId: number; manageToken?: string }> {
  const userId = session?.role === 'PATIENT' ? session.id : null;
  // No transaction of its own: the call is atomic, and the slots' locks end with it.
  const { row, manageToken } = await bookAppointment(
    deps.db,
    deps,
    { ...input, userId },
    session,
    deps.clock.now(),
    { action: 'CREATED', note: null },
    (booked, department) => {
      const mail = mailDataOf({ ...booked, paymentAmount: null }, { departmentName: department.departmentName });
      if (!mail) return { manageToken: null, emails: [] };
      // With an e-mail, the visitor gets a private link to see, move or cancel the visit herself.
      const token = newToken();
      // Kept as its data and rendered when it goes out: the booking's call carries a few hundred bytes, not 4 KB.
      return { manageToken: token, emails: [bookingReceivedKept({ ...mail, manageUrl: manageUrl(origin, token) })] };
    },
  );
  return manageToken
    ? { message: M.bookingReceived, appointmentId: row.id, manageToken }
    : { message: M.bookingReceived, appointmentId: row.id };
}
