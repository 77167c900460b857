import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema';

export async function findUserByLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const key = usernameOrEmail.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

export async function updatePassword(db: Db, id: number, passwordHash: string): Promise<{ tokenVersion: number } | undefined> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  return rows[0];
}

export async function setUserActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.update(users).set({ active, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'ADMIN'));
  return rows[0]?.n ?? 0;
}
