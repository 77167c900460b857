import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GENDERS, ROLES } from '@clinic/shared';
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
    tokenVersion: integer('token_version').notNull().default(0),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness is too.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_gender_check', sql`${t.gender} is null or ${inList(t.gender, GENDERS)}`),
    check('users_role_check', inList(t.role, ROLES)),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
