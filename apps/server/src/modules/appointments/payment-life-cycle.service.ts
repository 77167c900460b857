import {
  APPOINTMENT_TRAIL as T,
  CANCELLABLE_STATUSES,
  formatVnd,
  type Role,
  type AppointmentStatus,
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
 * The life-cycle steps the payments module calls (issue 36): payments, above appointments, own the
 * ledger, a provider's notification, refunds and whether a visit can be paid
 * (payments/provider-payment.service.ts); what that does to a booking (PAID, its deposit paid, its
 * history and her messages) is done here.
 */

/**
 * A payment a provider confirmed (issue 28), inside the ledger's transaction. The row is locked as
 * a staff's "mark paid" locks it, so whichever comes second sees PAID: one PAID, whatever races.
 */
export function lockAppointmentForPayment(tx: Db, id: number): Promise<AppointmentRow | undefined> {
  return lockAppointment(tx, id);
}

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

/** The deposit she paid, which counts toward the visit's payment (0 when none). */
export const depositPaidOf = (a: Pick<AppointmentRow, 'depositAmount' | 'depositPaidAt'>) =>
  a.depositPaidAt != null && a.depositAmount != null ? a.depositAmount : 0;

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
