import { createHash, randomBytes } from 'node:crypto';

/** A private link's token is kept only as its SHA-256 (a booking's, a waiting-list place's, a pay page's). */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

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
