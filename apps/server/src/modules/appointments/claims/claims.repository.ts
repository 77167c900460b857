import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, claimCodes, users } from '../../../db/schema';

/** Claiming visits booked signed out (issue 25, defect 9): the codes, and the visits that change hands. */

export async function findAccountContact(db: Db, userId: number) {
  const rows = await db
    .select({ email: users.email, phone: users.phone, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** The e-mail (lower case) or the phone (normalised) a code is sent to: exactly one of the two. */
export type ClaimContact = { email: string; phone?: undefined } | { phone: string; email?: undefined };

/** The visits booked with this e-mail (any case) or phone that belong to no account. */
const unclaimedWith = (contact: ClaimContact) =>
  and(
    isNull(appointments.userId),
    contact.email !== undefined
      ? sql`lower(${appointments.email}) = ${contact.email}`
      : eq(appointments.phone, contact.phone),
  );

export async function countUnclaimed(db: Db, contact: ClaimContact): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appointments).where(unclaimedWith(contact));
  return Number(row?.n ?? 0);
}

/** Who asked for a code: an account (a user id), or a booking's private link (issue 34). */
export type CodeOwner = number | { appointmentId: number };
const ownedBy = (owner: CodeOwner) =>
  typeof owner === 'number' ? eq(claimCodes.userId, owner) : eq(claimCodes.appointmentId, owner.appointmentId);

/** Codes the account (or link) asked for since `since`: at most CLAIM_CODES_PER_HOUR an hour. */
export async function countCodesSince(db: Db, owner: CodeOwner, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(claimCodes)
    .where(and(ownedBy(owner), gte(claimCodes.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * A new code for the account; every code it had before stops working. Codes older than an hour (long
 * expired, and past what the hourly budget counts) go, with the e-mail or phone they name.
 */
export async function replaceClaimCode(
  db: Db,
  row: {
    userId: number | null;
    appointmentId?: number | null;
    email: string | null;
    phone: string | null;
    /** Null for a code the outbox worker makes later (issuePendingClaimCodes). */
    codeHash: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await deleteCodesBefore(db, new Date(row.createdAt.getTime() - 3_600_000));
  await db
    .update(claimCodes)
    .set({ spentAt: row.createdAt })
    .where(and(ownedBy(row.userId ?? { appointmentId: row.appointmentId ?? 0 }), isNull(claimCodes.spentAt)));
  await db.insert(claimCodes).values(row);
}

/**
 * Codes asked for and not yet made (code_hash null), still live, locked for this transaction; another
 * process's worker skips them.
 */
export async function lockPendingCodes(db: Db, now: Date, limit: number) {
  return db
    .select({ id: claimCodes.id, userId: claimCodes.userId, email: claimCodes.email, phone: claimCodes.phone })
    .from(claimCodes)
    .where(and(isNull(claimCodes.codeHash), isNull(claimCodes.spentAt), gt(claimCodes.expiresAt, now)))
    .orderBy(claimCodes.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setCodeHash(db: Db, id: number, codeHash: string): Promise<void> {
  await db.update(claimCodes).set({ codeHash }).where(eq(claimCodes.id, id));
}

/** Codes made before `before`, with the e-mail or phone they name. */
export async function deleteCodesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(claimCodes).where(lt(claimCodes.createdAt, before));
}

/** The account's (or link's) code still working at `now`, locked until the transaction ends (one answer at a time). */
export async function lockLiveCode(db: Db, owner: CodeOwner, now: Date) {
  const rows = await db
    .select()
    .from(claimCodes)
    .where(and(ownedBy(owner), isNull(claimCodes.spentAt), gt(claimCodes.expiresAt, now)))
    .orderBy(desc(claimCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0];
}

/** One wrong answer more; the code is spent at the `max`-th. Returns the attempts made. */
export async function recordWrongAnswer(db: Db, id: number, max: number, now: Date): Promise<number> {
  const [row] = await db
    .update(claimCodes)
    .set({
      attempts: sql`${claimCodes.attempts} + 1`,
      spentAt: sql`case when ${claimCodes.attempts} + 1 >= ${max} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(claimCodes.id, id))
    .returning({ attempts: claimCodes.attempts });
  return row?.attempts ?? max;
}

export async function spendCode(db: Db, id: number, now: Date, verified = false): Promise<void> {
  await db
    .update(claimCodes)
    .set({ spentAt: now, ...(verified ? { verifiedAt: now } : {}) })
    .where(eq(claimCodes.id, id));
}

/** The link's latest code answered right since `since`: the e-mail or phone its holder proved (issue 34). */
export async function findLinkProof(db: Db, appointmentId: number, since: Date) {
  const rows = await db
    .select({ email: claimCodes.email, phone: claimCodes.phone, verifiedAt: claimCodes.verifiedAt })
    .from(claimCodes)
    .where(and(eq(claimCodes.appointmentId, appointmentId), gt(claimCodes.verifiedAt, since)))
    .orderBy(desc(claimCodes.verifiedAt))
    .limit(1);
  return rows[0];
}

/** Gives the account every visit booked with this e-mail or phone that belongs to no account; returns them. */
export async function claimByContact(db: Db, userId: number, contact: ClaimContact, now: Date) {
  return db
    .update(appointments)
    .set({ userId, updatedAt: now })
    .where(unclaimedWith(contact))
    .returning({ id: appointments.id, status: appointments.status });
}

/** Gives the account one visit, if it still belongs to no account. */
export async function claimOne(db: Db, id: number, userId: number, now: Date) {
  const rows = await db
    .update(appointments)
    .set({ userId, updatedAt: now })
    .where(and(eq(appointments.id, id), isNull(appointments.userId)))
    .returning();
  return rows[0];
}
