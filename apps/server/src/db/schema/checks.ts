import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { literalList } from '../sql-lists';

/**
 * `column in ('A', 'B')` from a constant list of packages/shared, so a check and its enum never drift
 * apart. A column is written qualified ("table"."column"); a check made before this helper passes the
 * bare name as `sql.raw(...)`, so its text, and the migration history, stay as they are.
 */
export function inList(column: AnyPgColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (${literalList(values)})`;
}
