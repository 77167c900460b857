import {
  formatDate,
  CLOSED_STATUSES,
  APPOINTMENT_TRAIL as T,
  canCancelWithRefund,
  isAllowed,
  refusalReason,
  type AppointmentEventAction,
  type AppointmentStatus,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { AppointmentRow, NewAppointmentRow } from '../../../db/schema';
import { cancellationEmail } from '../../email/email.service';
import { assertTransition, eventRow, notFound, TransitionError, type Actor } from '../appointment-access';
import { mailDataOfView } from '../appointment-mail';
import {
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from '../appointments.repository';
import { depositPaidOf } from '../payment-life-cycle.service';
import { enqueueNotifications } from '../../notifications/notifications.service';

/**
 * Who ends a visit (issue 36):
 * - `actor`: a signed-in user (staff, ADMIN, a patient in My Appointments, a bulk cancel), under the
 *   state machine's cancel (or cancel with refund, when `refund` is asked on a PAID visit);
 * - `link`: the holder of her private link, with My Appointments' rules;
 * - `erasure`: the administrator carrying out her deletion request, on any visit still open;
 * - `lapse`: the clinic's rule, a deposit hold unpaid by its deadline (or a FHIR hold not booked by its end);
 * - `client`: a FHIR client (issue 38) cancelling for the patient, with her own rules (My Appointments').
 */
export type EndedBy =
  | { kind: 'actor'; actor: Actor; refund?: boolean }
  | { kind: 'link' }
  | { kind: 'erasure'; actor: Actor }
  | { kind: 'lapse' }
  | { kind: 'client'; name: string };

export type EndVisit = {
  by: EndedBy;
  /** Why, as the booking keeps it and her message says it. */
  reason: string;
  /** What staff wrote of the patient, kept with a staff cancel. */
  patientStatus?: string | null;
  /** Her cancellation message is the caller's (several visits ended together: tellVisitsEnded). */
  untold?: boolean;
};

/** The refunds a visit owes are opened by payments, above appointments, through deps.payments. */
export type EndVisitDeps = Pick<AppDeps, 'payments'>;

export type EndedVisit = {
  row: AppointmentRow;
  /** A paid visit cancelled with its refund (the staff's cancel with refund). */
  refunded: boolean;
  /** The deposit she had paid, owed back (0 when none). */
  deposit: number;
  emailIds: number[];
};

const OPEN_TO_END = (s: AppointmentStatus) => !(CLOSED_STATUSES as readonly AppointmentStatus[]).includes(s);
const LINK_OWNER = { role: 'PATIENT', isOwner: true } as const;

function refuse(row: AppointmentRow, who: 'OWNER_PATIENT' | 'ADMIN'): never {
  const refusal = refusalReason('cancel', row.status, who);
  throw new TransitionError(refusal.reason, refusal.code);
}

/** The state machine's word on this end: a refusal throws as every transition's does. */
function check(row: AppointmentRow, by: EndedBy): boolean {
  switch (by.kind) {
    case 'actor': {
      // Cancel with refund is the staff's PAID case of the cancel call; a patient's flag changes nothing.
      const withRefund = by.refund === true && canCancelWithRefund(row.status, { role: by.actor.role });
      assertTransition(withRefund ? 'cancelWithRefund' : 'cancel', row, by.actor);
      return withRefund;
    }
    case 'link':
    case 'client': {
      // Whoever holds the link, or a booking system, acts as the booking's own patient.
      if (!isAllowed('cancel', row.status, LINK_OWNER)) refuse(row, 'OWNER_PATIENT');
      return false;
    }
    default: {
      // An erasure or a lapse ends whatever is still open; a closed visit is not ended again.
      if (!OPEN_TO_END(row.status)) refuse(row, 'ADMIN');
      return row.status === 'PAID';
    }
  }
}

const actorOf = (by: EndedBy): Actor | null => (by.kind === 'actor' || by.kind === 'erasure' ? by.actor : null);

/**
 * The one way a visit ends (issue 36), the mirror of makeAppointment: inside the caller's
 * transaction, on a row it locked. The state machine's check, CANCELLED with the reason, its history
 * event, a refund opened for any money the visit took (its payment, a deposit: the refunds service,
 * once, through deps.payments.visitEnded), and her cancellation message; the place it frees goes to
 * the waiting list on the job's next run (offerFreedPlaces). An erasure tells the person nothing: she
 * asked to be forgotten.
 */
export async function endVisit(
  deps: EndVisitDeps,
  tx: Db,
  row: AppointmentRow,
  end: EndVisit,
  now: Date,
): Promise<EndedVisit> {
  const { by, reason } = end;
  const paid = check(row, by);
  const deposit = depositPaidOf(row);
  const owed = paid || deposit > 0;
  const actor = actorOf(by);
  if (owed) await deps.payments.visitEnded(tx, row, actor?.id ?? null, now, { tell: by.kind !== 'erasure' });
  const patch: Partial<NewAppointmentRow> = { status: 'CANCELLED', cancelReason: reason, updatedAt: now };
  if (by.kind === 'actor') Object.assign(patch, { refundRequired: owed, patientStatus: end.patientStatus ?? null });
  else if (owed) patch.refundRequired = true;
  const updated = await updateAppointment(tx, row.id, patch);
  const action: AppointmentEventAction = paid ? 'CANCEL_WITH_REFUND' : 'CANCEL';
  const note = by.kind === 'link' ? T.cancelledByLink(reason) : by.kind === 'client' ? `${by.name}: ${reason}` : reason;
  await insertAppointmentEvents(tx, [eventRow(actor, row.id, action, row.status, updated.status, note, now)]);
  if (by.kind === 'erasure' || end.untold) return { row: updated, refunded: paid, deposit, emailIds: [] };
  const data = mailDataOfView((await findAppointmentView(tx, row.id))!);
  // A paid visit's message names its payment; a deposit's, the deposit coming back.
  const email = data
    ? !paid && deposit > 0
      ? cancellationEmail({ ...data, amount: deposit }, { reason, refund: true })
      : cancellationEmail(data, { reason, refund: paid })
    : null;
  const emailIds = email ? await enqueueNotifications(tx, [email], now) : [];
  return { row: updated, refunded: paid, deposit, emailIds };
}

/**
 * Ends each of these visits (already locked by the caller, or locked here) in the caller's
 * transaction, in the order given; what each end did.
 */
export async function endVisits(
  deps: EndVisitDeps,
  tx: Db,
  ids: readonly number[],
  end: EndVisit,
  now: Date,
): Promise<EndedVisit[]> {
  const ended: EndedVisit[] = [];
  for (const id of ids) {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    ended.push(await endVisit(deps, tx, row, end, now));
  }
  return ended;
}

/**
 * One message for visits ended together (a care plan stopped): the cancellation of the first,
 * listing the others, with the reason; the money coming back is named when any of them owed some.
 * Never the plan's name or purpose (a phone's lock screen shows it).
 */
export async function tellVisitsEnded(
  tx: Db,
  ended: readonly EndedVisit[],
  reason: string,
  now: Date,
): Promise<number[]> {
  const [first, ...others] = [...ended].sort((a, b) =>
    `${a.row.appointmentDate} ${a.row.appointmentTime}`.localeCompare(
      `${b.row.appointmentDate} ${b.row.appointmentTime}`,
    ),
  );
  if (!first) return [];
  const data = mailDataOfView((await findAppointmentView(tx, first.row.id))!);
  if (!data) return [];
  const owed = ended.reduce((sum, e) => sum + (e.refunded ? (e.row.paymentAmount ?? 0) : e.deposit), 0);
  const refund = ended.some((e) => e.refunded || e.deposit > 0);
  const email = cancellationEmail(refund && owed > 0 ? { ...data, amount: owed } : data, {
    reason,
    refund,
    alsoCancelled: others.map((e) => `${e.row.appointmentTime} ${formatDate(e.row.appointmentDate)}`),
  });
  return enqueueNotifications(tx, [email], now);
}
