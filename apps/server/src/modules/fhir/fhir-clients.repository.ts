import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fhirAssertions, fhirClients, type FhirClientRow } from '../../db/schema';

export async function listFhirClientRows(db: Db): Promise<FhirClientRow[]> {
  return db.select().from(fhirClients).orderBy(asc(fhirClients.id));
}

export async function findFhirClientRow(db: Db, id: number): Promise<FhirClientRow | undefined> {
  const [row] = await db.select().from(fhirClients).where(eq(fhirClients.id, id));
  return row;
}

/** By the client_id it writes in its assertions (case-insensitive, as registered). */
export async function findFhirClientByClientId(db: Db, clientId: string): Promise<FhirClientRow | undefined> {
  const [row] = await db
    .select()
    .from(fhirClients)
    .where(sql`lower(${fhirClients.clientId}) = lower(${clientId})`);
  return row;
}

export async function insertFhirClient(
  db: Db,
  row: Omit<FhirClientRow, 'id' | 'revokedAt'>,
): Promise<FhirClientRow | undefined> {
  const [inserted] = await db.insert(fhirClients).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function revokeFhirClientRow(db: Db, id: number, now: Date): Promise<FhirClientRow | undefined> {
  const [row] = await db
    .update(fhirClients)
    .set({ revokedAt: sql`coalesce(${fhirClients.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(fhirClients.id, id))
    .returning();
  return row;
}

/**
 * Notes an assertion's jti as used: false when it was used before. Lapsed ones are swept first
 * (an assertion past its exp is refused anyway, so its jti need not be kept).
 */
export async function useAssertion(db: Db, clientId: number, jti: string, expiresAt: Date, now: Date) {
  await db.delete(fhirAssertions).where(lt(fhirAssertions.expiresAt, now));
  const inserted = await db
    .insert(fhirAssertions)
    .values({ clientId, jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: fhirAssertions.jti });
  return inserted.length === 1;
}
