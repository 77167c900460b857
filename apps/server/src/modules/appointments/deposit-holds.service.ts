// A public booking in a department that asks a deposit holds its slot while she pays it (issue 28):
// unpaid by its deadline, the booking is cancelled and its place goes to the waiting list.
import { PAYMENT_MSG } from '@clinic/shared';
import { cancellationEmail, enqueueEmails } from '../email/email.service';
import { eventRow, type AppointmentDeps } from './appointment-access';
import { mailDataOfView } from './appointment-mail';
import { appointmentViewsByIds, insertAppointmentEvents } from './appointments.repository';
import { cancelLapsedDepositHolds } from './deposit-holds.repository';
import { HOLDING_STATUSES } from './provider-payment.service';

/**
 * One run of the waiting list's job releases the holds whose deposit is overdue: each booking
 * CANCELLED with its history event (the reason, by no one: the clinic's rule) and a message to her,
 * in one transaction. The place it frees is then offered to the first person waiting by the same run
 * (offerFreedPlaces). A deposit paid later is flagged for refund by the ledger.
 */
export async function releaseLapsedDepositHolds(deps: Pick<AppointmentDeps, 'db'>, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const reason = PAYMENT_MSG.depositExpired;
    const cancelled = await cancelLapsedDepositHolds(tx, now, HOLDING_STATUSES, reason);
    if (cancelled.length === 0) return 0;
    await insertAppointmentEvents(
      tx,
      cancelled.map((c) => eventRow(null, c.id, 'CANCEL', c.fromStatus, 'CANCELLED', reason, now)),
    );
    const views = await appointmentViewsByIds(
      tx,
      cancelled.map((c) => c.id),
    );
    const emails = views.flatMap((view) => {
      const data = mailDataOfView(view);
      return data ? [cancellationEmail(data, { reason, refund: false })] : [];
    });
    await enqueueEmails(tx, emails, now);
    return cancelled.length;
  });
}
