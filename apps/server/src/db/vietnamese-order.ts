import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Vietnamese alphabetical order ("Căng" before "Chương", "Dũng" before "Đào"): the `vietnamese`
 * ICU collation of migration 0003_search_and_collation.sql (PGlite ships only ICU's root order, which still sorts accented
 * letters with their base letter).
 */
export function inVietnameseOrder(column: SQLWrapper): SQL {
  return sql`${column} collate "vietnamese"`;
}
