import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, departments, doctorCalendarFeeds, users } from '../../../db/schema';

/** Keeps `tokenHash` as the doctor's one feed: a new one replaces (and so ends) the old. */
export async function replaceCalendarFeed(db: Db, doctorId: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .insert(doctorCalendarFeeds)
    .values({ doctorId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: doctorCalendarFeeds.doctorId, set: { tokenHash, createdAt: now } });
}

export async function deleteCalendarFeed(db: Db, doctorId: number): Promise<void> {
  await db.delete(doctorCalendarFeeds).where(eq(doctorCalendarFeeds.doctorId, doctorId));
}

export async function findCalendarFeed(db: Db, doctorId: number): Promise<{ createdAt: Date } | undefined> {
  const rows = await db
    .select({ createdAt: doctorCalendarFeeds.createdAt })
    .from(doctorCalendarFeeds)
    .where(eq(doctorCalendarFeeds.doctorId, doctorId))
    .limit(1);
  return rows[0];
}

/** The doctor behind a feed's hash, while he is an active doctor. */
export async function findFeedDoctor(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; fullName: string | null; username: string } | undefined> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, username: users.username })
    .from(doctorCalendarFeeds)
    .innerJoin(users, eq(users.id, doctorCalendarFeeds.doctorId))
    .where(and(eq(doctorCalendarFeeds.tokenHash, tokenHash), eq(users.role, 'DOCTOR'), eq(users.active, true)))
    .limit(1);
  return rows[0];
}

/** The doctor's visits of the given statuses between two days: what his calendar shows, nothing more. */
export async function doctorVisits(db: Db, doctorId: number, from: string, to: string, statuses: readonly string[]) {
  return db
    .select({
      id: appointments.id,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      fullName: appointments.fullName,
      status: appointments.status,
      departmentName: departments.departmentName,
    })
    .from(appointments)
    .leftJoin(departments, eq(departments.code, appointments.department))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        inArray(appointments.status, [...statuses] as never[]),
        between(appointments.appointmentDate, from, to),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime));
}
