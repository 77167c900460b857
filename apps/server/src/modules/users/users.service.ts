import {
  ACCOUNT_MSG,
  isCommonPassword,
  rolesWith,
  toPage,
  USER_LIMITS,
  USER_MSG,
  type CreateUserInput,
  type Page,
  type Profile,
  type ResetPasswordResponse,
  type Role,
  type UpdateProfileInput,
  type UpdateUserInput,
  type UpdatedProfile,
  type User,
  type UserBulkAction,
  type UserBulkResult,
  type UserListFilters,
  type Preferences,
  type UpdatePreferencesRequest,
  nameKey,
  nameWithoutTitles,
} from '@clinic/shared';
import type { NewUserRow, UserRow } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { runEach } from '../../lib/bulk';
import { generateTemporaryPassword, hashPassword } from '../../lib/password';
import { foldText, lookalikeForms } from '../../lib/text';
import { listSpecialties, specialtyExists } from '../departments/departments.service';
import {
  countUsers,
  countUsersMatching,
  deleteUserRow,
  findAccountConflicts,
  findSessionUser,
  findUserById,
  findUserByLogin,
  findUserIdByLogin,
  insertUser,
  listActiveUsersByRole,
  listStaffNames,
  listUsers as listUserRows,
  lockUser,
  normalizeLogin,
  searchUsersByName,
  uniqueViolationOf,
  updatePassword,
  updateUserRow,
  type PublicUserRow,
  type UserListFilter,
} from './users.repository';

// What the sign-in and session checks (auth) read and write of an account.
export { findSessionUser, findUserById, findUserByLogin, findUserIdByLogin, normalizeLogin, updatePassword };

/** Who acts on the users screen: the signed-in administrator. */
export type UserActor = { id: number };
/** Switching an account off, or out of the doctors, tells the module above that keeps what was his (deps.ts). */
export type UsersDeps = Pick<AppDeps, 'db' | 'onDoctorAccountEnded'>;

/** The user as every response shows it: the password hash and token version never leave the server. */
export function toUserDto(
  row: Omit<PublicUserRow, 'mfaEnabled'> & ({ mfaEnabled: boolean } | { mfaEnabledAt: Date | null }),
): User {
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
    mfaEnabled: 'mfaEnabled' in row ? row.mfaEnabled : row.mfaEnabledAt !== null,
  };
}

const notFound = () => new NotFoundError(USER_MSG.userNotFound, 'USER_NOT_FOUND');
const taken = (field: 'username' | 'email') =>
  field === 'username'
    ? new ConflictError(USER_MSG.usernameTaken, 'USERNAME_TAKEN')
    : new ConflictError(USER_MSG.emailTaken, 'EMAIL_TAKEN');

/** GET /users/profile; `mustEnrolMfa` as the session found it (her role must use a second factor she has not set up). */
export async function getProfile(db: Db, session: { id: number; mustEnrolMfa: boolean }): Promise<Profile> {
  const row = await findUserById(db, session.id);
  if (!row) throw new NotFoundError(ACCOUNT_MSG.userNotFound, 'USER_NOT_FOUND');
  return {
    ...toUserDto(row),
    mfaEnrolmentRequired: session.mustEnrolMfa,
    backOfficeLanguage: row.backOfficeLanguage,
    citizenId: row.citizenId,
  };
}

/** PATCH /users/profile/preferences: the signed-in user's back-office language, kept for every device. */
export async function updatePreferences(db: Db, userId: number, input: UpdatePreferencesRequest): Promise<Preferences> {
  const row = await updateUserRow(db, userId, { backOfficeLanguage: input.backOfficeLanguage });
  if (!row) throw new NotFoundError(ACCOUNT_MSG.userNotFound, 'USER_NOT_FOUND');
  return { backOfficeLanguage: row.backOfficeLanguage };
}

/**
 * PUT /users/profile: the signed-in user's own name, birth, gender, phone and citizen identification
 * number; birth, gender and the citizen identification number stay when absent.
 */
export async function updateProfile(db: Db, userId: number, input: UpdateProfileInput): Promise<UpdatedProfile> {
  const patch: Partial<NewUserRow> = { fullName: input.fullName, phone: input.phone };
  if (input.birth !== undefined) patch.birth = input.birth;
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.citizenId !== undefined) patch.citizenId = input.citizenId;
  const row = await updateUserRow(db, userId, patch);
  if (!row) throw new NotFoundError(ACCOUNT_MSG.userNotFound, 'USER_NOT_FOUND');
  return { ...toUserDto(row), citizenId: row.citizenId };
}

