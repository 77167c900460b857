import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { OPEN_REFUND_STATUSES, type RefundStatus } from '@clinic/shared';
import type { Db } from '../../db/client';
import { appointments, paymentAttempts, refunds, type RefundRow } from '../../db/schema';

export type NewRefund = Pick<
  RefundRow,
  'appointmentId' | 'attemptId' | 'provider' | 'amount' | 'status' | 'createdBy' | 'createdAt' | 'updatedAt'
> &
  Partial<Pick<RefundRow, 'reason' | 'reference' | 'receivedTransactionId'>>;

/**
 * Opens refunds; one already open for the same payment and reason (or the same desk payment, or the
 * same money received) is left as it is. The ones opened.
 */
export async function insertRefunds(db: Db, rows: NewRefund[]) {
  if (rows.length === 0) return [];
  return db.insert(refunds).values(rows).onConflictDoNothing().returning({
    id: refunds.id,
    appointmentId: refunds.appointmentId,
    provider: refunds.provider,
    amount: refunds.amount,
    status: refunds.status,
  });
}

/** The appointment's attempts that took money: the visit's payment, and money it could not take. */
export async function attemptsWithMoney(db: Db, appointmentId: number) {
  return db
    .select({
      id: paymentAttempts.id,
      provider: paymentAttempts.provider,
      kind: paymentAttempts.kind,
      amount: paymentAttempts.amount,
      status: paymentAttempts.status,
      /** What was already given back of it as a deposit's surplus (issue 34). */
      // Written out: drizzle would print the outer column unqualified, which inside the subquery means r.id.
      surplusRefunded: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r
        where r.attempt_id = payment_attempts.id and r.reason = 'SURPLUS')::bigint`.mapWith(Number),
    })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.appointmentId, appointmentId), inArray(paymentAttempts.status, ['PAID', 'REFUND_DUE'])),
    )
    .orderBy(asc(paymentAttempts.id));
}

export async function findAttemptById(db: Db, id: number) {
  const rows = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
  return rows[0];
}

const refundColumns = {
  id: refunds.id,
  appointmentId: refunds.appointmentId,
  attemptId: refunds.attemptId,
  reason: refunds.reason,
  provider: refunds.provider,
  paymentReference: sql<string | null>`coalesce(${paymentAttempts.reference}, ${refunds.reference})`,
  receivedTransactionId: refunds.receivedTransactionId,
  amount: refunds.amount,
  status: refunds.status,
  providerRefundId: refunds.providerRefundId,
  failure: refunds.failure,
  createdAt: refunds.createdAt,
  updatedAt: refunds.updatedAt,
  doneAt: refunds.doneAt,
  doneByName: refunds.doneByName,
};

export async function findRefundView(db: Db, id: number) {
  const rows = await db
    .select(refundColumns)
    .from(refunds)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, id))
    .limit(1);
  return rows[0];
}

export async function listAppointmentRefunds(db: Db, appointmentId: number) {
  return db
    .select(refundColumns)
    .from(refunds)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.appointmentId, appointmentId))
    .orderBy(asc(refunds.id));
}

/** The refunds staff still have to see through, oldest first, with the visit they belong to. */
export async function listOpenRefunds(db: Db, limit: number) {
  return db
    .select({
      ...refundColumns,
      fullName: appointments.fullName,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
    })
    .from(refunds)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .leftJoin(appointments, eq(appointments.id, refunds.appointmentId))
    .where(inArray(refunds.status, OPEN_REFUND_STATUSES))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
}

export async function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return rows[0];
}

/** Provider refunds not yet asked for, oldest first (the background job's work). */
export async function pendingProviderRefundIds(db: Db, appointmentId: number | null, limit: number) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.status, 'PENDING'), appointmentId == null ? undefined : eq(refunds.appointmentId, appointmentId)),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes a refund for one provider call: only from one of `from` (a PROCESSING one only once it is
 * older than `staleBefore`: its process died mid-call), so two processes never call for it at once.
 */
export async function claimRefund(
  db: Db,
  id: number,
  from: readonly RefundStatus[],
  requestId: string,
  now: Date,
  staleBefore: Date,
): Promise<RefundRow | undefined> {
  const rows = await db
    .update(refunds)
    .set({ status: 'PROCESSING', requestId, tries: sql`${refunds.tries} + 1`, failure: null, updatedAt: now })
    .where(
      and(
        eq(refunds.id, id),
        inArray(refunds.provider, ['VNPAY', 'MOMO']),
        or(
          inArray(
            refunds.status,
            from.filter((s) => s !== 'PROCESSING'),
          ),
          from.includes('PROCESSING')
            ? and(eq(refunds.status, 'PROCESSING'), lt(refunds.updatedAt, staleBefore))
            : undefined,
        ),
      ),
    )
    .returning();
  return rows[0];
}

/** Writes the provider's answer to the call `requestId`; a later call's answer or a refund done by hand wins. */
export async function finishRefundCall(
  db: Db,
  id: number,
  requestId: string,
  patch: Pick<RefundRow, 'status' | 'providerRefundId' | 'failure' | 'updatedAt'> &
    Partial<Pick<RefundRow, 'doneAt' | 'doneByName'>>,
): Promise<RefundRow | undefined> {
  const rows = await db
    .update(refunds)
    .set(patch)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'PROCESSING'), eq(refunds.requestId, requestId)))
    .returning();
  return rows[0];
}

/** Staff gave it back by hand: DONE once, whoever clicks twice. */
export async function markRefundDoneByHand(
  db: Db,
  id: number,
  from: readonly RefundStatus[],
  patch: Pick<RefundRow, 'providerRefundId' | 'doneBy' | 'doneByName' | 'doneAt' | 'updatedAt'>,
): Promise<RefundRow | undefined> {
  const rows = await db
    .update(refunds)
    .set({ ...patch, status: 'DONE', failure: null })
    .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
    .returning();
  return rows[0];
}

export type RefundView = NonNullable<Awaited<ReturnType<typeof findRefundView>>>;
