import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which body of each file of src/db/functions/ the database runs: a process applies a file only when
 * its text differs from the one recorded here, so starting a process does not replace (and make every
 * session plan again) functions that did not change.
 */
export const databaseFunctionFiles = pgTable('database_function_files', {
  file: text('file').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
