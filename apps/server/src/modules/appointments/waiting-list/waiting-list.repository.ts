import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { OPEN_WAITING_STATUSES } from '@clinic/shared';
import { rowsOf, type Db } from '../../../db/client';
import { waitingListEntries, type WaitingListEntryRow } from '../../../db/schema';
import type { Slot } from '../appointments.repository';

type NewEntry = typeof waitingListEntries.$inferInsert;
const w = waitingListEntries;

const inSlot = (slot: Slot) =>
  and(
    eq(w.appointmentDate, slot.appointmentDate),
    eq(w.appointmentTime, slot.appointmentTime),
    eq(w.department, slot.department),
  );
const open = inArray(w.status, [...OPEN_WAITING_STATUSES]);

export async function insertWaitingEntry(db: Db, row: NewEntry): Promise<WaitingListEntryRow> {
  const rows = await db.insert(w).values(row).returning();
  return rows[0]!;
}

/** The entry behind a link: the joining token or the offer's. */
export async function findWaitingEntryByHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<WaitingListEntryRow | undefined> {
  const query = db
    .select()
    .from(w)
    .where(or(eq(w.tokenHash, tokenHash), eq(w.offerTokenHash, tokenHash)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function lockWaitingEntry(db: Db, id: number): Promise<WaitingListEntryRow | undefined> {
  const rows = await db.select().from(w).where(eq(w.id, id)).for('update');
  return rows[0];
}

export async function updateWaitingEntry(db: Db, id: number, patch: Partial<NewEntry>): Promise<WaitingListEntryRow> {
  const rows = await db.update(w).set(patch).where(eq(w.id, id)).returning();
  return rows[0]!;
}

/** Is this phone or e-mail (when she gave one) already in the slot's line (waiting or holding an offer)? */
export async function personWaitsInSlot(
  db: Db,
  slot: Slot,
  person: { phone: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .select({ id: w.id })
    .from(w)
    .where(and(inSlot(slot), open, or(eq(w.phone, person.phone), person.email ? eq(w.email, person.email) : undefined)))
    .limit(1);
  return rows.length > 0;
}

/** Her place in line: 1 + the entries still waiting ahead of her. */
export async function positionInLine(
  db: Db,
  entry: Pick<WaitingListEntryRow, 'id' | 'appointmentDate' | 'appointmentTime' | 'department'>,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(w)
    .where(and(inSlot(entry), eq(w.status, 'WAITING'), sql`${w.id} < ${entry.id}`));
  return (rows[0]?.n ?? 0) + 1;
}

/** Every open entry of a slot that has begun ends; returns them (for their e-mail). */
export async function withdrawBegunEntries(db: Db, now: Date): Promise<WaitingListEntryRow[]> {
  return db
    .update(w)
    .set({ status: 'WITHDRAWN', updatedAt: now })
    .where(and(open, lte(w.slotStartsAt, now)))
    .returning();
}

/** Forgets every entry of a slot that began before `before`: names, phones and e-mails included. */
export async function deleteEntriesOfSlotsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(w).where(lte(w.slotStartsAt, before)).returning({ id: w.id });
  return rows.length;
}

/** Offers not claimed in time lapse; the place goes back to the line. */
export async function expireLapsedOffers(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(w)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(eq(w.status, 'OFFERED'), lte(w.offerExpiresAt, now)))
    .returning({ id: w.id });
  return rows.length;
}

/**
 * The slots where someone waits and a place is free (capacity less the places held): a first look
 * without locks; the offer step counts again under the slot's lock.
 */
export async function slotsWithFreedPlaces(db: Db, now: Date): Promise<Slot[]> {
  const result = await db.execute(sql`
    select s.appointment_date::text, s.appointment_time, s.department
    from (select distinct appointment_date, appointment_time, department from ${w} where status = 'WAITING') s
    cross join lateral clinic_slot_count(s.appointment_date, s.appointment_time, s.department, ${now.toISOString()}::timestamptz) p
    where p.capacity - p.held > 0
    order by 1, 2, 3`);
  return rowsOf<{ appointment_date: string; appointment_time: string; department: string }>(result).map((r) => ({
    appointmentDate: String(r.appointment_date),
    appointmentTime: r.appointment_time,
    department: r.department,
  }));
}

/** The first `n` still waiting in the slot, locked, in line order. */
export async function lockNextInLine(db: Db, slot: Slot, n: number): Promise<WaitingListEntryRow[]> {
  if (n <= 0) return [];
  return db
    .select()
    .from(w)
    .where(and(inSlot(slot), eq(w.status, 'WAITING')))
    .orderBy(asc(w.id))
    .limit(n)
    .for('update');
}

/** The front desk's view of a slot: open entries first, in line order, then the closed ones. */
export async function listSlotEntries(db: Db, slot: Slot): Promise<WaitingListEntryRow[]> {
  return db
    .select()
    .from(w)
    .where(inSlot(slot))
    .orderBy(sql`case when ${open} then 0 else 1 end`, asc(w.id))
    .limit(200);
}

/** Places the list refilled since `since`, and the people waiting now. */
export async function waitingListFigures(db: Db, since: Date): Promise<{ refilled: number; waiting: number }> {
  const rows = await db
    .select({
      refilled: sql<number>`count(*) filter (where ${w.status} = 'CLAIMED' and ${w.claimedAt} >= ${since.toISOString()})::int`,
      waiting: sql<number>`count(*) filter (where ${open})::int`,
    })
    .from(w)
    .where(or(open, and(eq(w.status, 'CLAIMED'), sql`${w.claimedAt} >= ${since.toISOString()}`)));
  return { refilled: rows[0]?.refilled ?? 0, waiting: rows[0]?.waiting ?? 0 };
}
