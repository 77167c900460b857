import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox, type EmailOutboxRow, type KeptEmailData } from '../../db/schema';
import { renderKept } from './templates';

function claimable(now: Date) {
  return or(
    and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, now)),
    // A process that died mid-send leaves its lease behind; once it runs out, another takes over.
    and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.lockedUntil, now)),
  );
}

/**
 * Takes up to `limit` due e-mails for this process. SKIP LOCKED lets several processes claim at
 * once without waiting on each other or taking the same row.
 */
export async function claimDueEmails(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<EmailOutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(claimable(now))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, lockedUntil: leaseUntil })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** Claims one given e-mail, unless a worker already has it. */
export async function claimEmailById(
  db: Db,
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<EmailOutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), claimable(now)))
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, lockedUntil: leaseUntil })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return rows[0];
}

const TOKEN_IN_LINK = sql.raw(`'/appointment/(manage|waiting)/[A-Za-z0-9_-]{43}', '/appointment/\\1/(đã ẩn)', 'g'`);
const withoutManageTokens = (column: typeof emailOutbox.html | typeof emailOutbox.text) =>
  sql<string>`regexp_replace(${column}, ${TOKEN_IN_LINK})`;
// A kept e-mail's link is a string in its data: the token's characters need no JSON escaping.
const dataWithoutManageTokens = sql<KeptEmailData>`regexp_replace(${emailOutbox.data}::text, ${TOKEN_IN_LINK})::jsonb`;
/** Once an e-mail is out, or will never be, its copy here keeps no private link. */
const withoutTokens = () => ({
  html: withoutManageTokens(emailOutbox.html),
  text: withoutManageTokens(emailOutbox.text),
  data: dataWithoutManageTokens,
});

export async function markEmailDelivered(db: Db, id: number, status: 'sent' | 'simulated', now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    // A private management or waiting-list link is kept only as a hash (docs/PRODUCT.md §10): once the e-mail is
    // out, its copy here loses the token.
    .set({ status, sentAt: now, lockedUntil: null, lastError: null, ...withoutTokens() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

export async function markEmailRetry(db: Db, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'queued', nextAttemptAt, lockedUntil: null, lastError: error })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

export async function markEmailFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    // An e-mail that will never go out keeps no private link either.
    .set({ status: 'failed', lockedUntil: null, lastError: error, ...withoutTokens() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

/** An outbox row with its e-mail's HTML and text, rendered from its data when only that is kept. */
export type OutboxEmailRow = EmailOutboxRow & { html: string; text: string };

export function withBody(row: EmailOutboxRow): OutboxEmailRow {
  return row.html != null && row.text != null
    ? { ...row, html: row.html, text: row.text }
    : { ...row, ...renderKept(row.kind, row.data) };
}

export async function findOutboxEmail(db: Db, id: number): Promise<OutboxEmailRow | undefined> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return rows[0] && withBody(rows[0]);
}

/** The outbox's e-mails as they go (or went) out, oldest first. */
export async function listOutboxEmails(
  db: Db,
  filter: { appointmentId?: number; kind?: string } = {},
): Promise<OutboxEmailRow[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        filter.appointmentId != null ? eq(emailOutbox.appointmentId, filter.appointmentId) : undefined,
        filter.kind ? eq(emailOutbox.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.id));
  return rows.map(withBody);
}

/** What waits in the outbox (queued, or claimed and not yet sent), since when, and what was given up. */
export async function outboxBacklog(
  db: Db,
): Promise<{ waiting: number; oldestCreatedAt: Date | null; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${emailOutbox.status} in ('queued', 'sending'))`.mapWith(Number),
      oldest: sql<
        string | null
      >`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.status} in ('queued', 'sending'))`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['queued', 'sending', 'failed']));
  return {
    waiting: row?.waiting ?? 0,
    oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null,
    failed: row?.failed ?? 0,
  };
}

// ---------------------------------------------------------------- a person's messages (issue 26)

/**
 * The messages sent (or to be sent) to these addresses, and those about these appointments (a private
 * link's own booking, issue 34), oldest first: what, when, never their body.
 */
export async function listEmailsTo(db: Db, addresses: string[], appointmentIds: number[] = []) {
  if (addresses.length === 0 && appointmentIds.length === 0) return [];
  return db
    .select({
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(sentToOrAbout(addresses, appointmentIds))
    .orderBy(asc(emailOutbox.id));
}

const sentToOrAbout = (addresses: string[], appointmentIds: number[]) =>
  or(
    addresses.length > 0 ? inArray(emailOutbox.toAddress, addresses) : undefined,
    appointmentIds.length > 0 ? inArray(emailOutbox.appointmentId, appointmentIds) : undefined,
  );

/** The e-mails about one appointment, oldest first: which event, to whom, its state; never their body. */
export async function listEmailsAbout(db: Db, appointmentId: number) {
  return db
    .select({
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.appointmentId, appointmentId))
    .orderBy(asc(emailOutbox.id));
}

/** Erases every stored copy of the messages to these addresses or about these appointments (a deletion). Answers how many went. */
export async function eraseEmailsTo(db: Db, addresses: string[], appointmentIds: number[] = []): Promise<number> {
  if (addresses.length === 0 && appointmentIds.length === 0) return 0;
  const rows = await db
    .delete(emailOutbox)
    .where(sentToOrAbout(addresses, appointmentIds))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

const DONE_STATUSES = ['sent', 'simulated', 'failed'] as const;

/**
 * Retention: a message out (or given up) before `before` keeps who, what kind, its subject and when,
 * but no longer its body, which may name a visit's reason, department or doctor.
 */
export async function clearEmailBodies(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ html: '', text: '', data: null, attachments: [] })
    .where(
      and(
        inArray(emailOutbox.status, DONE_STATUSES),
        lt(emailOutbox.createdAt, before),
        or(sql`${emailOutbox.data} is not null`, sql`${emailOutbox.html} <> ''`),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Retention: the records of messages out (or given up) before `before` go altogether. */
export async function purgeEmails(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, DONE_STATUSES), lt(emailOutbox.createdAt, before)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
