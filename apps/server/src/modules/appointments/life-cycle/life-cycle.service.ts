import {
  GENERAL_PRACTICE,
  amountDueAfterDeposit,
  APPOINTMENT_MSG as M,
  APPOINTMENT_TRAIL as T,
  PAYMENT_MSG,
  formatDate,
  formatVnd,
  type Appointment,
  type AppointmentAction,
  type AppointmentEventAction,
} from '@clinic/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { RefundCaller, RefundDeps } from '../../payments/refunds.service';
import type { AppointmentRow, NewAppointmentRow } from '../../../db/schema';
import { BadRequestError, ForbiddenError } from '../../../lib/errors';
import { paymentConfirmationEmail, paymentRequestEmail, type RenderedEmail } from '../../email/email.service';
import {
  assertTransition,
  eventRow,
  notFound,
  TransitionError,
  type Actor,
  type AppointmentDeps,
} from '../appointment-access';
import { toAppointmentDto } from '../appointment-dto';
import { endVisit, type EndVisitDeps } from './end-visit.service';
import { depositPaidOf } from '../payment-life-cycle.service';
import { confirmedMail, mailDataOfView } from '../appointment-mail';
import {
  deleteAppointmentRow,
  findAppointmentView,
  findDoctorCandidate,
  isInactiveDoctor,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
  type AppointmentView,
} from '../appointments.repository';
import { enqueueNotifications } from '../../notifications/notifications.service';

/** A payment request also needs the site's origin: its e-mail carries the pay link (deps.payments makes it). */
export type PaymentRequestDeps = AppointmentDeps & EndVisitDeps & { config: Pick<Config, 'publicUrl'> };

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
): Promise<{ message: string; appointment: Appointment; emailIds: number[] }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    assertTransition(typeof action === 'function' ? action(row) : action, row, actor);
    const change = await build(tx, row, now);
    const updated = await updateAppointment(tx, id, { ...change.patch, updatedAt: now });
    await insertAppointmentEvents(tx, [
      eventRow(actor, id, change.event, row.status, updated.status, change.note ?? null, now),
    ]);
    const view = (await findAppointmentView(tx, id))!;
    const email = change.email?.(view, now);
    const emailIds = email ? await enqueueNotifications(tx, [email], now) : [];
    return { message: change.message, appointment: toAppointmentDto(view), emailIds };
  });
}

export async function requireCandidate(tx: Db, doctorId: number, department: string) {
  const doctor = await findDoctorCandidate(tx, doctorId, department, GENERAL_PRACTICE);
  if (!doctor)
    throw (await isInactiveDoctor(tx, doctorId))
      ? new BadRequestError(M.doctorInactive, 'DOCTOR_INACTIVE')
      : new BadRequestError(M.doctorNotEligible, 'DOCTOR_NOT_ELIGIBLE');
  return doctor;
}

export function assignDoctor(deps: AppointmentDeps, id: number, actor: Actor, body: { doctorId: number }) {
  return transition(deps, id, actor, 'assignDoctor', async (tx, row, now) => {
    const doctor = await requireCandidate(tx, body.doctorId, row.department);
    return {
      patch: {
        status: 'AWAITING_DOCTOR_APPROVAL',
        doctorId: doctor.id,
        doctorNotifiedAt: now,
        doctorResponse: null,
        doctorMessage: null,
      },
      event: 'ASSIGN_DOCTOR',
      note: T.doctor(doctor.fullName ?? doctor.email),
      message: M.doctorAssigned,
    };
  });
}

/**
 * Another doctor for a visit already given to one (issue 25, defect 4): one still waiting for his
 * answer goes to the new doctor to answer; a confirmed or paid visit moves only when its doctor was
 * deactivated, and keeps its status. Giving it to the doctor it already has is a skip, so a retry is harmless.
 */
export function reassignDoctor(deps: AppointmentDeps, id: number, actor: Actor, body: { doctorId: number }) {
  return transition(deps, id, actor, 'edit', async (tx, row, now) => {
    if (row.doctorId === body.doctorId) throw new TransitionError(M.alreadyWithDoctor, 'ALREADY_IN_STATUS');
    const awaiting = row.status === 'AWAITING_DOCTOR_APPROVAL';
    if (!awaiting && row.doctorId !== null && !(await isInactiveDoctor(tx, row.doctorId)))
      throw new TransitionError(M.doctorStillActive, 'NOT_ALLOWED_FROM_STATUS');
    const doctor = await requireCandidate(tx, body.doctorId, row.department);
    return {
      patch: awaiting
        ? { doctorId: doctor.id, doctorNotifiedAt: now, doctorResponse: null, doctorMessage: null }
        : { doctorId: doctor.id },
      event: 'ASSIGN_DOCTOR',
      note: T.doctor(doctor.fullName ?? doctor.email),
      message: M.doctorReassigned,
    };
  });
}

export function doctorAccept(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  body: { response?: string | null } | null | undefined,
) {
  const response = body?.response || M.defaultAcceptResponse;
  return transition(deps, id, actor, 'doctorAccept', () => ({
    // What he wrote is for the patient; the default answer is the staff's bookkeeping only.
    patch: { status: 'CONFIRMED', doctorResponse: response, doctorMessage: body?.response || null },
    event: 'DOCTOR_ACCEPT',
    note: response,
    message: M.accepted,
    email: confirmedMail(deps),
  }));
}

