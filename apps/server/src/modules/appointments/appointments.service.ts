import {
  APPOINTMENT_MSG as M,
  checkSlotRules,
  checkTransition,
  clinicMoment,
  completionStatus,
  formatDate,
  formatVnd,
  MSG,
  UPCOMING_STATUSES,
  normalizePhone,
  type Appointment,
  type AppointmentAction,
  type AppointmentEditInput,
  type AppointmentEvent,
  type AppointmentEventAction,
  type AppointmentListFilters,
  type AppointmentPage,
  type AppointmentStats,
  type AppointmentStatus,
  type AvailabilityQuery,
  type AvailabilityResponse,
  type ExaminationNotesInput,
  type PublicAppointmentInput,
  type RefusalCode,
  type Role,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppointmentRow, NewAppointmentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { enqueueEmails } from '../email/email.repository';
import {
  appointmentConfirmedEmail,
  bookingReceivedEmail,
  cancellationEmail,
  paymentConfirmationEmail,
  paymentRequestEmail,
  updateNotificationEmail,
  type RenderedEmail,
} from '../email/templates';
import { mailDataOf, mailDataOfView } from './appointment-mail';
import {
  countActiveInSlot,
  countAppointmentStats,
  deleteAppointmentRow,
  findAppointment,
  findAppointmentView,
  findDepartment,
  findDoctorCandidate,
  insertAppointment,
  insertAppointmentEvents,
  listAppointmentEvents,
  listAppointmentViews,
  listDoctorCandidates,
  lockAppointment,
  lockSlot,
  personHoldsSlot,
  updateAppointment,
  type AppointmentFilter,
  type AppointmentView,
  type Slot,
  type SortField,
} from './appointments.repository';
import { appointmentSearchText, foldText } from './search-text';

export type AppointmentDeps = { db: Db; clock: Clock; timeZone: string };
/** Who acts: the signed-in user (auth.service's SessionUser fits). */
export type Actor = { id: number; username: string; role: Role };

const GENERAL_PRACTICE = 'GENERAL_PRACTICE';
/** PRODUCT.md section 4: a follow-up without a department goes to general medicine. */
const FOLLOW_UP_DEPARTMENT = 'GENERAL_MEDICINE';

/** A refused transition: 409 INVALID_TRANSITION, with the bulk report's reason code kept. */
export class TransitionError extends ConflictError {
  constructor(
    message: string,
    readonly refusal: RefusalCode,
  ) {
    super(message, 'INVALID_TRANSITION');
  }
}

// ---------------------------------------------------------------- shapes

export function toAppointmentDto(view: AppointmentView): Appointment {
  const a = view.appointment;
  return {
    id: a.id,
    fullName: a.fullName,
    phone: a.phone,
    email: a.email,
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    department: a.department,
    departmentName: view.departmentName ?? null,
    reason: a.reason,
    notes: a.notes,
    status: a.status,
    doctorId: a.doctorId,
    doctor: view.doctor ? { id: view.doctor.id, fullName: view.doctor.fullName, specialty: view.doctor.specialty, email: view.doctor.email } : null,
    paymentCompleted: a.paymentCompleted,
    paymentAmount: a.paymentAmount,
    refundRequired: a.refundRequired,
    cancelReason: a.cancelReason,
    patientStatus: a.patientStatus,
    doctorResponse: a.doctorResponse,
    doctorNotifiedAt: a.doctorNotifiedAt?.toISOString() ?? null,
    followUpOfId: a.followUpOfId,
    emailSent: a.emailSent,
    reminderSent: a.reminderSent,
    userId: a.userId,
    user: view.user ? { ...view.user } : null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

function slotOf(a: { appointmentDate: string; appointmentTime: string; department: string }): Slot {
  return { appointmentDate: a.appointmentDate, appointmentTime: a.appointmentTime, department: a.department };
}

function eventRow(
  actor: Actor | null,
  appointmentId: number,
  action: AppointmentEventAction,
  from: AppointmentStatus | null,
  to: AppointmentStatus | null,
  note: string | null,
  now: Date,
) {
  return {
    appointmentId,
    action,
    fromStatus: from,
    toStatus: to,
    note,
    actorId: actor?.id ?? null,
    actorName: actor?.username ?? null,
    actorRole: actor?.role ?? null,
    createdAt: now,
  };
}

// ---------------------------------------------------------------- who may

/** Asks the shared state machine; a refusal becomes 403 (who) or 409 INVALID_TRANSITION (from which status). */
function assertTransition(action: AppointmentAction, row: AppointmentRow, actor: Actor): void {
  const check = checkTransition(action, row.status, { role: actor.role, isAssignedDoctor: row.doctorId === actor.id, isOwner: row.userId === actor.id });
  if (check.ok) return;
  if (check.kind === 'INVALID_TRANSITION') throw new TransitionError(check.reason, check.code);
  if (check.kind === 'NOT_ASSIGNED') throw new ForbiddenError(M.notAssignedDoctor, 'NOT_ASSIGNED_DOCTOR');
  if (check.kind === 'NOT_OWNER') throw new ForbiddenError(M.notOwner, 'NOT_OWNER');
  throw new ForbiddenError(MSG.forbidden, 'FORBIDDEN');
}

/** Staff see every appointment; a doctor his own; a patient hers (PRODUCT.md section 4). */
function assertCanSee(actor: Actor, row: AppointmentRow): void {
  if (actor.role === 'ADMIN' || actor.role === 'STAFF') return;
  if (actor.role === 'DOCTOR' && row.doctorId === actor.id) return;
  if (actor.role === 'PATIENT' && row.userId === actor.id) return;
  throw actor.role === 'DOCTOR' ? new ForbiddenError(M.notAssignedDoctor, 'NOT_ASSIGNED_DOCTOR') : new ForbiddenError(M.notOwner, 'NOT_OWNER');
}

const notFound = () => new NotFoundError(M.notFound, 'APPOINTMENT_NOT_FOUND');

// ---------------------------------------------------------------- availability and booking

async function requireDepartment(db: Db, code: string) {
  const department = await findDepartment(db, code);
  if (!department) throw new BadRequestError(M.unknownDepartment, 'UNKNOWN_DEPARTMENT');
  return department;
}

function assertSlotRules(deps: AppointmentDeps, slot: Slot, now: Date): void {
  const violation = checkSlotRules(slot.appointmentDate, slot.appointmentTime, now, deps.timeZone);
  if (violation) throw new BadRequestError(violation.message, violation.code);
}

export async function checkAvailability(deps: AppointmentDeps, q: AvailabilityQuery): Promise<AvailabilityResponse> {
  const department = await findDepartment(deps.db, q.department);
  if (!department) return { available: false, code: 'UNKNOWN_DEPARTMENT', message: M.unknownDepartment, remaining: 0 };
  const violation = checkSlotRules(q.date, q.time, deps.clock.now(), deps.timeZone);
  if (violation) return { available: false, code: violation.code, message: violation.message, remaining: 0 };
  const taken = await countActiveInSlot(deps.db, { appointmentDate: q.date, appointmentTime: q.time, department: q.department });
  const remaining = Math.max(0, department.slotCapacity - taken);
  if (remaining === 0) return { available: false, code: 'SLOT_FULL', message: M.slotFull, remaining: 0 };
  return { available: true, code: 'AVAILABLE', message: M.slotAvailable, remaining };
}

type BookingInput = {
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
async function bookInTransaction(
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
): Promise<{ message: string; appointmentId: number }> {
  const now = deps.clock.now();
  const userId = session?.role === 'PATIENT' ? session.id : null;
  const row = await deps.db.transaction(async (tx) => {
    const { row, department } = await bookInTransaction(tx, deps, { ...input, userId }, session, now, { action: 'CREATED', note: null });
    const mail = mailDataOf(row, { departmentName: department.departmentName });
    if (mail) await enqueueEmails(tx, [bookingReceivedEmail(mail)], now);
    return row;
  });
  return { message: M.bookingReceived, appointmentId: row.id };
}

// ---------------------------------------------------------------- transitions

type Change = {
  patch: Partial<NewAppointmentRow>;
  event: AppointmentEventAction;
  note?: string | null;
  message: string;
  email?: (view: AppointmentView, now: Date) => RenderedEmail | null;
};

/** One transaction: lock the row, ask the state machine, change, write the event and the e-mail. */
async function transition(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  action: AppointmentAction | ((row: AppointmentRow) => AppointmentAction),
  build: (tx: Db, row: AppointmentRow, now: Date) => Promise<Change> | Change,
): Promise<{ message: string; appointment: Appointment }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    assertTransition(typeof action === 'function' ? action(row) : action, row, actor);
    const change = await build(tx, row, now);
    const updated = await updateAppointment(tx, id, { ...change.patch, updatedAt: now });
    await insertAppointmentEvents(tx, [eventRow(actor, id, change.event, row.status, updated.status, change.note ?? null, now)]);
    const view = (await findAppointmentView(tx, id))!;
    const email = change.email?.(view, now);
    if (email) await enqueueEmails(tx, [email], now);
    return { message: change.message, appointment: toAppointmentDto(view) };
  });
}

function confirmedMail(deps: AppointmentDeps) {
  return (view: AppointmentView, now: Date) => {
    const data = mailDataOfView(view);
    return data ? appointmentConfirmedEmail(data, { timeZone: deps.timeZone, now }) : null;
  };
}

async function requireCandidate(tx: Db, doctorId: number, department: string) {
  const doctor = await findDoctorCandidate(tx, doctorId, department, GENERAL_PRACTICE);
  if (!doctor) throw new BadRequestError(M.doctorNotEligible, 'DOCTOR_NOT_ELIGIBLE');
  return doctor;
}

export function assignDoctor(deps: AppointmentDeps, id: number, actor: Actor, body: { doctorId: number }) {
  return transition(deps, id, actor, 'assignDoctor', async (tx, row, now) => {
    const doctor = await requireCandidate(tx, body.doctorId, row.department);
    return {
      patch: { status: 'AWAITING_DOCTOR_APPROVAL', doctorId: doctor.id, doctorNotifiedAt: now, doctorResponse: null },
      event: 'ASSIGN_DOCTOR',
      note: `Bác sĩ: ${doctor.fullName ?? doctor.email}`,
      message: M.doctorAssigned,
    };
  });
}

export function doctorAccept(deps: AppointmentDeps, id: number, actor: Actor, body: { response?: string | null } | null | undefined) {
  const response = body?.response || M.defaultAcceptResponse;
  return transition(deps, id, actor, 'doctorAccept', () => ({
    patch: { status: 'CONFIRMED', doctorResponse: response },
    event: 'DOCTOR_ACCEPT',
    note: response,
    message: M.accepted,
    email: confirmedMail(deps),
  }));
}

export function doctorDecline(deps: AppointmentDeps, id: number, actor: Actor, body: { reason: string }) {
  return transition(deps, id, actor, 'doctorDecline', () => ({
    patch: { status: 'PENDING', doctorId: null, doctorNotifiedAt: null, doctorResponse: body.reason },
    event: 'DOCTOR_DECLINE',
    note: body.reason,
    message: M.declined,
  }));
}

export function confirmAppointment(deps: AppointmentDeps, id: number, actor: Actor) {
  return transition(deps, id, actor, 'confirm', () => ({
    patch: { status: 'CONFIRMED' },
    event: 'CONFIRM',
    message: M.confirmed,
    email: confirmedMail(deps),
  }));
}

export function confirmWithDoctor(deps: AppointmentDeps, id: number, actor: Actor, body: { doctorId: number }) {
  return transition(deps, id, actor, 'confirm', async (tx, row, now) => {
    if (actor.role === 'DOCTOR' && body.doctorId !== actor.id) throw new ForbiddenError(M.doctorSelfOnly, 'DOCTOR_SELF_ONLY');
    const doctor = await requireCandidate(tx, body.doctorId, row.department);
    return {
      patch: { status: 'CONFIRMED', doctorId: doctor.id, doctorNotifiedAt: row.doctorId === doctor.id ? row.doctorNotifiedAt : now },
      event: 'CONFIRM',
      note: `Bác sĩ: ${doctor.fullName ?? doctor.email}`,
      message: M.confirmedWithDoctor,
      email: confirmedMail(deps),
    };
  });
}

export function requestPayment(deps: AppointmentDeps, id: number, actor: Actor, body: { amount: number }) {
  return transition(deps, id, actor, 'requestPayment', () => ({
    patch: { status: 'PAYMENT_REQUESTED', paymentAmount: body.amount },
    event: 'REQUEST_PAYMENT',
    note: `Số tiền: ${formatVnd(body.amount)}`,
    message: M.paymentRequested,
    email: (view) => {
      const data = mailDataOfView(view);
      return data ? paymentRequestEmail(data) : null;
    },
  }));
}

export function markPaid(deps: AppointmentDeps, id: number, actor: Actor, body: { amount?: number } | null | undefined) {
  return transition(deps, id, actor, 'markPaid', (_tx, row) => {
    const amount = body?.amount ?? row.paymentAmount;
    return {
      patch: { status: 'PAID', paymentCompleted: true, paymentAmount: amount },
      event: 'MARK_PAID',
      note: amount != null ? `Số tiền: ${formatVnd(amount)}` : null,
      message: M.markedPaid,
      email: (view) => {
        const data = mailDataOfView(view);
        return data ? paymentConfirmationEmail(data) : null;
      },
    };
  });
}

export function cancelAppointment(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  body: { reason?: string; refundRequired?: boolean; patientStatus?: string | null } | null | undefined,
) {
  const reason = body?.reason ?? M.defaultCancelReason;
  // Cancel with refund is the staff's PAID case of the cancel call (PRODUCT.md section 4); a patient's flag changes nothing.
  const withRefund = (row: AppointmentRow) => body?.refundRequired === true && row.status === 'PAID' && (actor.role === 'ADMIN' || actor.role === 'STAFF');
  return transition(
    deps,
    id,
    actor,
    (row) => (withRefund(row) ? 'cancelWithRefund' : 'cancel'),
    (_tx, row) => {
      const refund = withRefund(row);
      return {
        patch: { status: 'CANCELLED', cancelReason: reason, refundRequired: refund, patientStatus: body?.patientStatus ?? null },
        event: refund ? 'CANCEL_WITH_REFUND' : 'CANCEL',
        note: reason,
        message: refund ? M.cancelledWithRefund : M.cancelled,
        email: (view) => {
          const data = mailDataOfView(view);
          return data ? cancellationEmail(data, { reason, refund }) : null;
        },
      };
    },
  );
}

export async function deleteAppointment(deps: AppointmentDeps, id: number, actor: Actor): Promise<{ message: string; id: number }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    assertTransition('delete', row, actor);
    // The event outlives the row: appointment_events has no foreign key to it.
    const note = `${row.fullName} · ${formatDate(row.appointmentDate)} ${row.appointmentTime} · ${row.department}`;
    await insertAppointmentEvents(tx, [eventRow(actor, id, 'DELETE', row.status, null, note, now)]);
    await deleteAppointmentRow(tx, id);
  });
  return { message: M.deleted, id };
}

