import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type NewUserRow } from '../../db/schema';

/** The accounts whose user name or e-mail (either, case-insensitive) is among these lower-case keys. */
export async function findAccountsHolding(db: Db, keys: string[]): Promise<{ username: string; email: string }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(inArray(sql`lower(${users.username})`, keys), inArray(sql`lower(${users.email})`, keys)));
}

export type ImportedUser = { id: number; username: string; email: string; role: NewUserRow['role'] };
/** Why a row's insert was refused by the database: another request took the name or e-mail, or the specialty went. */
export type InsertConflict = 'username' | 'email' | 'specialty';

function databaseError(err: unknown): { code?: string; constraint?: string } {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return {};
}

/** One statement per account: it is created whole or not at all. */
export async function insertImportedUser(
  db: Db,
  user: NewUserRow,
): Promise<{ user: ImportedUser } | { conflict: InsertConflict }> {
  try {
    const rows = await db
      .insert(users)
      .values(user)
      .returning({ id: users.id, username: users.username, email: users.email, role: users.role });
    return { user: rows[0]! };
  } catch (err) {
    const { code, constraint } = databaseError(err);
    if (code === '23505') return { conflict: constraint === 'users_email_lower_key' ? 'email' : 'username' };
    if (code === '23503') return { conflict: 'specialty' };
    throw err;
  }
}
