import { and, eq, notInArray } from 'drizzle-orm';
import { INACTIVE_STATUSES } from '@clinic/shared';
import type { Db } from '../../../db/client';
import { appointments, users } from '../../../db/schema';
import type { Slot } from '../appointments.repository';

/**
 * The doctor's account row, locked until the caller's transaction ends: two desks confirming the same
 * doctor for the same hour (in two departments, so under two slot locks) take their turns here.
 */
export async function lockDoctorAccount(tx: Db, doctorId: number) {
  const rows = await tx
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, doctorId))
    .for('no key update');
  return rows[0];
}

/** Whether the doctor already has a visit that holds its place at this date and time, in any department. */
export async function doctorHoldsTime(tx: Db, doctorId: number, slot: Slot): Promise<boolean> {
  const rows = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.appointmentDate, slot.appointmentDate),
        eq(appointments.appointmentTime, slot.appointmentTime),
        notInArray(appointments.status, [...INACTIVE_STATUSES]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The citizen identification number the desk recorded (issue 38, docs/PRODUCT.md): on her account
 * when the booking belongs to one, else on the appointment itself.
 */
export async function recordCitizenId(
  tx: Db,
  where: { appointmentId: number; userId: number | null },
  citizenId: string,
): Promise<void> {
  if (where.userId != null) {
    await tx.update(users).set({ citizenId }).where(eq(users.id, where.userId));
  } else {
    await tx.update(appointments).set({ citizenId }).where(eq(appointments.id, where.appointmentId));
  }
}
