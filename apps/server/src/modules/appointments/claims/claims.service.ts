import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CLAIM_CODE_ATTEMPTS,
  CLAIM_CODE_MINUTES,
  CLAIM_CODES_PER_HOUR,
  CLAIM_MSG,
  clinicMoment,
  normalizePhone,
  type ClaimCodeResponse,
  type ClaimVerifyResponse,
} from '@clinic/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../../../lib/errors';
import { claimCodeEmail } from '../../email/email.service';
import { eventRow, type Actor } from '../appointment-access';
import { insertAppointmentEvents } from '../appointments.repository';
import {
  claimByContact,
  countCodesSince,
  countUnclaimed,
  deleteCodesBefore,
  findAccountContact,
  findLinkProof,
  lockLiveCode,
  lockPendingCodes,
  recordWrongAnswer,
  replaceClaimCode,
  setCodeHash,
  spendCode,
  type ClaimContact,
  type CodeOwner,
} from './claims.repository';
import { enqueueNotifications } from '../../notifications/notifications.service';

/**
 * Claiming the visits a patient booked signed out (issue 25, defect 9). The code proves the e-mail or
 * the phone is hers: six digits sent to it (a phone's by Zalo, else SMS), kept only as an HMAC keyed by the server's secret (a stolen table
 * gives no code back), working CLAIM_CODE_MINUTES, spent by its first right answer or its
 * CLAIM_CODE_ATTEMPTS-th wrong one, at most CLAIM_CODES_PER_HOUR asked for an hour. A typed e-mail
 * or number alone claims nothing.
 */

// The code's store, shared with a private link's proof of its booking's e-mail or phone (issue 34, privacy).
export { countCodesSince, findLinkProof, replaceClaimCode };
export type { ClaimContact, CodeOwner };

export type ClaimDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'timeZone'>;

export const CLAIM_NOTE = 'Bệnh nhân thêm lịch hẹn vào tài khoản';

/** The code's HMAC, bound to who asked (an account, or a private link's booking) and where it went. */
export function codeHash(
  deps: Pick<ClaimDeps, 'config'>,
  owner: CodeOwner,
  contact: ClaimContact,
  code: string,
): string {
  const by = typeof owner === 'number' ? owner : `link:${owner.appointmentId}`;
  const to = contact.email ?? `tel:${contact.phone}`;
  return createHmac('sha256', deps.config.jwtSecret).update(`claim|${by}|${to}|${code}`).digest('hex');
}

/** A new six-digit code. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function samehash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The owner's live code answered, inside the caller's transaction: the right one is spent and gives
 * the e-mail or phone it proves; a wrong one counts against it and gives the tries left (null: no
 * code working). A code not made yet (the outbox worker has not run) counts as wrong, as any other.
 */
export async function answerCode(
  deps: Pick<ClaimDeps, 'config'>,
  tx: Db,
  owner: CodeOwner,
  code: string,
  now: Date,
): Promise<{ proven: ClaimContact } | { left: number | null }> {
  const live = await lockLiveCode(tx, owner, now);
  const contact: ClaimContact | null = live?.email ? { email: live.email } : live?.phone ? { phone: live.phone } : null;
  if (!live || !contact) return { left: null };
  if (!samehash(live.codeHash ?? '', codeHash(deps, owner, contact, code)))
    return { left: CLAIM_CODE_ATTEMPTS - (await recordWrongAnswer(tx, live.id, CLAIM_CODE_ATTEMPTS, now)) };
  await spendCode(tx, live.id, now, typeof owner !== 'number');
  return { proven: contact };
}

/** The refusal of a wrong answer, once its transaction has kept the count of tries. */
export function codeRefusal(left: number | null): BadRequestError {
  return left === null || left <= 0
    ? new BadRequestError(CLAIM_MSG.codeSpent, 'CLAIM_CODE_SPENT')
    : new BadRequestError(CLAIM_MSG.codeWrong(left), 'CLAIM_CODE_WRONG');
}

function assertPatient(actor: Actor): void {
  if (actor.role !== 'PATIENT') throw new ForbiddenError(CLAIM_MSG.patientsOnly, 'PATIENTS_ONLY');
}

/**
 * POST /api/appointments/claims/code: a code to the e-mail given (the account's own by default) or to
 * the phone given (Zalo, else SMS; only to that phone). The request only records that a code was
 * asked for: the same rows, the same limits and the same time whether or not anything was booked with
 * that contact (issue 34, item 3). The outbox worker makes the code and sends it when visits match
 * (issuePendingClaimCodes); otherwise the code is made and never sent, so wrong answers count alike.
 */
