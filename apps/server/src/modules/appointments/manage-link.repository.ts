import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentLinks } from '../../db/schema';

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
