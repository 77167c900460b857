import type { User } from '@clinic/shared';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { listSpecialties } from '../departments/departments.repository';
import { findUserById, setUserActive } from './users.repository';

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
  if (!row) throw new NotFoundError('Không tìm thấy người dùng', 'USER_NOT_FOUND');
  return toUserDto(row);
}

/** An administrator's account is out of reach of these screens (PRODUCT.md section 5). */
export async function deactivateUser(db: Db, userId: number): Promise<{ message: string }> {
  const row = await findUserById(db, userId);
  if (!row) throw new NotFoundError('Không tìm thấy người dùng', 'USER_NOT_FOUND');
  if (row.role === 'ADMIN') throw new ForbiddenError('Không thể thay đổi tài khoản quản trị viên', 'ADMIN_PROTECTED');
  await setUserActive(db, userId, false);
  return { message: 'Đã vô hiệu hóa tài khoản' };
}

export async function getSpecialties(db: Db) {
  return listSpecialties(db);
}