export async function sendClaimCode(
  deps: ClaimDeps,
  actor: Actor,
  body: { email?: string | undefined; phone?: string | undefined },
): Promise<ClaimCodeResponse> {
  assertPatient(actor);
  const now = deps.clock.now();
  const answer = {
    message: body.phone !== undefined ? CLAIM_MSG.codeSentPhone : CLAIM_MSG.codeSent,
    expiresInMinutes: CLAIM_CODE_MINUTES,
  };
  return deps.db.transaction(async (tx) => {
    const account = await findAccountContact(tx, actor.id);
    const email = (body.email ?? account?.email ?? '').toLowerCase();
    const contact: ClaimContact | null =
      body.phone !== undefined ? { phone: normalizePhone(body.phone) } : email ? { email } : null;
    if (!contact) return answer;
    const asked = await countCodesSince(tx, actor.id, new Date(now.getTime() - 3_600_000));
    if (asked >= CLAIM_CODES_PER_HOUR) throw new TooManyRequestsError(CLAIM_MSG.tooManyCodes, 3600);
    await replaceClaimCode(tx, {
      userId: actor.id,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      codeHash: null,
      expiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
      createdAt: now,
    });
    return answer;
  });
}

/** How many asked-for codes one run of the outbox worker makes. */
const ISSUE_BATCH = 50;

/**
 * The outbox worker's step before it sends: makes each code asked for, and queues it to the e-mail or
 * phone only when visits booked with it belong to no account. Also forgets codes older than an hour,
 * with the contact they name. Returns how many codes were sent.
 */
export async function issuePendingClaimCodes(deps: ClaimDeps): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await deleteCodesBefore(tx, new Date(now.getTime() - 3_600_000));
    let sent = 0;
    for (const row of await lockPendingCodes(tx, now, ISSUE_BATCH)) {
      const contact: ClaimContact | null = row.email ? { email: row.email } : row.phone ? { phone: row.phone } : null;
      if (!contact || row.userId === null) continue;
      const code = newCode();
      await setCodeHash(tx, row.id, codeHash(deps, row.userId, contact, code));
      if ((await countUnclaimed(tx, contact)) === 0) continue;
      sent += 1;
      if (contact.email !== undefined) {
        await enqueueNotifications(tx, [claimCodeEmail(contact.email, code, CLAIM_CODE_MINUTES)], now);
        continue;
      }
      const account = await findAccountContact(tx, row.userId);
      const moment = clinicMoment(now, deps.timeZone);
      await enqueueNotifications(
        tx,
        [
          {
            kind: 'CLAIM_CODE',
            phone: contact.phone,
            appointmentId: null,
            params: { customer_name: account?.fullName ?? '', date: moment.date, time: moment.time, code },
          },
        ],
        now,
      );
    }
    return sent;
  });
}

/**
 * POST /api/appointments/claims/verify: the right code gives the account every visit booked with its
 * e-mail or phone that belongs to no account, once; a wrong one counts against the code.
 */
export async function verifyClaimCode(
  deps: ClaimDeps,
  actor: Actor,
  body: { code: string },
): Promise<ClaimVerifyResponse> {
  assertPatient(actor);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<{ left: number | null } | { claimed: number }> => {
    const answer = await answerCode(deps, tx, actor.id, body.code, now);
    if ('left' in answer) return answer;
    const claimed = await claimByContact(tx, actor.id, answer.proven, now);
    await insertAppointmentEvents(
      tx,
      claimed.map((a) => eventRow(actor, a.id, 'UPDATE', a.status, a.status, CLAIM_NOTE, now)),
    );
    return { claimed: claimed.length };
  });
  // A wrong answer is kept (outside the transaction's refusal): the count of tries must survive it.
  if ('left' in outcome) throw codeRefusal(outcome.left);
  return { message: CLAIM_MSG.claimed(outcome.claimed), claimed: outcome.claimed };
}

/** Whether the booking's e-mail or phone is the account's own (a link's holder claims only her own visit). */
export function isOwnContact(
  account: { email: string; phone: string | null } | undefined,
  booking: { email: string | null; phone: string },
): boolean {
  if (!account) return false;
  const sameEmail = !!booking.email && booking.email.toLowerCase() === account.email.toLowerCase();
  const samePhone = !!account.phone && normalizePhone(account.phone) === normalizePhone(booking.phone);
  return sameEmail || samePhone;
}
