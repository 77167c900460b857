import { sql, type SQL } from 'drizzle-orm';

/**
 * A constant list of packages/shared (statuses, kinds) as SQL text: `'A', 'B'`, each quoted, a quote
 * doubled. Only for the code's own constants, never for input. An empty list would make invalid SQL
 * (`in ()`): it throws.
 */
export function quotedList(values: readonly string[]): string {
  if (values.length === 0) throw new Error('quotedList: an empty list');
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}

/**
 * The same as the items of SQL's `in (…)`, written into the statement's text, not as parameters, so the
 * planner sees the values (a partial index's, a check's): `a.status in (${literalList(EXAMINED_STATUSES)})`.
 */
export function literalList(values: readonly string[]): SQL {
  return sql.raw(quotedList(values));
}
