import { APPOINTMENT_TRAIL as T, checkTransition, formatVnd, type Role } from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppointmentRow } from '../../db/schema';
import { enqueueEmails, paymentConfirmationEmail, refundDoneEmail } from '../email/email.service';
import { eventRow } from './appointment-access';
import { mailDataOfView } from './appointment-mail';
import {
  findAppointmentView,
  insertAppointmentEvents,
  lockAppointment,
  updateAppointment,
} from './appointments.repository';

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
  const updated = await updateAppointment(tx, row.id, {
    status: 'PAID',
    paymentCompleted: true,
    paymentAmount: payment.amount,
    updatedAt: now,
  });
  const note = `${T.amount(formatVnd(payment.amount))} · ${payment.providerLabel} · ${payment.reference}`;
  const event = eventRow(null, row.id, 'MARK_PAID', row.status, updated.status, note, now);
  await insertAppointmentEvents(tx, [{ ...event, actorName: payment.providerLabel }]);
  const data = mailDataOfView((await findAppointmentView(tx, row.id))!);
  if (data) await enqueueEmails(tx, [paymentConfirmationEmail(data)], now);
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
  refund: { amount: number; way: string | null; reference: string | null },
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
  if (data) await enqueueEmails(tx, [refundDoneEmail(data, refund)], now);
}

/** The appointment a pay page shows (its caller picks what a pay page may show: never the reason). */
export function appointmentForPayment(db: Db, id: number) {
  return findAppointmentView(db, id);
}
