// The demo data's queries (seed/demo-appointments.ts): who the appointments can belong to, and
// many appointments at once.
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appointments, users, type NewAppointmentRow } from '../../../db/schema';

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

/** Many appointments in one statement; each comes back with the slot and phone that tell it apart. */
export async function insertAppointmentBatch(db: Db, rows: NewAppointmentRow[]) {
  if (rows.length === 0) return [];
  return db.insert(appointments).values(rows).returning({
    id: appointments.id,
    phone: appointments.phone,
    appointmentDate: appointments.appointmentDate,
    appointmentTime: appointments.appointmentTime,
  });
}
