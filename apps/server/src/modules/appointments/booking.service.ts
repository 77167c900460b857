import {
  APPOINTMENT_MSG as M,
  checkSlotRules,
  type AppointmentEventAction,
  type AvailabilityQuery,
  type AvailabilityResponse,
  type PublicAppointmentInput,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { bookingReceivedEmail, enqueueEmails } from '../email/email.service';
import { eventRow, slotOf, type Actor, type AppointmentDeps } from './appointment-access';
import { mailDataOf } from './appointment-mail';
import { countActiveInSlot, findDepartment, insertAppointment, insertAppointmentEvents, lockSlot, personHoldsSlot, type Slot } from './appointments.repository';
import { issueManageLink, manageUrl } from './manage-token';
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
 * advice: a booking counts the slot again under its lock (bookInTransaction).
 */
export async function checkAvailability(deps: AppointmentDeps & Pick<AppDeps, 'cache'>, q: AvailabilityQuery): Promise<AvailabilityResponse> {
  const department = await deps.cache.get(`department:${q.department}`, ['departments'], async () => (await findDepartment(deps.db, q.department)) ?? null);
  if (!department) return { available: false, code: 'UNKNOWN_DEPARTMENT', message: M.unknownDepartment, remaining: 0 };
  const violation = checkSlotRules(q.date, q.time, deps.clock.now(), deps.timeZone);
  if (violation) return { available: false, code: violation.code, message: violation.message, remaining: 0 };
  const slot = { appointmentDate: q.date, appointmentTime: q.time, department: q.department };
  const taken = await deps.cache.get(`slot:${q.date}|${q.time}|${q.department}`, ['appointments'], () => countActiveInSlot(deps.db, slot));
  const remaining = Math.max(0, department.slotCapacity - taken);
  if (remaining === 0) return { available: false, code: 'SLOT_FULL', message: M.slotFull, remaining: 0 };
  return { available: true, code: 'AVAILABLE', message: M.slotAvailable, remaining };
}

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

/**
 * A new PENDING appointment. The slot's advisory lock makes the capacity and one-person checks and
 * the insert one step for every process: no two bookings count the same free place.
 */
export async function bookInTransaction(
  tx: Db,
  deps: AppointmentDeps,
  input: BookingInput,
  actor: Actor | null,
  now: Date,
  event: { action: AppointmentEventAction; note: string | null },
) {
  const department = await requireDepartment(tx, input.department);
  const slot = slotOf(input);
  assertSlotRules(deps, slot, now);
  await lockSlot(tx, slot);
  if (await personHoldsSlot(tx, slot, input)) throw new ConflictError(M.alreadyBooked, 'ALREADY_BOOKED');
  if ((await countActiveInSlot(tx, slot)) >= department.slotCapacity) throw new ConflictError(M.slotFull, 'SLOT_FULL');
  const row = await insertAppointment(tx, {
    fullName: input.fullName,
    phone: input.phone,
    email: input.email,
    appointmentDate: input.appointmentDate,
    appointmentTime: input.appointmentTime,
    department: input.department,
    reason: input.reason,
    userId: input.userId,
    followUpOfId: input.followUpOfId ?? null,
    status: 'PENDING',
    searchText: appointmentSearchText(input),
    createdAt: now,
    updatedAt: now,
  });
  await insertAppointmentEvents(tx, [eventRow(actor, row.id, event.action, null, 'PENDING', event.note, now)]);
  return { row, department };
}

/** POST /api/appointments/public: anyone; a signed-in patient's booking is linked to her account. */
export async function createPublicAppointment(
  deps: AppointmentDeps,
  input: PublicAppointmentInput,
  session: Actor | null,
  /** The site's origin, for the private management link in the e-mail. */
  origin: string,
): Promise<{ message: string; appointmentId: number; manageToken?: string }> {
  const now = deps.clock.now();
  const userId = session?.role === 'PATIENT' ? session.id : null;
  return deps.db.transaction(async (tx) => {
    const { row, department } = await bookInTransaction(tx, deps, { ...input, userId }, session, now, { action: 'CREATED', note: null });
    const mail = mailDataOf(row, { departmentName: department.departmentName });
    if (!mail) return { message: M.bookingReceived, appointmentId: row.id };
    // With an e-mail, the visitor gets a private link to see, move or cancel the visit herself.
    const manageToken = await issueManageLink(tx, row.id, now);
    await enqueueEmails(tx, [bookingReceivedEmail({ ...mail, manageUrl: manageUrl(origin, manageToken) })], now);
    return { message: M.bookingReceived, appointmentId: row.id, manageToken };
  });
}