export function doctorDecline(deps: AppointmentDeps, id: number, actor: Actor, body: { reason: string }) {
  return transition(deps, id, actor, 'doctorDecline', () => ({
    patch: {
      status: 'PENDING',
      doctorId: null,
      doctorNotifiedAt: null,
      doctorResponse: body.reason,
      doctorMessage: null,
    },
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
    if (actor.role === 'DOCTOR' && body.doctorId !== actor.id)
      throw new ForbiddenError(M.doctorSelfOnly, 'DOCTOR_SELF_ONLY');
    const doctor = await requireCandidate(tx, body.doctorId, row.department);
    return {
      patch: {
        status: 'CONFIRMED',
        doctorId: doctor.id,
        doctorNotifiedAt: row.doctorId === doctor.id ? row.doctorNotifiedAt : now,
      },
      event: 'CONFIRM',
      note: T.doctor(doctor.fullName ?? doctor.email),
      message: M.confirmedWithDoctor,
      email: confirmedMail(deps),
    };
  });
}

export function requestPayment(deps: PaymentRequestDeps, id: number, actor: Actor, body: { amount: number }) {
  // A deposit paid at booking counts toward the visit (issue 28): one that covers the amount leaves
  // nothing to pay, and the visit is paid at once (the state machine's mark paid, from the same statuses).
  const covered = (row: AppointmentRow) => depositPaidOf(row) >= body.amount;
  return transition(
    deps,
    id,
    actor,
    (row) => (covered(row) ? 'markPaid' : 'requestPayment'),
    async (tx, row, now) => {
      const deposit = depositPaidOf(row);
      const deducted = deposit > 0 ? ` · ${PAYMENT_MSG.depositDeducted} ${formatVnd(deposit)}` : '';
      if (covered(row)) {
        // A deposit beyond the price (issue 34): the difference is hers, a refund to track like any other.
        const surplus = deposit - body.amount;
        const refunded = surplus > 0 && (await deps.payments.openSurplusRefund(tx, row.id, surplus, actor.id, now));
        const returned = refunded ? ` · ${PAYMENT_MSG.depositSurplus(formatVnd(surplus))}` : '';
        return {
          patch: { status: 'PAID', paymentCompleted: true, paymentAmount: body.amount },
          event: 'MARK_PAID',
          note: `${T.amount(formatVnd(body.amount))}${deducted}${returned}`,
          message: M.markedPaid,
          email: (view) => {
            const data = mailDataOfView(view);
            return data ? paymentConfirmationEmail(data) : null;
          },
        };
      }
      // Her private pay link (issue 28), made with the request; a new request replaces the old link.
      const payUrl = deps.payments.payLinkUrl(deps.config.publicUrl, await deps.payments.issuePayLink(tx, id, now));
      const due = amountDueAfterDeposit(body.amount, deposit);
      return {
        patch: { status: 'PAYMENT_REQUESTED', paymentAmount: body.amount },
        event: 'REQUEST_PAYMENT',
        note: `${T.amount(formatVnd(body.amount))}${deducted}`,
        message: M.paymentRequested,
        email: (view) => {
          const data = mailDataOfView(view);
          return data ? paymentRequestEmail({ ...data, amount: due, payUrl }) : null;
        },
      };
    },
  );
}

export function markPaid(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
  body: { amount?: number } | null | undefined,
) {
  return transition(deps, id, actor, 'markPaid', (_tx, row) => {
    const amount = body?.amount ?? row.paymentAmount;
    return {
      patch: { status: 'PAID', paymentCompleted: true, paymentAmount: amount },
      event: 'MARK_PAID',
      note: amount != null ? T.amount(formatVnd(amount)) : null,
      message: M.markedPaid,
      email: (view) => {
        const data = mailDataOfView(view);
        return data ? paymentConfirmationEmail(data) : null;
      },
    };
  });
}

export async function cancelAppointment(
  deps: AppointmentDeps & EndVisitDeps,
  id: number,
  actor: Actor,
  body: { reason?: string; refundRequired?: boolean; patientStatus?: string | null } | null | undefined,
): Promise<{ message: string; appointment: Appointment; emailIds: number[] }> {
  const reason = body?.reason ?? M.defaultCancelReason;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    // The one way a visit ends (issue 36): the refunds it owes and her message come with it.
    const ended = await endVisit(
      deps,
      tx,
      row,
      {
        by: { kind: 'actor', actor, refund: body?.refundRequired === true },
        reason,
        patientStatus: body?.patientStatus ?? null,
      },
      now,
    );
    const view = (await findAppointmentView(tx, id))!;
    return {
      message: ended.refunded ? M.cancelledWithRefund : M.cancelled,
      appointment: toAppointmentDto(view),
      emailIds: ended.emailIds,
    };
  });
}

/**
 * The cancel call of the API: the cancel, then (committed) the provider refunds it opened are asked
 * for at once; a refusal stays on the booking and in the 'Hoàn tiền' list for staff to retry.
 */
export async function cancelAndRefund(
  deps: AppointmentDeps & RefundDeps & EndVisitDeps,
  id: number,
  actor: Actor,
  body: Parameters<typeof cancelAppointment>[3],
) {
  const result = await cancelAppointment(deps, id, actor, body);
  if (result.appointment.refundRequired) {
    const caller: RefundCaller = { id: actor.id, name: actor.username, role: actor.role };
    await deps.payments.sendRefunds(deps, id, caller);
  }
  return result;
}

export async function deleteAppointment(
  deps: AppointmentDeps,
  id: number,
  actor: Actor,
): Promise<{ message: string; id: number }> {
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