export async function getSpecialties(db: Db) {
  return listSpecialties(db);
}

/** Every account: the dashboard's user count (docs/PRODUCT.md §6). */
export async function countAccounts(db: Db): Promise<number> {
  return countUsers(db);
}

// ---------------------------------------------------------------- reading

/** GET /users: a page of accounts, administrators included (the screen shows them, greyed). */
export async function listUsers(db: Db, query: UserListFilters): Promise<Page<User>> {
  const filter: UserListFilter = {
    role: query.role,
    active: query.status === undefined ? undefined : query.status === 'active',
  };
  if (query.q) {
    filter.text = foldText(query.q);
    const digits = query.q.replace(/[\s.\-()+]/g, '');
    if (/^\d{3,}$/.test(digits)) filter.phoneDigits = digits;
  }
  const [rows, total] = await Promise.all([
    listUserRows(db, filter, { limit: query.size, offset: (query.page - 1) * query.size, sort: query.sort }),
    countUsersMatching(db, filter),
  ]);
  return toPage(rows.map(toUserDto), total, query.page, query.size);
}

export async function getUser(db: Db, id: number): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw notFound();
  return toUserDto(row);
}

/** GET /users/role/{role}: the active accounts of a role in name order (the doctor pickers). */
export async function usersByRole(db: Db, role: Role): Promise<User[]> {
  return (await listActiveUsersByRole(db, role)).map(toUserDto);
}

/** GET /users/search?name=: name, user name or e-mail, accents and letter case ignored. */
export async function searchUsers(db: Db, name: string): Promise<User[]> {
  return (await searchUsersByName(db, foldText(name), USER_LIMITS.searchResults)).map(toUserDto);
}

// ---------------------------------------------------------------- creating

async function assertSpecialty(db: Db, specialty: string | null): Promise<void> {
  if (specialty && !(await specialtyExists(db, specialty)))
    throw new BadRequestError(USER_MSG.specialtyUnknown, 'SPECIALTY_UNKNOWN');
}

async function assertFree(db: Db, account: { username: string; email: string }, excludeId?: number): Promise<void> {
  const conflicts = await findAccountConflicts(db, account, excludeId);
  if (conflicts.username) throw taken('username');
  if (conflicts.email) throw taken('email');
}

/** Runs a write whose unique index may still refuse a name taken a moment ago: the same 409 as the check before it. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const field = uniqueViolationOf(err);
    if (field) throw taken(field);
    throw err;
  }
}

export type NewAccount = Omit<NewUserRow, 'id' | 'tokenVersion' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts an account whose user name and e-mail no one holds (409 USERNAME_TAKEN / EMAIL_TAKEN
 * otherwise, also when another request took them between the check and the insert). Takes a
 * transaction too: bulk account creation links appointments in the same one.
 */
export async function createAccount(db: Db, account: NewAccount): Promise<User> {
  await assertFree(db, account);
  return toUserDto(await uniquely(() => insertUser(db, account)));
}

/** A temporary password, shown once, and its hash. */
export async function newTemporaryPassword(): Promise<{ password: string; passwordHash: string }> {
  const password = generateTemporaryPassword();
  return { password, passwordHash: await hashPassword(password) };
}

/** POST /users (docs/PRODUCT.md §5): roles PATIENT, STAFF or DOCTOR; the password neither common nor the user's own name. */
export async function createUser(db: Db, input: CreateUserInput): Promise<{ message: string; user: User }> {
  if (isCommonPassword(input.password, [input.username, input.email]))
    throw new BadRequestError(USER_MSG.passwordTooCommon, 'PASSWORD_TOO_COMMON');
  await assertSpecialty(db, input.specialty);
  const { password, ...fields } = input;
  const user = await createAccount(db, { ...fields, passwordHash: await hashPassword(password) });
  return { message: USER_MSG.created, user };
}

// ---------------------------------------------------------------- changing another account

/**
 * Locks the account an administrator acts on, refusing his own (SELF_PROTECTED) and any
 * administrator's (ADMIN_PROTECTED, docs/PRODUCT.md §5).
 */
async function lockTarget(tx: Db, actor: UserActor, id: number): Promise<UserRow> {
  const row = await lockUser(tx, id);
  if (!row) throw notFound();
  if (row.id === actor.id) throw new ForbiddenError(USER_MSG.selfProtected, 'SELF_PROTECTED');
  if (row.role === 'ADMIN') throw new ForbiddenError(USER_MSG.adminProtected, 'ADMIN_PROTECTED');
  return row;
}

