import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageOutbox, type MessageChannel, type MessageOutboxRow, type MessageStatus } from '../../db/schema';

export type NewMessage = {
  channel: MessageChannel;
  template: string;
  recipient: string;
  data: Record<string, string>;
  appointmentId: number | null;
  trackingId: string;
  urgent: boolean;
  nextAttemptAt: Date;
};

/** Writes messages (in the caller's transaction); one per channel and tracking id, a repeat is skipped. */
export async function insertMessages(db: Db, messages: NewMessage[], now: Date): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(messageOutbox)
    .values(messages.map((m) => ({ ...m, urgent: m.urgent ? 1 : 0, status: 'queued' as const, createdAt: now })))
    .onConflictDoNothing({ target: [messageOutbox.channel, messageOutbox.trackingId] })
    .returning({ id: messageOutbox.id });
  return rows.map((r) => r.id);
}

function claimable(now: Date) {
  return or(
    and(eq(messageOutbox.status, 'queued'), lte(messageOutbox.nextAttemptAt, now)),
    and(eq(messageOutbox.status, 'sending'), lt(messageOutbox.lockedUntil, now)),
  );
}

export async function claimDueMessages(db: Db, now: Date, leaseUntil: Date, limit: number, id?: number) {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(claimable(now), id != null ? eq(messageOutbox.id, id) : undefined))
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(messageOutbox)
    .set({ status: 'sending', attempts: sql`${messageOutbox.attempts} + 1`, lockedUntil: leaseUntil })
    .where(inArray(messageOutbox.id, due))
    .returning();
}

export async function finishMessage(
  db: Db,
  id: number,
  set: Partial<
    Pick<
      MessageOutboxRow,
      'status' | 'attempts' | 'provider' | 'providerMessageId' | 'lastError' | 'sentAt' | 'nextAttemptAt'
    >
  >,
): Promise<void> {
  // Once out (or never to be), the copy here keeps no private link (the short code opens a booking)
  // and no one-time code (it claims visits).
  const done = set.status != null && set.status !== 'queued';
  await db
    .update(messageOutbox)
    .set({ ...set, lockedUntil: null, ...(done ? { data: sql`${messageOutbox.data} - 'link' - 'code'` } : {}) })
    .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'sending')));
}

/** A provider's delivery report; a repeat (or a report for an unknown message) changes nothing. */
export async function recordDelivery(
  db: Db,
  where: { channel: MessageChannel; trackingId?: string; providerMessageId?: string },
  status: Extract<MessageStatus, 'delivered' | 'undelivered'>,
  error: string | null,
  now: Date,
): Promise<MessageOutboxRow | undefined> {
  const match =
    where.trackingId != null
      ? eq(messageOutbox.trackingId, where.trackingId)
      : eq(messageOutbox.providerMessageId, where.providerMessageId ?? '');
  const rows = await db
    .update(messageOutbox)
    .set({ status, deliveredAt: status === 'delivered' ? now : null, lastError: error })
    .where(and(eq(messageOutbox.channel, where.channel), match, inArray(messageOutbox.status, ['sent', 'sending'])))
    .returning();
  return rows[0];
}

export async function findMessage(db: Db, id: number): Promise<MessageOutboxRow | undefined> {
  const rows = await db.select().from(messageOutbox).where(eq(messageOutbox.id, id)).limit(1);
  return rows[0];
}

export async function listMessages(
  db: Db,
  filter: { appointmentId?: number; channel?: MessageChannel; limit?: number } = {},
): Promise<MessageOutboxRow[]> {
  return db
    .select()
    .from(messageOutbox)
    .where(
      and(
        filter.appointmentId != null ? eq(messageOutbox.appointmentId, filter.appointmentId) : undefined,
        filter.channel ? eq(messageOutbox.channel, filter.channel) : undefined,
      ),
    )
    .orderBy(filter.appointmentId != null ? asc(messageOutbox.id) : desc(messageOutbox.id))
    .limit(filter.limit ?? 500);
}

// ---------------------------------------------------------------- a person's messages (issue 26)

/**
 * The messages about these appointments (hers), oldest first: which template, to which phone, when,
 * never their data. Not every message to a phone she gave: two people share one.
 */
export async function listMessagesAbout(db: Db, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      channel: messageOutbox.channel,
      template: messageOutbox.template,
      recipient: messageOutbox.recipient,
      status: messageOutbox.status,
      createdAt: messageOutbox.createdAt,
      sentAt: messageOutbox.sentAt,
    })
    .from(messageOutbox)
    .where(inArray(messageOutbox.appointmentId, appointmentIds))
    .orderBy(asc(messageOutbox.id));
}

/**
 * Erases every stored copy of the messages to these phones, and of those about these appointments
 * (their data names her), a deletion. Answers how many went.
 */
export async function eraseMessagesTo(db: Db, recipients: string[], appointmentIds: number[] = []): Promise<number> {
  if (recipients.length === 0 && appointmentIds.length === 0) return 0;
  const rows = await db
    .delete(messageOutbox)
    .where(
      or(
        recipients.length > 0 ? inArray(messageOutbox.recipient, recipients) : undefined,
        appointmentIds.length > 0 ? inArray(messageOutbox.appointmentId, appointmentIds) : undefined,
      ),
    )
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Out of the worker's hands: sent (or delivered or not), simulated, given up, or handed to SMS. */
const DONE_STATUSES = ['sent', 'delivered', 'undelivered', 'simulated', 'failed', 'fallback'] as const;

/**
 * Retention: a message done before `before` keeps to whom, which template, its channel and when, but
 * no longer its data (her name, the visit's day and time, her private link).
 */
export async function clearMessageData(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ data: {} })
    .where(
      and(
        inArray(messageOutbox.status, DONE_STATUSES),
        lt(messageOutbox.createdAt, before),
        sql`${messageOutbox.data} <> '{}'::jsonb`,
      ),
    )
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Retention: the records of messages done before `before` go altogether. */
export async function purgeMessages(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(messageOutbox)
    .where(and(inArray(messageOutbox.status, DONE_STATUSES), lt(messageOutbox.createdAt, before)))
    .returning({ id: messageOutbox.id });
  return rows.length;
}
