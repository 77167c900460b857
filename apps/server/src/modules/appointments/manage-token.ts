import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { replaceManageLink } from './manage-link.repository';

/** The private management link's token: 32 random bytes (256 bits), kept only as its SHA-256. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const manageUrl = (origin: string, token: string) => `${origin}/appointment/manage/${token}`;

/** A new link for the appointment (inside the caller's transaction); the old one ends; the token is never stored. */
/** 32 random bytes in base64url (43 characters): the private links' tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

export async function issueManageLink(tx: Db, appointmentId: number, now: Date): Promise<string> {
  const token = newToken();
  await replaceManageLink(tx, appointmentId, hashOf(token), now);
  return token;
}
