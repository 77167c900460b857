import type { Db } from '../../db/client';
import { consents, type ConsentRow } from '../../db/schema';

export type NewConsent = typeof consents.$inferInsert;

export async function insertConsents(db: Db, rows: NewConsent[]): Promise<ConsentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(consents).values(rows).returning();
}
