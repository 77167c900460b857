import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BACK_OFFICE_LANGUAGE_CODES, GENDERS, ROLES } from '@clinic/shared';
import { inList } from './checks';
import { medicalSpecialties } from './departments';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    birth: date('birth', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    role: text('role', { enum: ROLES }).notNull(),
    specialty: text('specialty').references(() => medicalSpecialties.code, {
      onUpdate: 'cascade',
      onDelete: 'set null',
    }),
    active: boolean('active').notNull().default(true),
    phone: text('phone'),
    // Her citizen identification number (số định danh cá nhân, 12 digits; issue 38): health data.
    citizenId: text('citizen_id'),
    tokenVersion: integer('token_version').notNull().default(0),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    // Two-factor sign-in: the TOTP secret sealed by lib/secret-box (set at setup, in force once mfa_enabled_at
    // is set), and the last time step whose code was accepted, so no code is accepted twice.
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true, mode: 'date' }),
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    // The back-office's language (issue 25): the specification's English texts by default, or Vietnamese.
    backOfficeLanguage: text('back_office_language', { enum: BACK_OFFICE_LANGUAGE_CODES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness is too.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // FHIR's Patient?identifier= finds an account by her citizen ID (issue 38).
    index('users_citizen_id_idx')
      .on(t.citizenId)
      .where(sql`${t.citizenId} is not null`),
    check('users_gender_check', sql`${t.gender} is null or ${inList(t.gender, GENDERS)}`),
    check('users_role_check', inList(t.role, ROLES)),
    check('users_citizen_id_check', sql`${t.citizenId} is null or ${t.citizenId} ~ '^[0-9]{12}$'`),
    check('users_back_office_language_check', inList(t.backOfficeLanguage, BACK_OFFICE_LANGUAGE_CODES)),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** One-use recovery codes of a second factor, only as keyed hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

export const ACCOUNT_EVENT_KINDS = [
  'MFA_ENABLED',
  'MFA_DISABLED',
  'MFA_RESET',
  'MFA_RECOVERY_CODE_USED',
  'MFA_RECOVERY_CODES_RENEWED',
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

/** What happened to an account's sign-in, by whom (an administrator's reset) and when. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ACCOUNT_EVENT_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_events_user_idx').on(t.userId, t.createdAt),
    check('account_events_kind_check', inList(t.kind, ACCOUNT_EVENT_KINDS)),
  ],
);