// ---------------------------------------------------------------- examination notes and follow-up

export async function saveExaminationNotes(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  body: ExaminationNotesInput,
): Promise<{ message: string; appointment: Appointment; followUp: Appointment | null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    const noShow = body.status === 'NO_SHOW';
    assertTransition(noShow ? 'noShow' : 'complete', row, actor);
    const to = noShow ? 'NO_SHOW' : completionStatus(row.paymentCompleted);
    await updateAppointment(tx, id, { status: to, notes: body.notes ?? row.notes, updatedAt: now });

    let followUpId: number | null = null;
    if (body.followUp) {
      const { row: next } = await bookInTransaction(
        tx,
        deps,
        {
          fullName: row.fullName,
          phone: row.phone,
          email: row.email,
          appointmentDate: body.followUp.appointmentDate,
          appointmentTime: body.followUp.appointmentTime,
          department: body.followUp.department || FOLLOW_UP_DEPARTMENT,
          reason: body.followUp.reason || M.defaultFollowUpReason,
          userId: row.userId,
          followUpOfId: row.id,
        },
        actor,
        now,
        { action: 'FOLLOW_UP_CREATED', note: `Tái khám sau lịch hẹn #${row.id}` },
      );
      // Made by the doctor: confirmed with that doctor at once (PRODUCT.md section 4).
      await updateAppointment(tx, next.id, { status: 'CONFIRMED', doctorId: actor.id, doctorNotifiedAt: now, updatedAt: now });
      await insertAppointmentEvents(tx, [eventRow(actor, next.id, 'CONFIRM', 'PENDING', 'CONFIRMED', `Bác sĩ: ${actor.username}`, now)]);
      followUpId = next.id;
    }

    const note = followUpId ? `Tạo lịch tái khám #${followUpId}` : null;
    await insertAppointmentEvents(tx, [eventRow(actor, id, noShow ? 'NO_SHOW' : 'EXAMINATION_NOTES', row.status, to, note, now)]);
    const view = (await findAppointmentView(tx, id))!;
    let followUp: Appointment | null = null;
    if (followUpId) {
      const nextView = (await findAppointmentView(tx, followUpId))!;
      const email = confirmedMail(deps)(nextView, now);
      if (email) await enqueueEmails(tx, [email], now);
      followUp = toAppointmentDto(nextView);
    }
    const message = noShow ? M.notesNoShow : to === 'COMPLETED' ? M.notesCompleted : M.notesNeedsPayment;
    return { message, appointment: toAppointmentDto(view), followUp };
  });
}

