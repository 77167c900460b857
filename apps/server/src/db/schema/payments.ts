import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  PAYMENT_ATTEMPT_STATUSES,
  PAYMENT_FLAGS,
  PAYMENT_KINDS,
  PAYMENT_NOTIFICATION_OUTCOMES,
  PAYMENT_PROVIDERS,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '@clinic/shared';
import { appointments } from './appointments';
import { inList } from './checks';

/**
 * The private pay link of a payment request (issue 28): one per appointment, kept as the SHA-256 of
 * its token; it pays only while the appointment is PAYMENT_REQUESTED, so paid or cancelled ends it.
 */
export const paymentLinks = pgTable('payment_links', {
  appointmentId: integer('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Every attempt to pay: its provider's reference (vnp_TxnRef, MoMo's orderId, the VietQR memo) is unique. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id').notNull(),
    /** The visit's payment, or the deposit that held a booking's slot. */
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('VISIT'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    reference: text('reference').notNull().unique(),
    /** Đồng. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('PENDING'),
    providerTransactionId: text('provider_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_attempts_appointment_idx').on(t.appointmentId, t.id),
    // The money the ledger took on a day (issue 35).
    index('payment_attempts_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // Whatever races, an appointment has at most one attempt that took its money as the visit's
    // payment, and one as its deposit.
    uniqueIndex('payment_attempts_one_paid_idx')
      .on(t.appointmentId, t.kind)
      .where(sql`${t.status} = 'PAID'`),
    check('payment_attempts_kind_check', inList(t.kind, PAYMENT_KINDS)),
    check('payment_attempts_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('payment_attempts_status_check', inList(t.status, PAYMENT_ATTEMPT_STATUSES)),
    check('payment_attempts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Every notification a provider sent, as received (its SHA-256, never the body: it may name the
 * patient), and what the ledger did with it. No foreign keys: the ledger outlives a deleted booking.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    reference: text('reference'),
    attemptId: integer('attempt_id'),
    appointmentId: integer('appointment_id'),
    /** Đồng, as the provider reported it. */
    amount: bigint('amount', { mode: 'number' }),
    providerTransactionId: text('provider_transaction_id'),
    rawSha256: text('raw_sha256').notNull(),
    outcome: text('outcome', { enum: PAYMENT_NOTIFICATION_OUTCOMES }).notNull(),
    flag: text('flag', { enum: PAYMENT_FLAGS }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('payment_notifications_appointment_idx').on(t.appointmentId, t.id),
    index('payment_notifications_flag_idx')
      .on(t.receivedAt)
      .where(sql`${t.flag} is not null`),
    check('payment_notifications_outcome_check', inList(t.outcome, PAYMENT_NOTIFICATION_OUTCOMES)),
  ],
);

/**
 * A refund to track (issue 28): money a cancelled (or twice-paid) visit must give back, by the
 * provider's refund call (VNPay, MoMo) or by hand (VietQR, the desk: provider null). One refund per
 * paid attempt and reason, and one per appointment paid at the desk, whatever retries or races: a
 * retry reuses the row. Money no payable visit took (issue 34, reason UNMATCHED) is one refund per
 * provider transaction (the bank's id), with the reference it named and its visit when it named one.
 * `request_id` is the id of the latest refund call (vnp_RequestId, MoMo's requestId). No foreign
 * keys, as the rest of the ledger: it outlives a deleted booking.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null: money that named no visit of ours. */
    appointmentId: integer('appointment_id'),
    attemptId: integer('attempt_id'),
    reason: text('reason', { enum: REFUND_REASONS }).notNull().default('PAYMENT'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    /** UNMATCHED: the reference the money named (its memo), if any. */
    reference: text('reference'),
    /** UNMATCHED: the provider's (the bank's) id of the money received: one refund per transfer. */
    receivedTransactionId: text('received_transaction_id'),
    /** Đồng. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    requestId: text('request_id'),
    /** The provider's refund transaction, or the bank reference staff wrote when they gave it back. */
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    tries: integer('tries').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    doneBy: integer('done_by'),
    doneByName: text('done_by_name'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('refunds_attempt_reason_idx').on(t.attemptId, t.reason),
    uniqueIndex('refunds_desk_idx')
      .on(t.appointmentId)
      .where(sql`${t.attemptId} is null and ${t.reason} = 'PAYMENT'`),
    uniqueIndex('refunds_received_idx')
      .on(t.provider, t.receivedTransactionId)
      .where(sql`${t.reason} = 'UNMATCHED'`),
    uniqueIndex('refunds_request_idx').on(t.requestId),
    index('refunds_appointment_idx').on(t.appointmentId, t.id),
    // The refunds done on a day (issue 35).
    index('refunds_done_idx')
      .on(t.doneAt)
      .where(sql`${t.status} = 'DONE'`),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'DONE'`),
    check('refunds_status_check', inList(t.status, REFUND_STATUSES)),
    check('refunds_reason_check', inList(t.reason, REFUND_REASONS)),
    check('refunds_provider_check', sql`${t.provider} is null or ${inList(t.provider, PAYMENT_PROVIDERS)}`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    // A visit's own refund names its visit; only money that named none has no visit.
    check('refunds_unmatched_check', sql`${t.appointmentId} is not null or ${t.reason} = 'UNMATCHED'`),
    check(
      'refunds_received_check',
      sql`${t.reason} <> 'UNMATCHED' or (${t.provider} is not null and ${t.receivedTransactionId} is not null)`,
    ),
  ],
);

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentNotificationRow = typeof paymentNotifications.$inferInsert;
