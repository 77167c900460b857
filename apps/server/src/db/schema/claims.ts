import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './users';

/**
 * A code that lets a signed-in patient claim the visits she booked signed out with an e-mail or a phone
 * (issue 25, defect 9): six digits sent to that e-mail or phone (never both), kept only as an HMAC, for CLAIM_CODE_MINUTES, spent
 * by its first right answer or by CLAIM_CODE_ATTEMPTS wrong ones; a new code ends the one before.
 * The same code proves, to a booking's private link (issue 34), that its holder has the booking's e-mail or
 * phone: then it belongs to the booking, not to an account, and its right answer (verified_at) lets the
 * link see everything under that contact for PRIVACY_PROOF_MINUTES.
 */
export const claimCodes = pgTable(
  'claim_codes',
  {
    id: serial('id').primaryKey(),
    /** The account that asked (a claim), or null when a private link asked (appointment_id). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The booking whose private link asked for a proof of its e-mail or phone. */
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
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
    /** When it was answered right (a link's proof starts then). */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('claim_codes_user_idx').on(t.userId, t.createdAt),
    index('claim_codes_appointment_idx').on(t.appointmentId, t.createdAt),
    check('claim_codes_one_owner_check', sql`(${t.userId} is null) <> (${t.appointmentId} is null)`),
    check('claim_codes_one_contact_check', sql`(${t.email} is null) <> (${t.phone} is null)`),
  ],
);
export type ClaimCodeRow = typeof claimCodes.$inferSelect;
