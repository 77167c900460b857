import { and, asc, count, eq, gte, inArray, notInArray } from 'drizzle-orm';
import { DOCTOR_OWED_STATUSES, INACTIVE_STATUSES } from '@clinic/shared';
import type { Db } from '../../../db/client';
import { appointments, users } from '../../../db/schema';
import { viewQuery, type AppointmentView } from '../appointments.repository';

/** A doctor's owed visits from today on, in time order (at most `limit`). */
export async function listOwedVisits(db: Db, doctorId: number, today: string, limit = 500): Promise<AppointmentView[]> {
  return viewQuery(db)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        inArray(appointments.status, [...DOCTOR_OWED_STATUSES]),
        gte(appointments.appointmentDate, today),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id))
    .limit(limit);
}

/** How many visits each doctor has on a day, closed ones (cancelled, missed) left out. */
export async function doctorDayLoads(db: Db, date: string, doctorIds: number[]): Promise<Map<number, number>> {
  if (doctorIds.length === 0) return new Map();
  const rows = await db
    .select({ doctorId: appointments.doctorId, n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.appointmentDate, date),
        inArray(appointments.doctorId, doctorIds),
        notInArray(appointments.status, [...INACTIVE_STATUSES]),
      ),
    )
    .groupBy(appointments.doctorId);
  return new Map(rows.map((r) => [r.doctorId!, Number(r.n)]));
}

/** A doctor's account and whether it is active; nothing for any other role. */
export async function findDoctorAccount(
  db: Db,
  doctorId: number,
): Promise<{ id: number; active: boolean } | undefined> {
  const rows = await db
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(and(eq(users.id, doctorId), eq(users.role, 'DOCTOR')))
    .limit(1);
  return rows[0];
}
