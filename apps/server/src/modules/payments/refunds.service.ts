import { randomBytes } from 'node:crypto';
import {
  PAYMENT_PROVIDER_LABELS,
  REFUND_MSG,
  type Refund,
  type RefundActionResponse,
  type RefundList,
  type RefundStatus,
  type Role,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { AppointmentRow, PaymentAttemptRow, RefundRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordRefundDone, tellRefundDue } from '../appointments/payment-life-cycle.service';
import { momoRefund, momoRefundRequest } from './momo';
import { findPaidDeposit } from './payments.repository';
import type { PaymentDeps } from './payments.service';
import {
  attemptsWithMoney,
  claimRefund,
  finishRefundCall,
  findAttemptById,
  findRefund,
  findRefundView,
  insertRefunds,
  listAppointmentRefunds,
  listOpenRefunds,
  markRefundDoneByHand,
  pendingProviderRefundIds,
  type NewRefund,
  type RefundView,
} from './refunds.repository';
import { VNPAY_REFUND_CODES, vnpayRefund, vnpayRefundRequest, vnpayVerifyRefundResponse } from './vnpay';

/**
 * Refunds (issue 28): money a cancelled visit (or a second payment) must give back. VNPay and MoMo
 * refunds go through the provider's refund call, made after the change that opened them has
 * committed (never inside a transaction: a slow provider would hold the booking's lock); a VietQR
 * transfer or a desk payment is given back by hand and marked done by staff with its reference.
 */
export type RefundDeps = PaymentDeps;
/** Who asks the provider: a staff member from the screen, or the background job. */
export type RefundCaller = { id: number | null; name: string; role: Role | null };
export const REFUND_JOB: RefundCaller = { id: null, name: 'he-thong', role: null };
/** vnp_IpAddr of a refund call is the calling server's address, which VNPay records and does not check. */
const SERVER_IP = '127.0.0.1';

/** A call under way longer than this is taken as lost (its process died): staff may send it again. */
const STALE_CALL_MS = 2 * 60_000;

/**
 * Opens refunds; a VietQR transfer's, given back by hand, tells her at once how much comes back, how
 * and roughly when (issue 35: she heard nothing until staff acted). How many were opened.
 */
async function openAndTell(tx: Db, rows: NewRefund[], now: Date, tell = true): Promise<number> {
  const opened = await insertRefunds(tx, rows);
  if (tell)
    for (const r of opened)
      if (r.appointmentId != null && r.status === 'MANUAL' && r.provider === 'VIETQR')
        await tellRefundDue(tx, r.appointmentId, r.amount, now);
  return opened.length;
}

const statusOf = (provider: PaymentAttemptRow['provider'] | null): RefundStatus =>
  provider === 'VNPAY' || provider === 'MOMO' ? 'PENDING' : 'MANUAL';

/**
 * In the transaction of a visit's end (appointments' endVisit): one refund for every online payment
 * that took the visit's money, or one by hand for a payment taken at the desk. Run twice, it opens
 * nothing more. `tell: false` (an erasure) sends her nothing about it.
 */
export async function openRefundsOnCancel(
  tx: Db,
  row: AppointmentRow,
  actorId: number | null,
  now: Date,
  opts: { tell?: boolean } = {},
) {
  const attempts = await attemptsWithMoney(tx, row.id);
  // A deposit whose surplus went back already (issue 34) owes only the rest.
  const rows: NewRefund[] = attempts
    .filter((a) => a.amount - a.surplusRefunded > 0)
    .map((a) => ({
      appointmentId: row.id,
      attemptId: a.id,
      provider: a.provider,
      amount: a.amount - a.surplusRefunded,
      status: statusOf(a.provider),
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    }));
  // What the desk took: the visit's amount when its payment was not taken online, less a deposit
  // paid online (given back through its own attempt above), as the day's money counts it (issue 35).
  const visitPaidOnline = attempts.some((a) => a.kind !== 'DEPOSIT' && a.status === 'PAID');
  const deposits = attempts.filter((a) => a.kind === 'DEPOSIT').reduce((sum, a) => sum + a.amount, 0);
  const atDesk = row.paymentCompleted && !visitPaidOnline ? (row.paymentAmount ?? 0) - deposits : 0;
  if (atDesk > 0)
    rows.push({
      appointmentId: row.id,
      attemptId: null,
      provider: null,
      amount: atDesk,
      status: 'MANUAL',
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    });
  await openAndTell(tx, rows, now, opts.tell ?? true);
}

/** In the ledger's transaction: money a provider took that the visit cannot keep (cancelled, already paid). */
export async function openRefundForAttempt(
  tx: Db,
  attempt: Pick<PaymentAttemptRow, 'id' | 'appointmentId' | 'provider' | 'amount'>,
  now: Date,
) {
  await openAndTell(
    tx,
    [
      {
        appointmentId: attempt.appointmentId,
        attemptId: attempt.id,
        provider: attempt.provider,
        amount: attempt.amount,
        status: statusOf(attempt.provider),
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
    ],
    now,
  );
}

/**
 * In the ledger's transaction (issue 34): money a provider or the bank handed over that no payable
 * visit took. One refund per transaction id (the same notification twice opens one), given back by
 * hand; false when this money already has its refund.
 */
export async function openUnmatchedRefund(
  tx: Db,
  money: {
    appointmentId: number | null;
    provider: PaymentAttemptRow['provider'];
    reference: string | null;
    receivedTransactionId: string;
    amount: number;
  },
  now: Date,
): Promise<boolean> {
  const opened = await openAndTell(
    tx,
    [
      {
        ...money,
        attemptId: null,
        reason: 'UNMATCHED',
        status: 'MANUAL',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
    ],
    now,
  );
  return opened > 0;
}

/**
 * In the transaction that made a visit PAID from its deposit (issue 34): the part of the deposit
 * beyond the price goes back, through the deposit's provider (a partial refund) or by hand. False
 * when no online deposit took the money.
 */
export async function openSurplusRefund(
  tx: Db,
  appointmentId: number,
  amount: number,
  actorId: number | null,
  now: Date,
): Promise<boolean> {
  const deposit = await findPaidDeposit(tx, appointmentId);
  if (!deposit || amount <= 0) return false;
  await openAndTell(
    tx,
    [
      {
        appointmentId,
        attemptId: deposit.id,
        reason: 'SURPLUS',
        provider: deposit.provider,
        amount,
        status: statusOf(deposit.provider),
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      },
    ],
    now,
  );
  return true;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function refundDto(r: RefundView): Refund {
  return {
    id: r.id,
    appointmentId: r.appointmentId,
    reason: r.reason,
    provider: r.provider,
    paymentReference: r.paymentReference,
    receivedTransactionId: r.receivedTransactionId,
    amount: r.amount,
    status: r.status,
    providerRefundId: r.providerRefundId,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    doneAt: iso(r.doneAt),
    doneByName: r.doneByName,
  };
}

export async function appointmentRefunds(db: Db, appointmentId: number): Promise<Refund[]> {
  return (await listAppointmentRefunds(db, appointmentId)).map(refundDto);
}

/** The 'Hoàn tiền' list: every refund not yet done, oldest first. */
export async function openRefunds(deps: Pick<RefundDeps, 'db'>): Promise<RefundList> {
  const rows = await listOpenRefunds(deps.db, 500);
  return {
    refunds: rows.map((r) => ({
      ...refundDto(r),
      fullName: r.fullName,
      appointmentDate: r.appointmentDate,
      appointmentTime: r.appointmentTime,
    })),
  };
}

/** A refund call's id (vnp_RequestId, MoMo's requestId and orderId): new for every call, letters and digits. */
const newRequestId = (refundId: number) => `RF${refundId}X${randomBytes(6).toString('hex').toUpperCase()}`;

type CallOutcome = Pick<RefundRow, 'status' | 'providerRefundId' | 'failure'>;

/** Asks the provider to give the whole payment back; what it answered, as the refund's next status. */
async function callProvider(
  deps: RefundDeps,
  refund: RefundRow,
  attempt: PaymentAttemptRow,
  caller: RefundCaller,
): Promise<CallOutcome> {
  const origin = deps.config.publicUrl;
  const p = deps.config.payments;
  const now = deps.clock.now();
  const failed = (failure: string): CallOutcome => ({ status: 'FAILED', providerRefundId: null, failure });
  // Off (production without its keys): no call can be made; staff give it back by hand.
  const mode = refund.provider === 'VNPAY' ? p.vnpay.mode : p.momo.mode;
  if (mode === 'off') return failed(REFUND_MSG.providerOff(PAYMENT_PROVIDER_LABELS[attempt.provider]));
  try {
    if (refund.provider === 'VNPAY') {
      const apiUrl =
        p.vnpay.mode === 'simulator'
          ? `${origin}/api/payments/simulator/vnpay/merchant_webapi/api/transaction`
          : p.vnpay.apiUrl;
      const answer = await vnpayRefund(
        apiUrl,
        vnpayRefundRequest(p.vnpay, {
          requestId: refund.requestId!,
          reference: attempt.reference,
          amount: refund.amount,
          whole: refund.amount === attempt.amount,
          transactionNo: attempt.providerTransactionId,
          paymentCreatedAt: attempt.createdAt,
          createdBy: caller.name,
          ipAddress: SERVER_IP,
          now,
        }),
        deps.fetch,
      );
      if (!vnpayVerifyRefundResponse(p.vnpay.hashSecret, answer)) return failed('VNPay: chữ ký trả lời không hợp lệ');
      if (answer.vnp_ResponseCode === VNPAY_REFUND_CODES.success)
        return { status: 'DONE', providerRefundId: answer.vnp_TransactionNo ?? null, failure: null };
      // Asked before and still being processed by VNPay: not a refusal.
      if (answer.vnp_ResponseCode === VNPAY_REFUND_CODES.alreadyRequested)
        return { status: 'PROCESSING', providerRefundId: null, failure: null };
      return failed(`VNPay ${answer.vnp_ResponseCode ?? '?'}: ${answer.vnp_Message ?? ''}`.trim());
    }
    const endpoint = p.momo.mode === 'simulator' ? `${origin}/api/payments/simulator/momo` : p.momo.endpoint;
    const answer = await momoRefund(
      { ...p.momo, endpoint },
      momoRefundRequest(p.momo, {
        requestId: refund.requestId!,
        amount: refund.amount,
        transId: attempt.providerTransactionId ?? '',
        description: `Hoan tien giao dich ${attempt.reference}`,
      }),
      deps.fetch,
    );
    if (answer.resultCode === 0)
      return {
        status: 'DONE',
        providerRefundId: answer.transId != null ? String(answer.transId) : null,
        failure: null,
      };
    // 7000/7002: MoMo is still processing it.
    if (answer.resultCode === 7000 || answer.resultCode === 7002)
      return { status: 'PROCESSING', providerRefundId: null, failure: null };
    return failed(`MoMo ${answer.resultCode}: ${answer.message ?? ''}`.trim());
  } catch {
    return failed(REFUND_MSG.providerNoAnswer);
  }
}

/**
 * One provider refund call for refund `id`, taken from one of `from` so no two run at once; a DONE
 * answer tells the patient, in the same transaction that makes it DONE (so once).
 */
async function sendRefund(
  deps: RefundDeps,
  id: number,
  from: readonly RefundStatus[],
  caller: RefundCaller,
): Promise<RefundRow | undefined> {
  const now = deps.clock.now();
  const requestId = newRequestId(id);
  const claimed = await claimRefund(deps.db, id, from, requestId, now, new Date(now.getTime() - STALE_CALL_MS));
  if (!claimed || claimed.attemptId == null) return undefined;
  const attempt = (await findAttemptById(deps.db, claimed.attemptId))!;
  const outcome = await callProvider(deps, claimed, attempt, caller);
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const done = outcome.status === 'DONE';
    const row = await finishRefundCall(tx, id, requestId, {
      ...outcome,
      updatedAt: at,
      ...(done ? { doneAt: at, doneByName: PAYMENT_PROVIDER_LABELS[attempt.provider] } : {}),
    });
    if (row?.appointmentId != null && done) {
      const way = PAYMENT_PROVIDER_LABELS[attempt.provider];
      await recordRefundDone(
        tx,
        row.appointmentId,
        { amount: row.amount, way, reference: row.providerRefundId, provider: attempt.provider },
        { id: null, name: way, role: null },
        at,
      );
    }
    return row;
  });
}

/** After a cancel with refund has committed: the provider refunds it opened, asked for now. */
export async function sendAppointmentRefunds(deps: RefundDeps, appointmentId: number, caller: RefundCaller) {
  for (const id of await pendingProviderRefundIds(deps.db, appointmentId, 20))
    await sendRefund(deps, id, ['PENDING'], caller);
}

/** The background job: provider refunds opened by a notification, or left by a process that stopped. */
export async function sendDueRefunds(deps: RefundDeps, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const id of await pendingProviderRefundIds(deps.db, null, 10)) {
    if (signal?.aborted) break;
    if (await sendRefund(deps, id, ['PENDING'], REFUND_JOB)) sent += 1;
  }
  return sent;
}

const notFound = () => new NotFoundError(REFUND_MSG.notFound, 'REFUND_NOT_FOUND');

async function answer(db: Db, id: number, message: string): Promise<RefundActionResponse> {
  return { message, refund: refundDto((await findRefundView(db, id))!) };
}

/** Staff send a refused (or lost) provider refund again. */
export async function retryRefund(deps: RefundDeps, id: number, caller: RefundCaller): Promise<RefundActionResponse> {
  const refund = await findRefund(deps.db, id);
  if (!refund) throw notFound();
  const sent = await sendRefund(deps, id, ['PENDING', 'FAILED', 'PROCESSING'], caller);
  if (!sent) throw new ConflictError(REFUND_MSG.notRetryable, 'REFUND_NOT_RETRYABLE');
  return answer(deps.db, id, REFUND_MSG.sent);
}

/**
 * Staff gave the money back by hand (a bank transfer, cash at the desk, or a provider refund done in
 * its merchant portal) and write its reference: DONE, and the patient told, once.
 */
export async function markRefundDone(
  deps: Pick<RefundDeps, 'db' | 'clock'>,
  id: number,
  caller: RefundCaller,
  reference: string,
): Promise<RefundActionResponse> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await markRefundDoneByHand(tx, id, ['MANUAL', 'FAILED', 'PROCESSING'], {
      providerRefundId: reference,
      doneBy: caller.id,
      doneByName: caller.name,
      doneAt: now,
      updatedAt: now,
    });
    if (!row) {
      if (!(await findRefund(tx, id))) throw notFound();
      throw new ConflictError(REFUND_MSG.notMarkable, 'REFUND_NOT_MARKABLE');
    }
    // By hand: a bank transfer or cash, whatever way the money came. Money that named no visit has no history to write.
    if (row.appointmentId != null)
      await recordRefundDone(
        tx,
        row.appointmentId,
        { amount: row.amount, way: null, reference, provider: row.provider },
        caller,
        now,
      );
  });
  return answer(deps.db, id, REFUND_MSG.markedDone);
}