// ---------------------------------------------------------------- edit

const CHANGE_LABELS = {
  fullName: 'Họ tên',
  phone: 'Số điện thoại',
  email: 'Email',
  appointmentDate: 'Ngày khám',
  appointmentTime: 'Giờ khám',
  department: 'Khoa khám',
  reason: 'Lý do khám',
  notes: 'Ghi chú',
} as const;

function changeLine(label: string, before: string | null, after: string | null): string {
  return `${label}: ${before || '(trống)'} → ${after || '(trống)'}`;
}

/** Staff edit: same status; availability re-checked, excluding the appointment itself, when the slot changes. */
export async function editAppointment(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  input: AppointmentEditInput,
): Promise<{ message: string; appointment: Appointment; changes: string[]; emailQueued: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    assertTransition('edit', row, actor);

    const next = { ...input, reason: input.reason, notes: input.notes ?? row.notes };
    const slotChanged =
      next.appointmentDate !== row.appointmentDate || next.appointmentTime !== row.appointmentTime || next.department !== row.department;
    const personChanged = next.phone !== row.phone || next.email !== row.email;
    const department = await requireDepartment(tx, next.department);
    const slot = slotOf(next);
    // The slot's lock also covers a change of phone or e-mail: a booking at the same moment must
    // not leave one person twice in the slot.
    if (slotChanged || personChanged) await lockSlot(tx, slot);
    if (slotChanged) {
      assertSlotRules(deps, slot, now);
      if ((await countActiveInSlot(tx, slot, id)) >= department.slotCapacity) throw new ConflictError(M.slotFull, 'SLOT_FULL');
    }
    if ((slotChanged || personChanged) && (await personHoldsSlot(tx, slot, next, id))) throw new ConflictError(M.alreadyBooked, 'ALREADY_BOOKED');

    const changes: string[] = [];
    if (next.fullName !== row.fullName) changes.push(changeLine(CHANGE_LABELS.fullName, row.fullName, next.fullName));
    if (next.phone !== row.phone) changes.push(changeLine(CHANGE_LABELS.phone, row.phone, next.phone));
    if (next.email !== row.email) changes.push(changeLine(CHANGE_LABELS.email, row.email, next.email));
    if (next.appointmentDate !== row.appointmentDate) {
      changes.push(changeLine(CHANGE_LABELS.appointmentDate, formatDate(row.appointmentDate), formatDate(next.appointmentDate)));
    }
    if (next.appointmentTime !== row.appointmentTime) changes.push(changeLine(CHANGE_LABELS.appointmentTime, row.appointmentTime, next.appointmentTime));
    if (next.department !== row.department) {
      const before = await findDepartment(tx, row.department);
      changes.push(changeLine(CHANGE_LABELS.department, before?.departmentName ?? row.department, department.departmentName));
    }
    if (next.reason !== row.reason) changes.push(changeLine(CHANGE_LABELS.reason, row.reason, next.reason));
    // The doctor's notes are the clinic's business: recorded in the trail, not mailed to the patient.
    const notesChanged = next.notes !== row.notes;

    if (changes.length === 0 && !notesChanged) {
      const view = (await findAppointmentView(tx, id))!;
      return { message: M.noChanges, appointment: toAppointmentDto(view), changes: [], emailQueued: false };
    }

    await updateAppointment(tx, id, {
      fullName: next.fullName,
      phone: next.phone,
      email: next.email,
      appointmentDate: next.appointmentDate,
      appointmentTime: next.appointmentTime,
      department: next.department,
      reason: next.reason,
      notes: next.notes,
      searchText: appointmentSearchText(next),
      // The reminder belongs to the old date.
      ...(next.appointmentDate !== row.appointmentDate ? { reminderSent: false } : {}),
      updatedAt: now,
    });
    const trail = notesChanged ? [...changes, `${CHANGE_LABELS.notes}: đã cập nhật`] : changes;
    await insertAppointmentEvents(tx, [eventRow(actor, id, 'UPDATE', row.status, row.status, trail.join('\n'), now)]);
    const view = (await findAppointmentView(tx, id))!;
    const data = mailDataOfView(view);
    const emailQueued = !!data && changes.length > 0;
    if (data && emailQueued) await enqueueEmails(tx, [updateNotificationEmail(data, changes)], now);
    return { message: M.updated, appointment: toAppointmentDto(view), changes, emailQueued };
  });
}

