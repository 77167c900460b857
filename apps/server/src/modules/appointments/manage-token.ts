import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { replaceManageLink } from './manage-link.repository';

/** The private management link's token: 32 random bytes (256 bits), kept only as its SHA-256. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const manageUrl = (origin: string, token: string) => `${origin}/appointment/manage/${token}`;

/** A new link for the appointment (inside the caller's transaction); the old one ends; the token is never stored. */
/**
 * The private links' tokens (43 base64url characters): a short code of 16 random bytes (128 bits,
 * 22 characters) followed by 21 characters derived from it. The code alone is the short link an SMS
 * carries (`/l/{code}`, issue 27): the server derives the whole token from it. Neither the code nor
 * the token is stored, only the token's SHA-256.
 */
export const newToken = () => tokenOfShortCode(randomBytes(16).toString('base64url'));

export const SHORT_CODE_RE = /^[A-Za-z0-9_-]{22}$/;

/** The whole token a short code stands for. */
export function tokenOfShortCode(code: string): string {
  const tail = createHash('sha256').update(`clinic-short-link:${code}`).digest('base64url').slice(0, 21);
  return `${code}${tail}`;
}

/** The short code of a token made by newToken (its first 22 characters). */
export const shortCodeOf = (token: string) => token.slice(0, 22);

/** The short form of a private link, for SMS. */
export const shortUrl = (origin: string, token: string) => `${origin}/l/${shortCodeOf(token)}`;

export async function issueManageLink(tx: Db, appointmentId: number, now: Date): Promise<string> {
  const token = newToken();
  await replaceManageLink(tx, appointmentId, hashOf(token), now);
  return token;
}
