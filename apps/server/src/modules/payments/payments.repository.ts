import { and, asc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { AppointmentStatus, PaymentReportMethod } from '@clinic/shared';
import type { Db } from '../../db/client';
import {
  appointmentEvents,
  appointments,
  paymentAttempts,
  paymentLinks,
  paymentNotifications,
  refunds,
  type PaymentAttemptRow,
  type PaymentNotificationRow,
} from '../../db/schema';

/** Keeps `tokenHash` as the appointment's one pay link: a new one replaces (and so ends) the old. */
export async function replacePayLink(db: Db, appointmentId: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .insert(paymentLinks)
    .values({ appointmentId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: paymentLinks.appointmentId,
      set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
    });
}

export async function findPayLinkAppointmentId(db: Db, tokenHash: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: paymentLinks.appointmentId })
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, tokenHash))
    .limit(1);
  return rows[0]?.id;
}

export async function insertPaymentAttempt(
  db: Db,
  row: Pick<PaymentAttemptRow, 'appointmentId' | 'kind' | 'provider' | 'reference' | 'amount' | 'createdAt'>,
): Promise<PaymentAttemptRow> {
  const rows = await db.insert(paymentAttempts).values(row).returning();
  return rows[0]!;
}

export async function findPaymentAttempt(db: Db, reference: string): Promise<PaymentAttemptRow | undefined> {
  const rows = await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).limit(1);
  return rows[0];
}

/** The attempt that took the appointment's deposit, if one did. */
export async function findPaidDeposit(db: Db, appointmentId: number): Promise<PaymentAttemptRow | undefined> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.appointmentId, appointmentId),
        eq(paymentAttempts.kind, 'DEPOSIT'),
        eq(paymentAttempts.status, 'PAID'),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The attempt, locked until the end of the transaction: two notifications of one payment settle it once. */
export async function lockPaymentAttempt(db: Db, id: number): Promise<PaymentAttemptRow | undefined> {
  const rows = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return rows[0];
}

export async function settlePaymentAttempt(
  db: Db,
  id: number,
  patch: Pick<PaymentAttemptRow, 'status' | 'providerTransactionId' | 'paidAt'>,
): Promise<void> {
  await db.update(paymentAttempts).set(patch).where(eq(paymentAttempts.id, id));
}

export async function insertPaymentNotification(db: Db, row: PaymentNotificationRow): Promise<void> {
  await db.insert(paymentNotifications).values(row);
}

export async function listPaymentAttempts(db: Db, appointmentId: number) {
  return db
    .select({
      kind: paymentAttempts.kind,
      provider: paymentAttempts.provider,
      reference: paymentAttempts.reference,
      amount: paymentAttempts.amount,
      status: paymentAttempts.status,
      providerTransactionId: paymentAttempts.providerTransactionId,
      paidAt: paymentAttempts.paidAt,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.appointmentId, appointmentId))
    .orderBy(asc(paymentAttempts.id));
}

export async function listPaymentFlags(db: Db, appointmentId: number) {
  return db
    .select({
      flag: paymentNotifications.flag,
      reference: paymentNotifications.reference,
      amount: paymentNotifications.amount,
      receivedAt: paymentNotifications.receivedAt,
      outcome: paymentNotifications.outcome,
    })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.appointmentId, appointmentId), isNotNull(paymentNotifications.flag)))
    .orderBy(asc(paymentNotifications.id));
}

/** The instants a report covers: [start, end), either side open. */
export type InstantRange = { start?: Date; end?: Date };

const within = (column: PgColumn, r: InstantRange) => [
  ...(r.start ? [gte(column, r.start)] : []),
  ...(r.end ? [lt(column, r.end)] : []),
];

