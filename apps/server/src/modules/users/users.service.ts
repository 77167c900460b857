import { ACCOUNT_MSG, type User } from '@clinic/shared';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { listSpecialties } from '../departments/departments.service';
import { countUsers, findSessionUser, findUserById, findUserByLogin, setUserActive, updatePassword } from './users.repository';

// What the sign-in and session checks (auth) read and write of an account.
export { findSessionUser, findUserById, findUserByLogin, updatePassword };

/** The user as every response shows it: the password hash and token version never leave the server. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    birth: row.birth,
    gender: row.gender,
    role: row.role,
    specialty: row.specialty,
    active: row.active,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    mustChangePassword: row.mustChangePassword,
  };
}

export async function getProfile(db: Db, userId: number): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw new NotFoundError(ACCOUNT_MSG.userNotFound, 'USER_NOT_FOUND');
  return toUserDto(row);
}

/** An administrator's account is out of reach of these screens (PRODUCT.md section 5). */
export async function deactivateUser(db: Db, userId: number): Promise<{ message: string }> {
  const row = await findUserById(db, userId);
  if (!row) throw new NotFoundError(ACCOUNT_MSG.userNotFound, 'USER_NOT_FOUND');
  if (row.role === 'ADMIN') throw new ForbiddenError(ACCOUNT_MSG.adminProtected, 'ADMIN_PROTECTED');
  await setUserActive(db, userId, false);
  return { message: ACCOUNT_MSG.deactivated };
}

export async function getSpecialties(db: Db) {
  return listSpecialties(db);
}

/** Every account: the dashboard's user count (PRODUCT.md section 6). */
export async function countAccounts(db: Db): Promise<number> {
  return countUsers(db);
}
