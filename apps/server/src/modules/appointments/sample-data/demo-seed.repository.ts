// The demo data's queries (seed/demo-appointments.ts): who the appointments can belong to, and what
// their later steps left on them once the booking call made them.
import { asc, inArray, sql } from 'drizzle-orm';
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

/**
 * Writes every row's later steps in one statement (its rows as one JSON parameter, so no count of rows
 * meets PostgreSQL's 65535 parameters): the statement triggers (the counts, the Patient Control rows,
 * the change notice) run once, not once per visit.
 */
export async function finishDemoAppointments(db: Db, rows: DemoFinish[]): Promise<void> {
  if (rows.length === 0) return;
  const data = JSON.stringify(rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })));
  await db.execute(sql`update ${appointments} a set notes = x."notes", cancel_reason = x."cancelReason",
      doctor_response = x."doctorResponse", email_sent = x."emailSent", reminder_sent = x."reminderSent",
      updated_at = x."updatedAt"
    from jsonb_to_recordset(${data}::jsonb) as x(id integer, "notes" text, "cancelReason" text,
      "doctorResponse" text, "emailSent" boolean, "reminderSent" boolean, "updatedAt" timestamptz)
    where a.id = x.id`);
}
