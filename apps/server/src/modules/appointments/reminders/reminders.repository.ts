import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, type AppointmentRow } from '../../../db/schema';

/**
 * Marks the day's not-yet-reminded appointments as reminded and returns them, in one statement:
 * a second process running the same job at the same moment waits on the row locks, then finds
 * reminder_sent already true and takes nothing.
 */
export async function claimReminders(db: Db, date: string, statuses: readonly string[]): Promise<number[]> {
  const rows = await db
    .update(appointments)
    .set({ reminderSent: true })
    .where(
      and(
        eq(appointments.appointmentDate, date),
        eq(appointments.reminderSent, false),
        inArray(appointments.status, statuses as AppointmentRow['status'][]),
        // With or without an e-mail address: the reminder goes to her phone too (issue 27).
      ),
    )
    .returning({ id: appointments.id });
  return rows.map((r) => r.id);
}
