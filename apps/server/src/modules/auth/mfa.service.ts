import { randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { renderSVG } from 'uqr';
import {
  CLINIC,
  isTotpCode,
  MFA_CHALLENGE_TTL_SECONDS,
  MFA_MSG,
  MSG,
  RECOVERY_CODE_COUNT,
  USER_MSG,
  type MfaChallengeResponse,
  type MfaConfirmRequest,
  type MfaDisableResponse,
  type MfaEnableResponse,
  type MfaRecoveryCodesResponse,
  type MfaSetupResponse,
  type MfaStatus,
  type ResetMfaResponse,
  type Role,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { challengeKey, createSecretBox, type SecretBox } from '../../lib/secret-box';
import { generateTotpSecret, matchTotp, otpauthUri } from '../../lib/totp';
import type { SessionUser } from './auth.service';
import {
  claimTotpStep,
  clearSecondFactor,
  countUnusedRecoveryCodes,
  enableSecondFactor as enableSecondFactorRow,
  findMfaAccount,
  insertAccountEvent,
  listAccountEvents,
  replaceRecoveryCodes,
  storePendingSecret,
  useRecoveryCode,
  type MfaAccount,
} from './mfa.repository';

export type MfaDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'config'>;
export type { MfaAccount };

/** Whether the role must sign in with a second factor (MFA_REQUIRED_ROLES). */
export const mfaRequiredFor = (deps: Pick<AppDeps, 'config'>, role: Role) =>
  deps.config.mfaRequiredRoles.includes(role);

let kept: { key: string; box: SecretBox; challenge: Uint8Array } | undefined;
/** The keys derived from MFA_KEY (else JWT_SECRET), made once per key. */
function keys(deps: Pick<AppDeps, 'config'>) {
  const key = deps.config.mfaKey;
  if (kept?.key !== key) kept = { key, box: createSecretBox(key), challenge: challengeKey(key) };
  return kept;
}

export async function findAccount(db: Db, userId: number): Promise<MfaAccount | undefined> {
  return findMfaAccount(db, userId);
}

// ---------------------------------------------------------------- the sign-in challenge

type ChallengeClaims = { userId: number; version: number; rememberMe: boolean };

/** After a right password of an account with a second factor: a short-lived, signed proof of it, and no session. */
export async function issueChallenge(
  deps: MfaDeps,
  account: { id: number; tokenVersion: number },
  rememberMe: boolean,
): Promise<MfaChallengeResponse> {
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const challenge = await new SignJWT({ ver: account.tokenVersion, rem: rememberMe, typ: 'mfa' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(account.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + MFA_CHALLENGE_TTL_SECONDS)
    .sign(keys(deps).challenge);
  return { mfaRequired: true, challenge, expiresIn: MFA_CHALLENGE_TTL_SECONDS };
}

/** The claims of a well-signed, unexpired challenge, or null. */
export async function readChallenge(deps: MfaDeps, challenge: string): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(challenge, keys(deps).challenge, {
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload['ver'] !== 'number' || payload['typ'] !== 'mfa') return null;
    return { userId, version: payload['ver'], rememberMe: payload['rem'] === true };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- checking a code

/** A recovery code as stored: letters lower-cased, dashes and spaces gone. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Whether the code is the account's current TOTP code (not used before) or one of its unused recovery
 * codes; either is spent by this call. A recovery code's use is recorded.
 */
export async function spendSecondFactorCode(deps: MfaDeps, account: MfaAccount, code: string): Promise<boolean> {
  if (!account.mfaSecret) return false;
  const now = deps.clock.now();
  if (isTotpCode(code)) {
    const secret = keys(deps).box.open(account.mfaSecret);
    // A secret sealed under another key (MFA_KEY or JWT_SECRET changed) matches no code; recovery codes
    // are keyed the same way, so an administrator's reset is the way back.
    if (!secret) return false;
    const step = matchTotp(secret, code, now, account.mfaLastStep);
    return step !== null && (await claimTotpStep(deps.db, account.id, step));
  }
  const used = await useRecoveryCode(deps.db, account.id, keys(deps).box.digest(normalizeRecoveryCode(code)), now);
  if (used)
    await insertAccountEvent(deps.db, { userId: account.id, actorId: null, kind: 'MFA_RECOVERY_CODE_USED', at: now });
  return used;
}

// ---------------------------------------------------------------- the user's own second factor

// No 0/o, 1/l/i: a recovery code is read from paper and typed by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each), shown as 'xxxxx-xxxxx'. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

async function storeNewRecoveryCodes(deps: MfaDeps, db: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const box = keys(deps).box;
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => box.digest(normalizeRecoveryCode(c))),
  );
  return codes;
}

const sessionEnded = () => new UnauthorizedError(MSG.sessionExpired, 'SESSION_EXPIRED');

/** The account of the acting session, as long as the session is still current. */
async function sessionAccount(deps: MfaDeps, db: Db, session: SessionUser, lock = false): Promise<MfaAccount> {
  const account = await findMfaAccount(db, session.id, lock);
  if (!account || !account.active || account.tokenVersion !== session.tokenVersion) throw sessionEnded();
  return account;
}

/** A token for the session's user at her new version, with what was left of the old token's life. */
async function renewedToken(deps: MfaDeps, session: SessionUser, tokenVersion: number): Promise<string> {
  const now = deps.clock.now();
  const remaining = Math.max(60, session.tokenExpiresAt - Math.floor(now.getTime() / 1000));
  return deps.tokens.sign({ userId: session.id, version: tokenVersion }, remaining, now);
}

export async function mfaStatus(deps: MfaDeps, session: SessionUser): Promise<MfaStatus> {
  const account = await sessionAccount(deps, deps.db, session);
  const enabled = account.mfaEnabledAt !== null;
  return {
    enabled,
    required: mfaRequiredFor(deps, account.role),
    enabledAt: account.mfaEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(deps.db, account.id) : 0,
  };
}

/** A new secret, kept sealed and not yet in force: the first right code from the app puts it in force. */
export async function setupSecondFactor(deps: MfaDeps, session: SessionUser): Promise<MfaSetupResponse> {
  const account = await sessionAccount(deps, deps.db, session);
  if (account.mfaEnabledAt) throw new ConflictError(MFA_MSG.alreadyEnabled, 'MFA_ALREADY_ENABLED');
  const secret = generateTotpSecret();
  if (!(await storePendingSecret(deps.db, account.id, keys(deps).box.seal(secret))))
    throw new ConflictError(MFA_MSG.alreadyEnabled, 'MFA_ALREADY_ENABLED');
  const uri = otpauthUri(CLINIC.shortName, account.username, secret);
  const svg = renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 });
  return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The first right code puts the secret in force: ten recovery codes, shown this once; every other
 * session of the user ends (one may have been opened with the password alone) and hers goes on.
 */
export async function enableSecondFactor(
  deps: MfaDeps,
  session: SessionUser,
  code: string,
): Promise<MfaEnableResponse> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const account = await sessionAccount(deps, tx, session, true);
    if (account.mfaEnabledAt) throw new ConflictError(MFA_MSG.alreadyEnabled, 'MFA_ALREADY_ENABLED');
    if (!account.mfaSecret) throw new BadRequestError(MFA_MSG.noPendingSetup, 'MFA_NO_PENDING_SETUP');
    const secret = keys(deps).box.open(account.mfaSecret);
    const step = secret && isTotpCode(code) ? matchTotp(secret, code, now, account.mfaLastStep) : null;
    if (step === null || !(await claimTotpStep(tx, account.id, step)))
      throw new BadRequestError(MFA_MSG.wrongCode, 'INVALID_MFA_CODE');
    const enabled = await enableSecondFactorRow(tx, account.id, session.tokenVersion, now);
    if (!enabled) throw sessionEnded();
    const recoveryCodes = await storeNewRecoveryCodes(deps, tx, account.id);
    await insertAccountEvent(tx, { userId: account.id, actorId: account.id, kind: 'MFA_ENABLED', at: now });
    return { recoveryCodes, tokenVersion: enabled.tokenVersion };
  });
  return {
    message: MFA_MSG.enabled,
    token: await renewedToken(deps, session, result.tokenVersion),
    recoveryCodes: result.recoveryCodes,
  };
}

