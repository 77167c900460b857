import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { AppointmentStatus } from '@clinic/shared';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';

const a = appointments;

/**
 * Cancels every booking whose deposit was not paid by its deadline, in one statement, and returns
 * them with the status each had. A provider's notification settling the same booking locks its row
 * first: this statement then waits, reads it paid, and leaves it.
 */
export async function cancelLapsedDepositHolds(
  db: Db,
  now: Date,
  holding: readonly AppointmentStatus[],
  reason: string,
): Promise<{ id: number; fromStatus: AppointmentStatus }[]> {
  const lapsed = and(
    lte(a.depositDueAt, now),
    isNull(a.depositPaidAt),
    inArray(a.status, [...holding] as AppointmentStatus[]),
  );
  // The statuses before the change, read under the row locks the update keeps; taken in id order, so
  // two processes' runs at the same instant wait on each other instead of deadlocking.
  const before = await db
    .select({ id: a.id, fromStatus: a.status })
    .from(a)
    .where(lapsed)
    .orderBy(asc(a.id))
    .for('update');
  if (before.length === 0) return [];
  const cancelled = await db
    .update(a)
    .set({ status: 'CANCELLED', cancelReason: reason, updatedAt: now })
    .where(
      and(
        lapsed,
        inArray(
          a.id,
          before.map((r) => r.id),
        ),
      ),
    )
    .returning({ id: a.id });
  const ids = new Set(cancelled.map((r) => r.id));
  return before.filter((r) => ids.has(r.id));
}
