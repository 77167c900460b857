import { and, asc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppointmentStatus } from '@clinic/shared';
import type { Db } from '../../db/client';
import {
  appointmentEvents,
  appointments,
  paymentAttempts,
  paymentLinks,
  paymentNotifications,
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

/** The ledger's settled payments (the visit's own, not money to refund) per clinic day and provider. */
export async function paidOnlineByDay(db: Db, range: InstantRange, timeZone: string) {
  return db
    .select({
      day: clinicDay(paymentAttempts.paidAt, timeZone),
      method: paymentAttempts.provider,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'PAID'), ...within(paymentAttempts.paidAt, range)))
    .groupBy(sql`1, 2`);
}

/**
 * The front desk's "mark paid" per clinic day: the trail's MARK_PAID events written by a staff
 * member (a provider's have no role), at the visit's recorded amount.
 */
export async function paidAtDeskByDay(db: Db, range: InstantRange, timeZone: string) {
  return db
    .select({
      day: clinicDay(appointmentEvents.createdAt, timeZone),
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${appointments.paymentAmount}), 0)::bigint`.mapWith(Number),
    })
    .from(appointmentEvents)
    .innerJoin(appointments, eq(appointments.id, appointmentEvents.appointmentId))
    .where(
      and(
        eq(appointmentEvents.action, 'MARK_PAID'),
        isNotNull(appointmentEvents.actorRole),
        ...within(appointmentEvents.createdAt, range),
      ),
    )
    .groupBy(sql`1`);
}

/**
 * Per appointment month (YYYY-MM), the visits of `statuses` whose payment the ledger settled (at
 * most one PAID attempt each): how many, what the ledger took, and what the visits themselves record
 * (their amounts, and how many record none). Scoped as the dashboard is: a doctor's, a patient's.
 */
export async function ledgerRevenueByMonth(
  db: Db,
  where: { statuses: readonly AppointmentStatus[]; doctorId?: number; userId?: number; from?: string; to?: string },
) {
  const a = appointments;
  return db
    .select({
      month: sql<string>`to_char(${a.appointmentDate}, 'YYYY-MM')`,
      visits: sql<number>`count(*)::int`,
      ledger: sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)::bigint`.mapWith(Number),
      recorded: sql<number>`coalesce(sum(${a.paymentAmount}), 0)::bigint`.mapWith(Number),
      unpriced: sql<number>`(count(*) filter (where ${a.paymentAmount} is null))::int`,
    })
    .from(paymentAttempts)
    .innerJoin(a, eq(a.id, paymentAttempts.appointmentId))
    .where(
      and(
        eq(paymentAttempts.status, 'PAID'),
        inArray(a.status, [...where.statuses]),
        where.doctorId ? eq(a.doctorId, where.doctorId) : undefined,
        where.userId ? eq(a.userId, where.userId) : undefined,
        where.from ? gte(a.appointmentDate, where.from) : undefined,
        where.to ? lte(a.appointmentDate, where.to) : undefined,
      ),
    )
    .groupBy(sql`1`);
}
