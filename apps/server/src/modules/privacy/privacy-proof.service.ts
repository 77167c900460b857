import {
  CLAIM_CODE_MINUTES,
  CLAIM_CODES_PER_HOUR,
  CLAIM_MSG,
  clinicMoment,
  mobileMsisdn,
  normalizePhone,
  PRIVACY_MSG as P,
  PRIVACY_PROOF_MINUTES,
  type PrivacyProofCodeRequest,
  type PrivacyProofCodeResponse,
  type PrivacyProofResponse,
} from '@clinic/shared';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors';
import {
  answerCode,
  codeHash,
  codeRefusal,
  countCodesSince,
  newCode,
  replaceClaimCode,
  type ClaimContact,
} from '../appointments/claims/claims.service';
import { linkHolder } from '../appointments/private-link/manage-link.service';
import { privacyCodeEmail } from '../email/email.service';
import { maskedEmail, maskedPhone } from '../messaging/messaging.service';
import type { PrivacyDeps } from './privacy.service';
import { enqueueNotifications } from '../notifications/notifications.service';

/**
 * A private link speaks for its own booking (issue 34). Its holder widens it to everything under the
 * booking's e-mail or phone by proving she holds it: the claim's one-time code (claim_codes, owned by
 * the booking instead of an account: 15 minutes, one use, 5 wrong answers spend it, 5 codes an hour,
 * only an HMAC stored), sent to that e-mail or by Zalo (else SMS) to that phone. Its right answer lets
 * the link see and ask about that contact's data for PRIVACY_PROOF_MINUTES (privacy.service identify).
 */

/** POST /api/privacy/link/{token}/proof/code. */
export async function sendLinkProofCode(
  deps: PrivacyDeps,
  token: string,
  body: PrivacyProofCodeRequest,
): Promise<PrivacyProofCodeResponse> {
  const holder = await linkHolder(deps, token);
  const now = deps.clock.now();
  let contact: ClaimContact;
  let sentTo: string;
  if (body.via === 'EMAIL') {
    const email = holder.email?.toLowerCase();
    if (!email) throw new BadRequestError(P.proofNoEmail, 'NO_BOOKING_EMAIL');
    contact = { email };
    sentTo = maskedEmail(email);
  } else {
    const msisdn = mobileMsisdn(holder.phone);
    if (!msisdn) throw new BadRequestError(P.proofNoMobile, 'NO_BOOKING_MOBILE');
    contact = { phone: normalizePhone(holder.phone) };
    sentTo = maskedPhone(msisdn);
  }
  const owner = { appointmentId: holder.appointmentId };
  return deps.db.transaction(async (tx) => {
    if ((await countCodesSince(tx, owner, new Date(now.getTime() - 3_600_000))) >= CLAIM_CODES_PER_HOUR)
      throw new TooManyRequestsError(CLAIM_MSG.tooManyCodes, 3600);
    const code = newCode();
    await replaceClaimCode(tx, {
      userId: null,
      appointmentId: holder.appointmentId,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      codeHash: codeHash(deps, owner, contact, code),
      expiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
      createdAt: now,
    });
    if (contact.email !== undefined)
      await enqueueNotifications(tx, [privacyCodeEmail(contact.email, code, CLAIM_CODE_MINUTES)], now);
    else {
      const moment = clinicMoment(now, deps.timeZone);
      const params = { customer_name: '', date: moment.date, time: moment.time, code };
      await enqueueNotifications(
        tx,
        [{ kind: 'PRIVACY_CODE', phone: contact.phone, appointmentId: null, params }],
        now,
      );
    }
    return {
      message: contact.email !== undefined ? P.proofCodeSentEmail : P.proofCodeSentPhone,
      expiresInMinutes: CLAIM_CODE_MINUTES,
      sentTo,
    };
  });
}

/** POST /api/privacy/link/{token}/proof: the right code widens the link; a wrong one counts against it. */
export async function verifyLinkProof(
  deps: PrivacyDeps,
  token: string,
  body: { code: string },
): Promise<PrivacyProofResponse> {
  const holder = await linkHolder(deps, token);
  const now = deps.clock.now();
  const answer = await deps.db.transaction((tx) =>
    answerCode(deps, tx, { appointmentId: holder.appointmentId }, body.code, now),
  );
  // A wrong answer is kept (outside the transaction's refusal): the count of tries must survive it.
  if ('left' in answer) throw codeRefusal(answer.left);
  return {
    message: P.proofDone(PRIVACY_PROOF_MINUTES),
    scope: 'CONTACT',
    provenUntil: new Date(now.getTime() + PRIVACY_PROOF_MINUTES * 60_000).toISOString(),
  };
}
