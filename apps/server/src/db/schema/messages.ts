import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The phone channels beside e-mail (issue 27); e-mail keeps its own outbox (schema/email.ts). */
export const MESSAGE_CHANNELS = ['zalo', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued → sending → sent (the provider took it) → delivered | undelivered (its callback), or
 * simulated (no provider configured), failed (given up), fallback (Zalo could not: an SMS row follows),
 * held (waits for the clinic's day: its next_attempt_at is the morning).
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'simulated',
  'failed',
  'fallback',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message's named parameters (the ZNS template's data; the SMS text is rendered from them). */
export type MessageData = Record<string, string>;

/**
 * Every Zalo and SMS message, written in the transaction of the change that causes it (like an
 * e-mail) and sent by the outbox worker. `tracking_id` is the provider's idempotency key (ZNS
 * tracking_id, the SMS RequestId): one per event and person and channel, so a retry never sends twice.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** The event (an e-mail kind: BOOKING_RECEIVED, REMINDER…): its template in messaging/templates.ts. */
    template: text('template').notNull(),
    /** The phone in the 84… form the providers take. */
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<MessageData>().notNull(),
    appointmentId: integer('appointment_id'),
    trackingId: text('tracking_id').notNull(),
    /** Urgent messages go at any hour; the others wait for the clinic's day. */
    urgent: integer('urgent').notNull().default(0),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_outbox_tracking_idx').on(t.channel, t.trackingId),
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('message_outbox_appointment_idx').on(t.appointmentId),
    index('message_outbox_recipient_idx').on(t.recipient),
    index('message_outbox_provider_id_idx').on(t.provider, t.providerMessageId),
  ],
);

export type MessageOutboxRow = typeof messageOutbox.$inferSelect;
