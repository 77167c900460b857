import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserSort } from '@clinic/shared';
import type { Db } from '../../db/client';
import { inVietnameseOrder } from '../../db/vietnamese-order';
import { users, type NewUserRow, type UserRow } from '../../db/schema';
import { containsPattern, foldText } from '../../lib/text';

/** A typed user name or e-mail as the sign-in compares it. */
export const normalizeLogin = (usernameOrEmail: string) => usernameOrEmail.trim().toLowerCase();

const matchesLogin = (usernameOrEmail: string) => {
  const key = normalizeLogin(usernameOrEmail);
  return or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`);
};

export async function findUserByLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(matchesLogin(usernameOrEmail)).limit(1);
  return rows[0];
}

/** Only the id of the account a typed user name or e-mail names: the sign-in limit counts per account. */
export async function findUserIdByLogin(db: Db, usernameOrEmail: string): Promise<number | undefined> {
  const rows = await db.select({ id: users.id }).from(users).where(matchesLogin(usernameOrEmail)).limit(1);
  return rows[0]?.id;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The row, locked until the end of the transaction: every change of an account by an administrator starts here. */
export async function lockUser(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

/** The few columns every authenticated request checks. */
export async function findSessionUser(db: Db, id: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      active: users.active,
      tokenVersion: users.tokenVersion,
      mustChangePassword: users.mustChangePassword,
      mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  const rows = await db.insert(users).values(user).returning();
  return rows[0]!;
}

/** `endSessions`: the user's tokens stop working (role taken away, account switched off, password reset). */
export async function updateUserRow(
  db: Db,
  id: number,
  patch: Partial<NewUserRow>,
  endSessions = false,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, ...(endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Only while the user's tokens are still of `tokenVersion` (the acting session's): of two changes at
 * once the second finds the version moved on and updates nothing, instead of overwriting the first.
 */
export async function updatePassword(
  db: Db,
  id: number,
  tokenVersion: number,
  passwordHash: string,
): Promise<{ tokenVersion: number } | undefined> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), eq(users.tokenVersion, tokenVersion)))
    .returning({ tokenVersion: users.tokenVersion });
  return rows[0];
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'ADMIN'));
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------- uniqueness

/**
 * Which of the name and address another account already holds, in any letter case. A user name
 * equal to another account's e-mail counts too: sign-in takes either, so it must name one person.
 */
export async function findAccountConflicts(db: Db, account: { username: string; email: string }, excludeId?: number) {
  const u = account.username.toLowerCase();
  const e = account.email.toLowerCase();
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})`, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) in (${u}, ${e})`, sql`lower(${users.email}) in (${u}, ${e})`),
        excludeId ? ne(users.id, excludeId) : undefined,
      ),
    );
  return {
    username: rows.some((r) => r.username === u || r.email === u),
    email: rows.some((r) => r.email === e || r.username === e),
  };
}

const UNIQUE_INDEXES = { users_username_lower_key: 'username', users_email_lower_key: 'email' } as const;

/** The field whose unique index refused a write that raced past findAccountConflicts, or null for any other error. */
export function uniqueViolationOf(err: unknown): 'username' | 'email' | null {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string' && constraint in UNIQUE_INDEXES) {
      return UNIQUE_INDEXES[constraint as keyof typeof UNIQUE_INDEXES];
    }
  }
  return null;
}

// ---------------------------------------------------------------- lists

/** What an answer may show of an account: never the password hash or the token version. */
const publicColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  birth: users.birth,
  gender: users.gender,
  role: users.role,
  specialty: users.specialty,
  active: users.active,
  phone: users.phone,
  createdAt: users.createdAt,
  mustChangePassword: users.mustChangePassword,
  mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`.as('mfa_enabled'),
};
export type PublicUserRow = Pick<UserRow, Exclude<keyof typeof publicColumns, 'mfaEnabled'>> & { mfaEnabled: boolean };

// Lower-case Vietnamese letters with marks; their upper-case forms are added below. translate()
// folds them to plain letters, so "nguyen" finds "Nguyễn" without an extension or an extra column.
const MARKED = 'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ';
const MARKED_ALL = MARKED + MARKED.toUpperCase();
const PLAIN_ALL = [...MARKED_ALL].map(foldText).join('');

