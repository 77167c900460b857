import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An outside system allowed to call the FHIR endpoint (issue 38) as a SMART Backend Services client:
 * it proves itself with a JWT signed by a key of its public key set, and gets at most the scopes
 * granted here. Revoked, its tokens stop working at once (every FHIR call reads this row).
 */
export const fhirClients = pgTable(
  'fhir_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** What the client writes as iss and sub of its assertions. */
    clientId: text('client_id').notNull(),
    /** The public JSON Web Key Set, inline: `{ keys: [...] }`. */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
    /** Space-separated SMART scopes, such as `system/Appointment.read system/Patient.read`. */
    scopes: text('scopes').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('fhir_clients_client_id_key').on(sql`lower(${t.clientId})`)],
);
export type FhirClientRow = typeof fhirClients.$inferSelect;

/**
 * The `jti` of every client assertion accepted, until it expires: an assertion is used once.
 * Old rows are only dead weight (their assertions expired); the token endpoint sweeps them.
 */
export const fhirAssertions = pgTable(
  'fhir_assertions',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index('fhir_assertions_expires_idx').on(t.expiresAt)],
);