/** PUT /users/{id}: switching the account off or changing its role ends its sessions at once. */
export async function updateUser(
  deps: UsersDeps,
  actor: UserActor,
  id: number,
  input: UpdateUserInput,
): Promise<{ message: string; user: User }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, actor, id);
    await assertSpecialty(tx, input.specialty);
    await assertFree(tx, input, id);
    const endSessions = (row.active && !input.active) || row.role !== input.role;
    const updated = await uniquely(() => updateUserRow(tx, id, input, endSessions));
    if (!input.active || input.role !== 'DOCTOR') await deps.onDoctorAccountEnded(tx, id);
    return { message: USER_MSG.updated, user: toUserDto(updated!) };
  });
}

/** Appointments, posts and comments stay; their link to the account is cleared by the foreign keys (ON DELETE SET NULL). */
export async function deleteUser(db: Db, actor: UserActor, id: number): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    await lockTarget(tx, actor, id);
    await deleteUserRow(tx, id);
  });
  return { message: USER_MSG.deleted };
}

/** Switches an account on or off; false when it already was. Switching off ends its sessions for good. */
async function setActive(deps: UsersDeps, actor: UserActor, id: number, active: boolean): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, actor, id);
    if (row.active === active) return false;
    await updateUserRow(tx, id, { active }, !active);
    if (!active) await deps.onDoctorAccountEnded(tx, id);
    return true;
  });
}

export async function activateUser(deps: UsersDeps, actor: UserActor, id: number): Promise<{ message: string }> {
  await setActive(deps, actor, id, true);
  return { message: USER_MSG.activated };
}

export async function deactivateUser(deps: UsersDeps, actor: UserActor, id: number): Promise<{ message: string }> {
  await setActive(deps, actor, id, false);
  return { message: USER_MSG.deactivated };
}

/** POST /users/{id}/reset-password: a temporary password, to be changed at the next sign-in; earlier sessions end. */
export async function resetPassword(db: Db, actor: UserActor, id: number): Promise<ResetPasswordResponse> {
  const temporary = await newTemporaryPassword();
  await db.transaction(async (tx) => {
    await lockTarget(tx, actor, id);
    await updateUserRow(tx, id, { passwordHash: temporary.passwordHash, mustChangePassword: true }, true);
  });
  return { message: USER_MSG.passwordReset, temporaryPassword: temporary.password };
}

/** Each account on its own; an administrator's account, one's own, or one already so is a skip. */
export async function runUserBulkAction(
  deps: UsersDeps,
  actor: UserActor,
  action: UserBulkAction,
  ids: number[],
): Promise<UserBulkResult> {
  return runEach(
    ids,
    async (id) => {
      if (action === 'delete') return void (await deleteUser(deps.db, actor, id));
      if (await setActive(deps, actor, id, action === 'activate')) return;
      return action === 'activate'
        ? { code: 'ALREADY_ACTIVE', reason: USER_MSG.alreadyActive }
        : { code: 'ALREADY_INACTIVE', reason: USER_MSG.alreadyInactive };
    },
    {
      skipOf: (err) => (err instanceof ForbiddenError ? { code: err.code, reason: err.message } : null),
      summary: USER_MSG.bulkSummary,
    },
  );
}

/** A name's words without titles, read as it looks (look-alike letters of other scripts folded too). */
const nameAsItLooks = (name: string) => nameWithoutTitles(name, lookalikeForms);

/**
 * Whether a name typed by a visitor would pass for one of the clinic's people (issues 11, 29, 34): a
 * medical or academic title in any spelling or position (packages/shared's comment-names.ts), or an
 * active staff member's full name in any order of its words (with or without the titles it carries),
 * or user name. Look-alike letters of other scripts, accents, case, punctuation and spacing do not
 * make a different name.
 */
export async function impersonatesStaff(db: Db, typedName: string): Promise<boolean> {
  const typed = nameAsItLooks(typedName);
  if (typed.titled) return true;
  const keys = new Set(typed.words.filter((w) => w.length > 0).map(nameKey));
  const staff = await listStaffNames(db, rolesWith('commentAsStaff'));
  return staff.some((s) =>
    [s.fullName ?? '', s.username]
      .filter(Boolean)
      .some((name) => nameAsItLooks(name).words.some((w) => w.length > 0 && keys.has(nameKey(w)))),
  );
}