/** The same folding as lib/text foldText, in SQL: combining marks dropped, marked letters made plain, lower case. */
function folded(value: SQL): SQL {
  return sql`lower(translate(regexp_replace(${value}, ${'[\u0300-\u036f]'}, '', 'g'), ${MARKED_ALL}, ${PLAIN_ALL}))`;
}

export type UserListFilter = {
  /** Folded text looked for in full name, user name, e-mail and phone. */
  text?: string;
  /** The text as phone digits, when it is one ("0912 345" → "0912345"). */
  phoneDigits?: string;
  role?: Role;
  active?: boolean;
};

function listWhere(f: UserListFilter, fields: 'all' | 'names' = 'all'): SQL | undefined {
  let text: SQL | undefined;
  if (f.text) {
    const searched =
      fields === 'all'
        ? sql`concat_ws(' ', ${users.fullName}, ${users.username}, ${users.email}, ${users.phone})`
        : sql`concat_ws(' ', ${users.fullName}, ${users.username}, ${users.email})`;
    text = or(
      sql`${folded(searched)} like ${containsPattern(f.text)}`,
      f.phoneDigits ? sql`${users.phone} like ${containsPattern(f.phoneDigits)}` : undefined,
    );
  }
  return and(
    f.role ? eq(users.role, f.role) : undefined,
    f.active === undefined ? undefined : eq(users.active, f.active),
    text,
  );
}

// Names sort the Vietnamese way with the collation the migration search_and_collation made (ICU
// vi-VN on PostgreSQL); accounts without a name come last. Every order ends on id, so a page never
// shows a row twice or skips one between two clicks.
const byName = (dir: 'asc' | 'desc') => sql.raw(`${dir} nulls last`);
function orderBy(sort: UserSort): SQL[] {
  switch (sort) {
    case 'createdAt:desc':
      return [sql`${users.createdAt} desc`, sql`${users.id} desc`];
    case 'createdAt:asc':
      return [sql`${users.createdAt} asc`, sql`${users.id} asc`];
    case 'fullName:asc':
    case 'fullName:desc': {
      const dir = sort === 'fullName:asc' ? 'asc' : 'desc';
      return [
        sql`${inVietnameseOrder(users.fullName)} ${byName(dir)}`,
        sql`lower(${users.username}) ${sql.raw(dir)}`,
        sql`${users.id} ${sql.raw(dir)}`,
      ];
    }
    case 'username:asc':
      return [sql`lower(${users.username}) asc`, sql`${users.id} asc`];
    case 'username:desc':
      return [sql`lower(${users.username}) desc`, sql`${users.id} desc`];
  }
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
  page: { limit: number; offset: number; sort: UserSort },
): Promise<PublicUserRow[]> {
  return db
    .select(publicColumns)
    .from(users)
    .where(listWhere(filter))
    .orderBy(...orderBy(page.sort))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUsersMatching(db: Db, filter: UserListFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(listWhere(filter));
  return rows[0]?.n ?? 0;
}

/** Active accounts of one role in name order: the doctors a screen picks from. */
export async function listActiveUsersByRole(db: Db, role: Role): Promise<PublicUserRow[]> {
  return db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.role, role), eq(users.active, true)))
    .orderBy(...orderBy('fullName:asc'));
}

/** Accounts whose name, user name or e-mail holds the folded text, in name order. */
export async function searchUsersByName(db: Db, text: string, limit: number): Promise<PublicUserRow[]> {
  return db
    .select(publicColumns)
    .from(users)
    .where(listWhere({ text }, 'names'))
    .orderBy(...orderBy('fullName:asc'))
    .limit(limit);
}

/** The names the clinic's active people sign their comments with (a handful of rows: staff, doctors, administrators). */
export async function listStaffNames(
  db: Db,
  roles: readonly Role[],
): Promise<{ fullName: string | null; username: string }[]> {
  return db
    .select({ fullName: users.fullName, username: users.username })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.active, true)));
}
