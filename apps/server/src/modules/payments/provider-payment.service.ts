import { amountDueAfterDeposit, checkTransition, type PaymentKind } from '@clinic/shared';
import type { AppointmentRow } from '../../db/schema';
import { depositPaidOf, HOLDING_STATUSES } from '../appointments/payment-life-cycle.service';

/**
 * Whether a visit can be paid, and what it owes now (issue 28): payment rules, read from the booking.
 * What a payment does to the booking is the appointments module's (payment-life-cycle.service.ts).
 */

/** Whether the state machine lets a payment make it PAID (as the front desk's "mark paid" would). */
export const payableByProvider = (row: AppointmentRow) =>
  checkTransition('markPaid', row.status, { role: 'STAFF', isAssignedDoctor: false, isOwner: false }).ok;

type DepositFields = Pick<AppointmentRow, 'status' | 'depositAmount' | 'depositDueAt' | 'depositPaidAt'>;

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
