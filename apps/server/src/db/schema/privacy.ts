import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ACCESS_OUTCOMES,
  ACCESS_TARGETS,
  CONSENT_CHANNELS,
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  DATA_REQUEST_CHANNELS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_SCOPES,
  DATA_REQUEST_STATUSES,
} from '@clinic/shared';
import { inList } from './checks';
import { users } from './users';

/**
 * A consent as given (docs/PRODUCT.md §12): who (phone and e-mail as typed, the account if any),
 * for what, under which version of the notice, when and through which channel. Kept as proof after a
 * withdrawal (withdrawn_at) and after a deletion, which leaves it the contact details only.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    channel: text('channel', { enum: CONSENT_CHANNELS }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    phone: text('phone'),
    /** Lower case. */
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The booking it was given with; no foreign key: the proof outlives a permanent delete. */
    appointmentId: integer('appointment_id'),
    /** The staff member who took it in person (channel DESK). */
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    givenAt: timestamp('given_at', { withTimezone: true, mode: 'date' }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('consents_email_idx').on(t.email),
    index('consents_user_idx').on(t.userId),
    index('consents_appointment_idx').on(t.appointmentId),
    check('consents_purpose_check', inList(t.purpose, CONSENT_PURPOSES)),
    check('consents_source_check', inList(t.source, CONSENT_SOURCES)),
    check('consents_channel_check', inList(t.channel, CONSENT_CHANNELS)),
  ],
);
export type ConsentRow = typeof consents.$inferSelect;

/**
 * A person's request about her data (correction, withdrawal, deletion), answered from the
 * back-office queue by its due time (PRIVACY_ANSWER_HOURS after it came).
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUSES }).notNull().default('OPEN'),
    channel: text('channel', { enum: DATA_REQUEST_CHANNELS }).notNull(),
    /**
     * What it covers (issue 34): BOOKING, the link's booking (appointment_id) alone; CONTACT, everything
     * under the e-mail or the phone she proved with a code (the one of email/phone set); ACCOUNT, her account.
     */
    scope: text('scope', { enum: DATA_REQUEST_SCOPES }).notNull().default('BOOKING'),
    /** The consent a withdrawal is about. */
    purpose: text('purpose', { enum: CONSENT_PURPOSES }),
    details: text('details'),
    /**
     * Who asked and where she is answered: her account (and its e-mail); the booking whose private link she
     * used (its e-mail if any, else its phone); or the e-mail or phone she proved.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    /** The booking whose private link she asked through. */
    appointmentId: integer('appointment_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answeredById: integer('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    answer: text('answer'),
  },
  (t) => [
    index('data_requests_status_due_idx').on(t.status, t.dueAt, t.id),
    index('data_requests_email_idx').on(t.email),
    index('data_requests_user_idx').on(t.userId),
    check('data_requests_kind_check', inList(t.kind, DATA_REQUEST_KINDS)),
    check('data_requests_status_check', inList(t.status, DATA_REQUEST_STATUSES)),
    check('data_requests_channel_check', inList(t.channel, DATA_REQUEST_CHANNELS)),
    check('data_requests_scope_check', inList(t.scope, DATA_REQUEST_SCOPES)),
  ],
);
export type DataRequestRow = typeof dataRequests.$inferSelect;

/**
 * Who read whose health data (issue 26): written on every back-office read and every refused one.
 * The database refuses to change or delete a row (src/db/functions/access-records.sql) but for the
 * retention purge of rows past their period. Names are copied as they were, so the record still says
 * who after an account or a booking changes.
 */
export const accessRecords = pgTable(
  'access_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accessedAt: timestamp('accessed_at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role'),
    target: text('target', { enum: ACCESS_TARGETS }).notNull(),
    outcome: text('outcome', { enum: ACCESS_OUTCOMES }).notNull(),
    appointmentId: integer('appointment_id'),
    subjectEmail: text('subject_email'),
    subjectName: text('subject_name'),
    /** The client's address as the server saw it (TRUST_PROXY). */
    address: text('address'),
    /**
     * The chain (issue 34), set by the insert trigger whatever the INSERT said: the record's place,
     * the previous record's hash, and SHA-256 over that hash and this record's content.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** On the retention job's own record (ACCESS_LOG / PURGED): how many went, and the hash the oldest kept record chains from. */
    recordsRemoved: integer('records_removed'),
    chainResumesFrom: text('chain_resumes_from'),
  },
  (t) => [
    uniqueIndex('access_records_chain_seq_idx').on(t.chainSeq),
    index('access_records_email_idx').on(t.subjectEmail, t.accessedAt),
    index('access_records_appointment_idx').on(t.appointmentId, t.accessedAt),
    index('access_records_accessed_idx').on(t.accessedAt),
    check('access_records_target_check', inList(t.target, ACCESS_TARGETS)),
    check('access_records_outcome_check', inList(t.outcome, ACCESS_OUTCOMES)),
  ],
);
export type AccessRecordRow = typeof accessRecords.$inferSelect;

/**
 * The access log chain's head (one row): the last record's place and hash. Written only by the
 * owner's functions (functions/access-records.sql), so a record removed from the newest end shows too.
 */
export const accessLogChain = pgTable(
  'access_log_chain',
  {
    id: boolean('id').primaryKey().default(true),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('access_log_chain_one_row', sql`${t.id}`)],
);
