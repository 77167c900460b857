// A public booking in a department that asks a deposit holds its slot while she pays it (issue 28):
// unpaid by its deadline, the booking is cancelled and its place goes to the waiting list.
import { PAYMENT_MSG } from '@clinic/shared';
import type { AppointmentDeps } from '../appointment-access';
import { lockLapsedDepositHolds } from './deposit-holds.repository';
import { endVisit, type EndVisitDeps } from '../life-cycle/end-visit.service';
import { HOLDING_STATUSES } from '../payment-life-cycle.service';

/** Why a FHIR client's hold ended unbooked (the booking's history keeps it). */
export const HOLD_LAPSED = 'Hết thời gian giữ chỗ';

/**
 * One run of the waiting list's job releases the holds whose deposit is overdue: each booking ends
 * the one way a visit ends (endVisit, by the clinic's rule: CANCELLED with the reason, its history
 * event by no one, a message to her), in one transaction. The place it frees is then offered to the
 * first person waiting by the same run (offerFreedPlaces). A deposit paid later is money the visit
 * cannot take: the ledger opens its one refund.
 */
export async function releaseLapsedDepositHolds(
  deps: Pick<AppointmentDeps, 'db'> & EndVisitDeps,
  now: Date,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const lapsed = await lockLapsedDepositHolds(tx, now, HOLDING_STATUSES);
    for (const row of lapsed) {
      // A hold without a deposit is a FHIR client's $hold (issue 38): never booked, so she is told nothing.
      const held = row.depositAmount == null;
      const reason = held ? HOLD_LAPSED : PAYMENT_MSG.depositExpired;
      await endVisit(deps, tx, row, { by: { kind: 'lapse' }, reason, untold: held }, now);
    }
    return lapsed.length;
  });
}
