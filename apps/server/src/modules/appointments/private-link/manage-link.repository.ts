import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointmentLinks, paymentLinks, waitingListEntries } from '../../../db/schema';

/** Keeps `tokenHash` as the appointment's one link: a new one replaces (and so ends) the old. */
export async function replaceManageLink(db: Db, appointmentId: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .insert(appointmentLinks)
    .values({ appointmentId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: appointmentLinks.appointmentId,
      set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
    });
}

export async function findManageLinkAppointmentId(db: Db, tokenHash: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: appointmentLinks.appointmentId })
    .from(appointmentLinks)
    .where(eq(appointmentLinks.tokenHash, tokenHash))
    .limit(1);
  return rows[0]?.id;
}

/**
 * The page a private link's token opens: a booking's ('manage'), a place in a waiting list's
 * ('waiting') or a payment's ('pay', issue 35), or none. One statement, so a short link that opens
 * nothing costs one lookup.
 */
export type LinkPage = 'manage' | 'waiting' | 'pay';
export async function findLinkPage(db: Db, tokenHash: string): Promise<LinkPage | undefined> {
  const w = waitingListEntries;
  const rows = await db
    .select({ page: sql<LinkPage>`'manage'` })
    .from(appointmentLinks)
    .where(eq(appointmentLinks.tokenHash, tokenHash))
    .unionAll(
      db
        .select({ page: sql<LinkPage>`'waiting'` })
        .from(w)
        .where(or(eq(w.tokenHash, tokenHash), eq(w.offerTokenHash, tokenHash))),
    )
    .unionAll(
      db
        .select({ page: sql<LinkPage>`'pay'` })
        .from(paymentLinks)
        .where(eq(paymentLinks.tokenHash, tokenHash)),
    )
    .limit(1);
  return rows[0]?.page;
}