/** The clinic's date of an instant, as text (grouped by its position: the zone is a parameter). */
const clinicDay = (column: PgColumn, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** Money in or out on one clinic day by one method: how many, how much (đồng). */
export type LedgerDayLine = { day: string; method: PaymentReportMethod; count: number; amount: number };

const lineOf = (day: SQL<string>, method: SQL<PaymentReportMethod> | PgColumn, amount: PgColumn | SQL) => ({
  day,
  method: method as SQL<PaymentReportMethod>,
  count: sql<number>`count(*)::int`,
  amount: sql<number>`coalesce(sum(${amount}), 0)::bigint`.mapWith(Number),
});

/**
 * The money the ledger took per clinic day and provider (issue 35): every attempt that took money
 * (PAID, and REFUND_DUE: money it keeps to give back), deposits and visits' payments alike, on the
 * day it was paid; and money no visit took (refunds of reason UNMATCHED), on the day it arrived.
 */
export async function ledgerInOnlineByDay(db: Db, range: InstantRange, timeZone: string): Promise<LedgerDayLine[]> {
  const [taken, unmatched] = await Promise.all([
    db
      .select(lineOf(clinicDay(paymentAttempts.paidAt, timeZone), paymentAttempts.provider, paymentAttempts.amount))
      .from(paymentAttempts)
      .where(and(inArray(paymentAttempts.status, ['PAID', 'REFUND_DUE']), ...within(paymentAttempts.paidAt, range)))
      .groupBy(sql`1, 2`),
    db
      .select(lineOf(clinicDay(refunds.createdAt, timeZone), refunds.provider, refunds.amount))
      .from(refunds)
      .where(and(eq(refunds.reason, 'UNMATCHED'), ...within(refunds.createdAt, range)))
      .groupBy(sql`1, 2`),
  ]);
  return [...taken, ...unmatched];
}

/**
 * The front desk's "mark paid" per clinic day (issue 35): the trail's MARK_PAID events written by a
 * staff member (a provider's have no role), once per visit (the state machine marks a visit paid
 * once), for the visit's amount less the deposit the ledger already counted; a visit its deposit
 * covered (paid at once by the payment request) took nothing at the desk.
 */
export async function ledgerInAtDeskByDay(db: Db, range: InstantRange, timeZone: string): Promise<LedgerDayLine[]> {
  const deposit = alias(paymentAttempts, 'deposit');
  const due = sql`greatest(coalesce(${appointments.paymentAmount}, 0) - coalesce(${deposit.amount}, 0), 0)`;
  return db
    .select(lineOf(clinicDay(appointmentEvents.createdAt, timeZone), sql<PaymentReportMethod>`'DESK'`, due))
    .from(appointmentEvents)
    .innerJoin(appointments, eq(appointments.id, appointmentEvents.appointmentId))
    .leftJoin(
      deposit,
      and(eq(deposit.appointmentId, appointments.id), eq(deposit.kind, 'DEPOSIT'), eq(deposit.status, 'PAID')),
    )
    .where(
      and(
        eq(appointmentEvents.action, 'MARK_PAID'),
        isNotNull(appointmentEvents.actorRole),
        ...within(appointmentEvents.createdAt, range),
        sql`(${deposit.id} is null or ${appointments.paymentAmount} is null or ${appointments.paymentAmount} > ${deposit.amount})`,
      ),
    )
    .groupBy(sql`1, 2`);
}

/**
 * The refunds done per clinic day and the way the money went back (issue 35): the provider's, or
 * the desk's for money given back by hand for a desk payment; counted on the day it was done.
 */
export async function ledgerOutByDay(db: Db, range: InstantRange, timeZone: string): Promise<LedgerDayLine[]> {
  return db
    .select(
      lineOf(
        clinicDay(refunds.doneAt, timeZone),
        sql<PaymentReportMethod>`coalesce(${refunds.provider}, 'DESK')`,
        refunds.amount,
      ),
    )
    .from(refunds)
    .where(and(eq(refunds.status, 'DONE'), ...within(refunds.doneAt, range)))
    .groupBy(sql`1, 2`);
}

/**
 * Per appointment month (YYYY-MM), the visits of `statuses` whose payment the ledger settled (a PAID
 * visit's attempt, at most one): how many, what the ledger took for each (that payment and the
 * deposit paid before it, counted once per visit), and what the visits themselves record (their
 * amounts, and how many record none). A visit its deposit covered, or whose rest was paid at the
 * desk, keeps its recorded amount. Scoped as the dashboard is: a doctor's, a patient's.
 */
export async function ledgerRevenueByMonth(
  db: Db,
  where: { statuses: readonly AppointmentStatus[]; doctorId?: number; userId?: number; from?: string; to?: string },
) {
  const a = appointments;
  const paid = db
    .select({
      appointmentId: paymentAttempts.appointmentId,
      amount: sql<number>`sum(${paymentAttempts.amount})`.as('ledger_amount'),
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.status, 'PAID'))
    .groupBy(paymentAttempts.appointmentId)
    .having(sql`bool_or(${paymentAttempts.kind} = 'VISIT')`)
    .as('paid');
  return db
    .select({
      month: sql<string>`to_char(${a.appointmentDate}, 'YYYY-MM')`,
      visits: sql<number>`count(*)::int`,
      ledger: sql<number>`coalesce(sum(${paid.amount}), 0)::bigint`.mapWith(Number),
      recorded: sql<number>`coalesce(sum(${a.paymentAmount}), 0)::bigint`.mapWith(Number),
      unpriced: sql<number>`(count(*) filter (where ${a.paymentAmount} is null))::int`,
    })
    .from(paid)
    .innerJoin(a, eq(a.id, paid.appointmentId))
    .where(
      and(
        inArray(a.status, [...where.statuses]),
        where.doctorId ? eq(a.doctorId, where.doctorId) : undefined,
        where.userId ? eq(a.userId, where.userId) : undefined,
        where.from ? gte(a.appointmentDate, where.from) : undefined,
        where.to ? lte(a.appointmentDate, where.to) : undefined,
      ),
    )
    .groupBy(sql`1`);
}
