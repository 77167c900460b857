import type { Db } from '../../db/client';
import { hashOf, newToken } from '../../lib/link-tokens';
import { findPayLinkAppointmentId, replacePayLink } from './payments.repository';

/** The patient's pay page. */
export const payLinkUrl = (origin: string, token: string) => `${origin}/pay/${token}`;

/**
 * A new pay link's token and the hash that is kept of it. The token is a private link's (newToken: 43
 * characters, 128 random bits in its short code), so a phone message carries it as `/l/{code}` (issue 35).
 */
export function newPayLink(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashOf(token) };
}

/** A new pay link for the appointment, inside the caller's transaction; the old one stops working. */
export async function issuePayLink(tx: Db, appointmentId: number, now: Date): Promise<string> {
  const { token, hash } = newPayLink();
  await replacePayLink(tx, appointmentId, hash, now);
  return token;
}

export function payLinkAppointmentId(db: Db, token: string): Promise<number | undefined> {
  return findPayLinkAppointmentId(db, hashOf(token));
}
