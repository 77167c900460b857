import {
  amountDueAfterDeposit,
  CANCELLABLE_STATUSES,
  APPOINTMENT_TRAIL as T,
  checkTransition,
  formatVnd,
  type Role,
  type AppointmentStatus,
  type PaymentKind,
  type PaymentProvider,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppointmentRow } from '../../db/schema';
import { paymentConfirmationEmail, refundDoneEmail, refundDueEmail } from '../email/email.service';
import { eventRow } from './appointment-access';
import { mailDataOfView } from './appointment-mail';
import {
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from './appointments.repository';
import { enqueueNotifications } from '../notifications/notifications.service';

/**
 * A payment a provider confirmed (issue 28), inside the ledger's transaction. The row is locked as
 * a staff's "mark paid" locks it, so whichever comes second sees PAID: one PAID, whatever races.
 */
export function lockAppointmentForPayment(tx: Db, id: number): Promise<AppointmentRow | undefined> {
  return lockAppointment(tx, id);
}

/** Whether the state machine lets a payment make it PAID (as the front desk's "mark paid" would). */
export const payableByProvider = (row: AppointmentRow) =>
  checkTransition('markPaid', row.status, { role: 'STAFF', isAssignedDoctor: false, isOwner: false }).ok;

/** PAID through the state machine's markPaid, with its history event (by the provider) and the receipt. */
export async function markPaidByProvider(
  tx: Db,
  row: AppointmentRow,
  payment: { amount: number; providerLabel: string; reference: string },
  now: Date,
): Promise<void> {
  // The visit's amount stays what staff asked: a deposit paid before made the payment smaller.
  const updated = await updateAppointment(tx, row.id, {
    status: 'PAID',
    paymentCompleted: true,
    paymentAmount: row.paymentAmount ?? payment.amount,
    updatedAt: now,
  });
  const note = `${T.amount(formatVnd(payment.amount))} · ${payment.providerLabel} · ${payment.reference}`;
  const event = eventRow(null, row.id, 'MARK_PAID', row.status, updated.status, note, now);
  await insertAppointmentEvents(tx, [{ ...event, actorName: payment.providerLabel }]);
  const data = mailDataOfView((await findAppointmentView(tx, row.id))!);
  if (data) await enqueueNotifications(tx, [paymentConfirmationEmail({ ...data, amount: payment.amount })], now);
}

/** The statuses a booking holds its slot in while its deposit is due: those staff may still cancel. */
export const HOLDING_STATUSES: readonly AppointmentStatus[] = CANCELLABLE_STATUSES;

type DepositFields = Pick<AppointmentRow, 'status' | 'depositAmount' | 'depositDueAt' | 'depositPaidAt'>;

/** The deposit she paid, which counts toward the visit's payment (0 when none). */
export const depositPaidOf = (a: Pick<AppointmentRow, 'depositAmount' | 'depositPaidAt'>) =>
  a.depositPaidAt != null && a.depositAmount != null ? a.depositAmount : 0;

/** Whether a provider's money may still be taken as this booking's deposit (until the job releases the slot). */
export const depositPayable = (a: DepositFields) =>
  a.depositAmount != null && a.depositPaidAt == null && a.depositDueAt != null && HOLDING_STATUSES.includes(a.status);

/** Whether the slot is held for her deposit at `now`: the pay page offers it until then. */
export const depositHeld = (a: DepositFields, now: Date) =>
  depositPayable(a) && a.depositDueAt!.getTime() > now.getTime();

/**
 * What the pay link asks now: the deposit while the slot is held for it, else the requested
 * payment less the deposit paid; null when nothing is due.
 */
export function dueNow(a: AppointmentRow, now: Date): { kind: PaymentKind; amount: number } | null {
  if (depositHeld(a, now)) return { kind: 'DEPOSIT', amount: a.depositAmount! };
  if (a.status !== 'PAYMENT_REQUESTED' || a.paymentAmount == null) return null;
  const amount = amountDueAfterDeposit(a.paymentAmount, depositPaidOf(a));
  return amount > 0 ? { kind: 'VISIT', amount } : null;
}

/**
 * A deposit a provider confirmed: the hold ends (the booking goes on as any other), its history
 * says so, and she gets a receipt. The status does not change.
 */
export async function markDepositPaid(
  tx: Db,
  row: AppointmentRow,
  payment: { amount: number; providerLabel: string; reference: string },
  now: Date,
): Promise<void> {
  await updateAppointment(tx, row.id, { depositPaidAt: now, updatedAt: now });
  const note = `${T.amount(formatVnd(payment.amount))} · ${payment.providerLabel} · ${payment.reference}`;
  const event = eventRow(null, row.id, 'DEPOSIT_PAID', row.status, row.status, note, now);
  await insertAppointmentEvents(tx, [{ ...event, actorName: payment.providerLabel }]);
  const data = mailDataOfView((await findAppointmentView(tx, row.id))!);
  if (data) await enqueueNotifications(tx, [paymentConfirmationEmail({ ...data, amount: payment.amount })], now);
}

/** Money came for a cancelled visit: the booking shows a refund to make. */
export async function flagRefund(tx: Db, row: AppointmentRow, now: Date): Promise<void> {
  await updateAppointment(tx, row.id, { refundRequired: true, updatedAt: now });
}

/**
 * A refund is done (issue 28), in the transaction that made it DONE: the booking's history says by
 * whom (the provider, or the staff member who gave it back by hand), and the patient is told by
 * e-mail and phone.
 */
export async function recordRefundDone(
  tx: Db,
  appointmentId: number,
  refund: { amount: number; way: string | null; reference: string | null; provider: PaymentProvider | null },
  by: { id: number | null; name: string; role: Role | null },
  now: Date,
): Promise<void> {
  const view = await findAppointmentView(tx, appointmentId);
  if (!view) return;
  const status = view.appointment.status;
  const note = [T.amount(formatVnd(refund.amount)), refund.way, refund.reference].filter(Boolean).join(' · ');
  const event = eventRow(null, appointmentId, 'REFUND_DONE', status, status, note, now);
  await insertAppointmentEvents(tx, [{ ...event, actorId: by.id, actorName: by.name, actorRole: by.role }]);
  const data = mailDataOfView(view);
  if (data) await enqueueNotifications(tx, [refundDoneEmail(data, refund)], now);
}

/**
 * A refund staff give back by transfer was recorded (issue 35): she is told at once, by e-mail and
 * phone, how much comes back, by transfer, and in how many working days.
 */
export async function tellRefundDue(tx: Db, appointmentId: number, amount: number, now: Date): Promise<void> {
  const view = await findAppointmentView(tx, appointmentId);
  const data = view ? mailDataOfView(view) : null;
  if (data) await enqueueNotifications(tx, [refundDueEmail(data, amount)], now);
}

/** The appointment a pay page shows (its caller picks what a pay page may show: never the reason). */
export function appointmentForPayment(db: Db, id: number) {
  return findAppointmentView(db, id);
}
