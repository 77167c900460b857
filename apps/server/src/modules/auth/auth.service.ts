import {
  ACCOUNT_MSG,
  isCommonPassword,
  MSG,
  TOKEN_TTL_SECONDS,
  MFA_MSG,
  type ChangePasswordRequest,
  type LoginAnswer,
  type LoginRequest,
  type LoginResponse,
  type MfaLoginRequest,
  type Role,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyNothing, verifyPassword } from '../../lib/password';
import {
  findSessionUser,
  findUserById,
  findUserByLogin,
  findUserIdByLogin,
  normalizeLogin,
  updatePassword,
} from '../users/users.service';
import { findAccount, issueChallenge, mfaRequiredFor, readChallenge, spendSecondFactorCode } from './mfa.service';

export type AuthDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'cache' | 'config'>;

/** Who a request acts for, once its token has been checked against the database. */
export type SessionUser = {
  id: number;
  username: string;
  role: Role;
  mustChangePassword: boolean;
  /** The role must use a second factor and the user has none: only enrolment is open to her. */
  mustEnrolMfa: boolean;
  /** The token's version: a change that ends sessions must still find the account at this version. */
  tokenVersion: number;
  tokenExpiresAt: number;
};

/**
 * What the per-account sign-in budget counts by: the account, whatever name or e-mail of it was typed,
 * or the typed name itself when it names no account (so guessing unknown names costs as much).
 * One indexed query either way, so the answer takes as long for an unknown name as for a known one.
 */
export async function loginLimitKey(deps: Pick<AuthDeps, 'db'>, usernameOrEmail: string): Promise<string> {
  const id = await findUserIdByLogin(deps.db, usernameOrEmail);
  return id === undefined ? `name:${normalizeLogin(usernameOrEmail)}` : `user:${id}`;
}

/**
 * POST /auth/login. A right password opens a session, except for an account with a second factor:
 * then the answer is only a challenge, and the session comes with the code (completeMfaLogin).
 */
export async function login(deps: AuthDeps, input: LoginRequest): Promise<LoginAnswer> {
  const user = await findUserByLogin(deps.db, input.usernameOrEmail);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!user || !passwordOk) throw new UnauthorizedError(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
  // Only someone who knows the password learns that the account is disabled.
  if (!user.active) throw new ForbiddenError(MSG.accountDisabled, 'ACCOUNT_DISABLED');
  if (user.mfaEnabledAt) return issueChallenge(deps, user, input.rememberMe === true);
  return openSession(deps, { ...user, mfaEnabled: false }, input.rememberMe === true);
}

type SessionOwner = {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: Role;
  tokenVersion: number;
  mustChangePassword: boolean;
  mfaEnabled: boolean;
};

async function openSession(deps: AuthDeps, user: SessionOwner, rememberMe: boolean): Promise<LoginResponse> {
  const ttl = rememberMe ? TOKEN_TTL_SECONDS.remembered : TOKEN_TTL_SECONDS.session;
  const token = await deps.tokens.sign({ userId: user.id, version: user.tokenVersion }, ttl, deps.clock.now());
  return {
    token,
    userId: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    mfaEnrolmentRequired: !user.mfaEnabled && mfaRequiredFor(deps, user.role),
  };
}

/** The sign-in budgets count by this: the account the challenge is for, or nothing good (counted by address alone). */
export async function challengeLimitKey(deps: AuthDeps, challenge: string): Promise<string> {
  const claims = await readChallenge(deps, challenge);
  return claims ? `user:${claims.userId}` : 'challenge:invalid';
}

/**
 * POST /auth/login/mfa: the challenge of a right password and a code of the account's app (or one
 * of its recovery codes) open the session. A challenge outlives no password change, deactivation or
 * reset.
 */
export async function completeMfaLogin(deps: AuthDeps, input: MfaLoginRequest): Promise<LoginResponse> {
  const claims = await readChallenge(deps, input.challenge);
  const account = claims && (await findAccount(deps.db, claims.userId));
  if (!claims || !account || account.tokenVersion !== claims.version || !account.mfaEnabledAt)
    throw new UnauthorizedError(MFA_MSG.challengeExpired, 'MFA_CHALLENGE_EXPIRED');
  if (!account.active) throw new ForbiddenError(MSG.accountDisabled, 'ACCOUNT_DISABLED');
  if (!(await spendSecondFactorCode(deps, account, input.code)))
    throw new UnauthorizedError(MFA_MSG.wrongCode, 'INVALID_MFA_CODE');
  return openSession(deps, { ...account, mfaEnabled: true }, claims.rememberMe);
}

/** The user behind a token, or null when the token is bad, expired, of a disabled user, or older than a password change. */
export async function resolveSession(deps: AuthDeps, token: string): Promise<SessionUser | null> {
  if (!token) return null;
  const claims = await deps.tokens.verify(token, deps.clock.now());
  if (!claims) return null;
  // Kept until the users table changes (a password change, a deactivation, a new role end it at once).
  const user = await deps.cache.get(`session:${claims.userId}`, ['users'], () =>
    findSessionUser(deps.db, claims.userId),
  );
  if (!user || !user.active || user.tokenVersion !== claims.version) return null;
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    mustEnrolMfa: !user.mfaEnabled && mfaRequiredFor(deps, user.role),
    tokenVersion: claims.version,
    tokenExpiresAt: claims.expiresAt,
  };
}

export async function validateToken(deps: AuthDeps, token: string): Promise<{ valid: boolean }> {
  return { valid: (await resolveSession(deps, token)) !== null };
}

/** Ends every earlier token of the user and hands back a new one with the old one's remaining life. */
export async function changePassword(
  deps: AuthDeps,
  session: SessionUser,
  input: ChangePasswordRequest,
): Promise<{ message: string; token: string }> {
  const user = await findUserById(deps.db, session.id);
  // A change that committed after this request's token check already ended this session: its
  // password is no longer the one the caller typed, so it must read as the ended session it is.
  if (!user || user.tokenVersion !== session.tokenVersion) {
    throw new UnauthorizedError(MSG.sessionExpired, 'SESSION_EXPIRED');
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new BadRequestError(ACCOUNT_MSG.wrongCurrentPassword, 'WRONG_PASSWORD');
  }
  if (input.currentPassword === input.newPassword) {
    throw new BadRequestError(ACCOUNT_MSG.samePassword, 'SAME_PASSWORD');
  }
  // The schema knows the common passwords; only here is the user's own name and address known.
  if (isCommonPassword(input.newPassword, [user.username, user.email])) {
    throw new BadRequestError(ACCOUNT_MSG.passwordTooCommon, 'PASSWORD_TOO_COMMON');
  }
  const updated = await updatePassword(deps.db, user.id, session.tokenVersion, await hashPassword(input.newPassword));
  // Another change (or a reset, a deactivation) ended this session while we hashed: it lost the race.
  if (!updated) throw new UnauthorizedError(MSG.sessionExpired, 'SESSION_EXPIRED');
  const now = deps.clock.now();
  const remaining = Math.max(60, session.tokenExpiresAt - Math.floor(now.getTime() / 1000));
  const token = await deps.tokens.sign({ userId: user.id, version: updated.tokenVersion }, remaining, now);
  return { message: ACCOUNT_MSG.passwordChanged, token };
}
