import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A code that lets a signed-in patient claim the visits she booked signed out with an e-mail or a phone
 * (issue 25, defect 9): six digits sent to that e-mail or phone (never both), kept only as an HMAC, for CLAIM_CODE_MINUTES, spent
 * by its first right answer or by CLAIM_CODE_ATTEMPTS wrong ones; a new code ends the one before.
 */
export const claimCodes = pgTable(
  'claim_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail the code was sent to, lower case: the visits booked with it are the ones claimed. */
    email: text('email'),
    /** Or the phone it was sent to (normalised, 0…): the visits booked with it are the ones claimed. */
    phone: text('phone'),
    /**
     * The code's HMAC; null until the outbox worker has made the code (and sent it when visits match):
     * the request that asks for a code does the same work whether or not the contact has booked.
     */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set once it is answered right, replaced, or tried too often: it never works again. */
    spentAt: timestamp('spent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('claim_codes_user_idx').on(t.userId, t.createdAt),
    check('claim_codes_one_contact_check', sql`(${t.email} is null) <> (${t.phone} is null)`),
  ],
);
export type ClaimCodeRow = typeof claimCodes.$inferSelect;