// ---------------------------------------------------------------- reading

export async function getAppointment(deps: AppointmentDeps, id: number, actor: Actor): Promise<Appointment> {
  const view = await findAppointmentView(deps.db, id);
  if (!view) throw notFound();
  assertCanSee(actor, view.appointment);
  return toAppointmentDto(view);
}

export async function appointmentHistory(deps: AppointmentDeps, id: number, actor: Actor): Promise<AppointmentEvent[]> {
  const row = await findAppointment(deps.db, id);
  if (row) assertCanSee(actor, row);
  // A permanently deleted appointment keeps its trail for the back-office only.
  else if (actor.role !== 'ADMIN' && actor.role !== 'STAFF') throw notFound();
  const events = await listAppointmentEvents(deps.db, id);
  if (!row && events.length === 0) throw notFound();
  // A patient sees what happened and when; the clinic's internal notes and staff names stay inside.
  const internal = actor.role === 'PATIENT';
  return events.map((e) => {
    const own = e.actorId === actor.id;
    return {
      id: e.id,
      appointmentId: e.appointmentId,
      action: e.action as AppointmentEvent['action'],
      fromStatus: e.fromStatus as AppointmentStatus | null,
      toStatus: e.toStatus as AppointmentStatus | null,
      note: internal && !own ? null : e.note,
      actorId: internal && !own ? null : e.actorId,
      actorName: internal && !own ? null : e.actorName,
      actorRole: e.actorRole as Role | null,
      createdAt: e.createdAt.toISOString(),
    };
  });
}