/** A current code (or a recovery code), or the password: what turning off or renewing asks for. */
async function confirmPresence(deps: MfaDeps, account: MfaAccount, input: MfaConfirmRequest): Promise<void> {
  const ok = input.code
    ? await spendSecondFactorCode(deps, account, input.code)
    : await verifyPassword(account.passwordHash, input.password ?? '');
  if (!ok) throw new BadRequestError(MFA_MSG.wrongCodeOrPassword, 'INVALID_MFA_CODE');
}

/** Turns the second factor off; the user's other sessions end, hers goes on with a new token. */
export async function disableSecondFactor(
  deps: MfaDeps,
  session: SessionUser,
  input: MfaConfirmRequest,
): Promise<MfaDisableResponse> {
  const account = await sessionAccount(deps, deps.db, session);
  if (!account.mfaEnabledAt) throw new ConflictError(MFA_MSG.notEnabled, 'MFA_NOT_ENABLED');
  await confirmPresence(deps, account, input);
  const now = deps.clock.now();
  const cleared = await deps.db.transaction(async (tx) => {
    const row = await clearSecondFactor(tx, account.id, session.tokenVersion);
    if (row) await insertAccountEvent(tx, { userId: account.id, actorId: account.id, kind: 'MFA_DISABLED', at: now });
    return row;
  });
  if (!cleared) throw sessionEnded();
  return { message: MFA_MSG.disabled, token: await renewedToken(deps, session, cleared.tokenVersion) };
}

