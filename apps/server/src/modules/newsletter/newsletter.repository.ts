import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

/** Adds the address unless it is already there, in any letter case. */
export async function addSubscriber(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, createdAt: now })
    // The only unique key besides the id is lower(email).
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export async function countSubscribers(db: Db, email: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
  return rows[0]?.n ?? 0;
}
