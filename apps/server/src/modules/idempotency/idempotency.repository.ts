import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema';

type Key = { scope: string; key: string };
const byKey = (k: Key) => and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.key, k.key));

/** Takes the key for a new request; false when a row holds it already (first asked, or answered). */
export async function claimKey(db: Db, k: Key, requestHash: string, now: Date, expiredBefore: Date): Promise<boolean> {
  // An expired answer frees its key for a new request.
  await db.delete(idempotencyKeys).where(and(byKey(k), lt(idempotencyKeys.createdAt, expiredBefore)));
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...k, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: Db, k: Key): Promise<IdempotencyKeyRow | undefined> {
  const rows = await db.select().from(idempotencyKeys).where(byKey(k)).limit(1);
  return rows[0];
}

export async function saveAnswer(
  db: Db,
  k: Key,
  answer: { status: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(byKey(k), isNull(idempotencyKeys.status)));
}

/** A request that ended without an answer to keep (a server error, a lost connection): its key is free again. */
export async function releaseKey(db: Db, k: Key): Promise<void> {
  await db.delete(idempotencyKeys).where(and(byKey(k), isNull(idempotencyKeys.status)));
}

export async function purgeKeys(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
