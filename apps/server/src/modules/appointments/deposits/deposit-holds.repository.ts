import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { AppointmentStatus } from '@clinic/shared';
import type { Db } from '../../../db/client';
import { appointments, type AppointmentRow } from '../../../db/schema';

const a = appointments;

/**
 * Every booking whose deposit was not paid by its deadline, locked for the caller's transaction to
 * end (endVisit). A provider's notification settling the same booking locks its row first: this
 * statement then waits, reads it again paid, and leaves it. Taken in id order, so two processes'
 * runs at the same instant wait on each other instead of deadlocking.
 */
export async function lockLapsedDepositHolds(
  db: Db,
  now: Date,
  holding: readonly AppointmentStatus[],
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(a)
    .where(
      and(lte(a.depositDueAt, now), isNull(a.depositPaidAt), inArray(a.status, [...holding] as AppointmentStatus[])),
    )
    .orderBy(asc(a.id))
    .for('update');
}
