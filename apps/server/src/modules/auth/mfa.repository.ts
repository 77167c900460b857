import { and, count, eq, isNull, or, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountEvents, mfaRecoveryCodes, users, type AccountEventKind } from '../../db/schema';

/** What the second-factor rules read of an account. */
export async function findMfaAccount(db: Db, userId: number, lock = false) {
  const query = db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      active: users.active,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      mustChangePassword: users.mustChangePassword,
      mfaSecret: users.mfaSecret,
      mfaEnabledAt: users.mfaEnabledAt,
      mfaLastStep: users.mfaLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await (lock ? query.for('update') : query.limit(1));
  return rows[0];
}
export type MfaAccount = NonNullable<Awaited<ReturnType<typeof findMfaAccount>>>;

/** A new secret waiting for its first code; a secret in force is never replaced this way. */
export async function storePendingSecret(db: Db, userId: number, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: sealedSecret, mfaLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Records that the code of `step` was used, only if no later or equal step was: of two requests with
 * the same code, one wins (the row is updated once) and the other is a replay.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Puts the pending secret in force and ends the user's other sessions (only while still at `tokenVersion`). */
export async function enableSecondFactor(db: Db, userId: number, tokenVersion: number, now: Date) {
  const rows = await db
    .update(users)
    .set({ mfaEnabledAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.tokenVersion, tokenVersion), isNull(users.mfaEnabledAt)))
    .returning({ tokenVersion: users.tokenVersion });
  return rows[0];
}

/**
 * Removes the second factor and its recovery codes and ends the user's sessions. With `tokenVersion`
 * (the user's own removal) only while her session is still current.
 */
export async function clearSecondFactor(db: Db, userId: number, tokenVersion?: number) {
  const rows = await db
    .update(users)
    .set({
      mfaSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), tokenVersion === undefined ? undefined : eq(users.tokenVersion, tokenVersion)))
    .returning({ tokenVersion: users.tokenVersion });
  if (rows[0]) await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return rows[0];
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none such (wrong, or already used). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function insertAccountEvent(
  db: Db,
  event: { userId: number; actorId: number | null; kind: AccountEventKind; at: Date },
): Promise<void> {
  await db
    .insert(accountEvents)
    .values({ userId: event.userId, actorId: event.actorId, kind: event.kind, createdAt: event.at });
}

export async function listAccountEvents(db: Db, userId: number) {
  return db
    .select({ kind: accountEvents.kind, actorId: accountEvents.actorId, createdAt: accountEvents.createdAt })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(accountEvents.createdAt, accountEvents.id);
}