export async function doctorCandidates(deps: AppointmentDeps, id: number) {
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  return listDoctorCandidates(deps.db, row.department, GENERAL_PRACTICE);
}

/** Which list: every one pages, filters and sorts in SQL. */
export type ListKind = 'all' | 'today' | 'upcoming' | 'myPatients' | 'mine' | 'medicalHistory' | 'pendingMyApproval';

const DEFAULT_SORT: Record<ListKind, `${SortField}:${'asc' | 'desc'}`> = {
  all: 'createdAt:desc',
  today: 'appointmentDate:asc',
  upcoming: 'appointmentDate:asc',
  myPatients: 'appointmentDate:desc',
  mine: 'appointmentDate:desc',
  medicalHistory: 'appointmentDate:desc',
  pendingMyApproval: 'appointmentDate:asc',
};

/** The statuses a list is made of, narrowed by the status filter; an empty result means nothing can match. */
function narrowStatuses(fixed: readonly AppointmentStatus[] | undefined, asked: readonly AppointmentStatus[] | undefined) {
  if (!fixed) return asked;
  if (!asked || asked.length === 0) return fixed;
  return fixed.filter((s) => asked.includes(s));
}

const emptyPage = (q: AppointmentListFilters): AppointmentPage => ({ items: [], total: 0, page: q.page, size: q.size, totalPages: 0 });