/** Ten new recovery codes in place of the old ones (all of them, used or not). */
export async function renewRecoveryCodes(
  deps: MfaDeps,
  session: SessionUser,
  input: MfaConfirmRequest,
): Promise<MfaRecoveryCodesResponse> {
  const account = await sessionAccount(deps, deps.db, session);
  if (!account.mfaEnabledAt) throw new ConflictError(MFA_MSG.notEnabled, 'MFA_NOT_ENABLED');
  await confirmPresence(deps, account, input);
  const now = deps.clock.now();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await storeNewRecoveryCodes(deps, tx, account.id);
    await insertAccountEvent(tx, {
      userId: account.id,
      actorId: account.id,
      kind: 'MFA_RECOVERY_CODES_RENEWED',
      at: now,
    });
    return codes;
  });
  return { message: MFA_MSG.recoveryCodesRenewed, recoveryCodes };
}

// ---------------------------------------------------------------- an administrator's reset

/**
 * POST /users/{id}/reset-mfa: for someone who lost her phone and her recovery codes. Any account but
 * one's own, administrators' included: with ADMIN required to use a second factor, another
 * administrator is the only way back in. Her sessions end; the event is recorded with who did it.
 */
export async function resetSecondFactor(
  deps: Pick<MfaDeps, 'db' | 'clock'>,
  actor: { id: number },
  userId: number,
): Promise<ResetMfaResponse> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await findMfaAccount(tx, userId, true);
    if (!account) throw new NotFoundError(USER_MSG.userNotFound, 'USER_NOT_FOUND');
    if (account.id === actor.id) throw new ForbiddenError(MFA_MSG.resetSelf, 'SELF_PROTECTED');
    if (!account.mfaEnabledAt && !account.mfaSecret)
      throw new ConflictError(MFA_MSG.resetNotEnabled, 'MFA_NOT_ENABLED');
    await clearSecondFactor(tx, account.id);
    await insertAccountEvent(tx, { userId: account.id, actorId: actor.id, kind: 'MFA_RESET', at: now });
  });
  return { message: MFA_MSG.resetDone };
}

/** What happened to an account's second factor, oldest first. */
export async function accountEventsOf(db: Db, userId: number) {
  return listAccountEvents(db, userId);
}
