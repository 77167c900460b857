import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first answer to a request named by an `Idempotency-Key` (issue 25), given again to a repeat of
 * it: per caller (`scope`: a hash of the bearer token, or of the address for a visitor), for
 * IDEMPOTENCY_KEEP_HOURS. `status` is null while the first request is still being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** What was asked: method, path and body, hashed; the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
