import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'simulated', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export type EmailAttachment = { filename: string; content: string; contentType: string };

/**
 * What an e-mail says, kept in place of its HTML and text where many are written at once (a public
 * booking): its template renders it when it goes out. About 300 bytes instead of 4 KB a row.
 */
export type KeptEmailData = Record<string, unknown>;

/**
 * Every e-mail is written here first, in the transaction of the change that causes it, and a
 * worker sends it (docs/PRODUCT.md §7). No foreign key to appointments: a deleted appointment's
 * mail stays on record.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The rendered e-mail; null while only `data` is kept (rendered at sending). */
    html: text('html'),
    text: text('text'),
    data: jsonb('data').$type<KeptEmailData>(),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    appointmentId: integer('appointment_id'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claimed row whose lease ran out (its process died mid-send) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('email_outbox_appointment_idx').on(t.appointmentId),
    index('email_outbox_status_idx').on(t.status),
    // A person's messages (her data download, a deletion) by the address they went to.
    index('email_outbox_to_address_idx').on(t.toAddress),
    check('email_outbox_body_check', sql`(${t.html} is not null and ${t.text} is not null) or ${t.data} is not null`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert;
