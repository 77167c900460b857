// The demo data's queries (seed/demo-appointments.ts): who the appointments can belong to, and what
// their later steps left on them once the booking call made them.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, users, type AppointmentRow } from '../../../db/schema';

/** Who the demo appointments can belong to. */
export async function listSeedPeople(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      specialty: users.specialty,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.role, ['DOCTOR', 'PATIENT', 'STAFF']))
    .orderBy(asc(users.id));
}

/** What a demo visit's later steps left on it, written after the one booking call made it. */
export type DemoFinish = Pick<
  AppointmentRow,
  'id' | 'notes' | 'cancelReason' | 'doctorResponse' | 'emailSent' | 'reminderSent' | 'updatedAt'
>;

export async function finishDemoAppointments(db: Db, rows: DemoFinish[]): Promise<void> {
  for (const { id, ...fields } of rows) await db.update(appointments).set(fields).where(eq(appointments.id, id));
}