function textFilter(q: string | undefined): Pick<AppointmentFilter, 'text' | 'textId'> {
  const text = q?.trim();
  if (!text) return {};
  const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
  // "0912 345 678" and "+84912…" find the stored "0912345678".
  const phoneLike = /^[\d\s.+()-]+$/.test(text);
  return { text: phoneLike ? normalizePhone(text) : foldText(text), textId: id };
}

export async function listAppointments(deps: AppointmentDeps, actor: Actor, kind: ListKind, q: AppointmentListFilters): Promise<AppointmentPage> {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const filter: AppointmentFilter = {
    statuses: q.status,
    from: q.from,
    to: q.to,
    department: q.department,
    doctorId: q.doctorId,
    ...textFilter(q.q),
  };
  // A doctor's back-office lists hold his own appointments only, whatever the query asks.
  const ownBookings = kind === 'mine' || kind === 'medicalHistory';
  if ((actor.role === 'DOCTOR' && !ownBookings) || kind === 'pendingMyApproval') {
    if (q.doctorId && q.doctorId !== actor.id) return emptyPage(q);
    filter.doctorId = actor.id;
  }
  switch (kind) {
    case 'today':
      filter.date = today;
      break;
    case 'upcoming':
      filter.from = q.from && q.from > today ? q.from : today;
      filter.statuses = narrowStatuses(UPCOMING_STATUSES, q.status);
      break;
    case 'mine':
      filter.userId = actor.id;
      break;
    case 'medicalHistory':
      filter.userId = actor.id;
      filter.statuses = narrowStatuses(['COMPLETED'], q.status);
      break;
    case 'pendingMyApproval':
      filter.statuses = narrowStatuses(['AWAITING_DOCTOR_APPROVAL'], q.status);
      break;
    default:
      break;
  }
  if (filter.statuses && filter.statuses.length === 0) return emptyPage(q);
  if (filter.from && filter.to && filter.from > filter.to) return emptyPage(q);
  const [sort, dir] = (q.sort ?? DEFAULT_SORT[kind]).split(':') as [SortField, 'asc' | 'desc'];
  const { rows, total } = await listAppointmentViews(deps.db, filter, { limit: q.size, offset: (q.page - 1) * q.size, sort, dir });
  return { items: rows.map(toAppointmentDto), total, page: q.page, size: q.size, totalPages: Math.ceil(total / q.size) };
}

export async function appointmentStats(deps: AppointmentDeps, actor: Actor): Promise<AppointmentStats> {
  const today = clinicMoment(deps.clock.now(), deps.timeZone).date;
  const s = await countAppointmentStats(deps.db, actor.role === 'DOCTOR' ? { doctorId: actor.id } : {}, today);
  return {
    totalAppointments: s.total,
    pendingAppointments: s.pending,
    confirmedAppointments: s.confirmed,
    todaysAppointments: s.today,
    awaitingDoctorAppointments: s.awaiting,
  };
}

