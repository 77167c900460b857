import type { Db } from '../../../db/client';
import { hashOf, newToken, shortCodeOf } from '../../../lib/link-tokens';
import { replaceManageLink } from './manage-link.repository';

// The private links' tokens are made in lib (the pay page's too, issue 35); here for the module's importers.
export { hashOf, newToken, SHORT_CODE_RE, shortCodeOf, tokenOfShortCode } from '../../../lib/link-tokens';

export const manageUrl = (origin: string, token: string) => `${origin}/appointment/manage/${token}`;

/** The short form of a private link, for SMS. */
export const shortUrl = (origin: string, token: string) => `${origin}/l/${shortCodeOf(token)}`;

/** A new link for the appointment (inside the caller's transaction); the old one ends; the token is never stored. */
export async function issueManageLink(tx: Db, appointmentId: number, now: Date): Promise<string> {
  const token = newToken();
  await replaceManageLink(tx, appointmentId, hashOf(token), now);
  return token;
}
