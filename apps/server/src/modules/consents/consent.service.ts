import { PRIVACY_NOTICE, type ConsentChannel, type ConsentPurpose, type ConsentSource } from '@clinic/shared';
import type { Db } from '../../db/client';
import { insertConsents } from './consents.repository';

/**
 * Consents (docs/PRODUCT.md §12): each is stored with who gave it (phone and e-mail as given, the
 * account if any), its purpose, the notice's version, when and through which channel. Their own
 * module, below appointments and newsletter that record them and privacy that shows and withdraws them.
 */

/** A consent given with a booking: written by the booking's own call (appointment-making.service.ts). */
export type BookingConsent = {
  purpose: ConsentPurpose;
  source: ConsentSource;
  channel: ConsentChannel;
  noticeVersion: string;
  recordedById: number | null;
};

/**
 * The health-data consent a booking carries: ticked by the visitor on the site (WEB), by a signed-in
 * patient (ACCOUNT), or taken in person by the staff member who books at the desk (DESK).
 */
export function healthConsentForBooking(channel: ConsentChannel, recordedById: number | null = null): BookingConsent {
  return {
    purpose: 'HEALTH_DATA',
    source: 'BOOKING',
    channel,
    noticeVersion: PRIVACY_NOTICE.version,
    recordedById: channel === 'DESK' ? recordedById : null,
  };
}

export type ConsentGiven = {
  purpose: ConsentPurpose;
  source: ConsentSource;
  channel: ConsentChannel;
  phone: string | null;
  email: string | null;
  userId: number | null;
  appointmentId?: number | null;
  /** The staff member who took it in person (channel DESK). */
  recordedById?: number | null;
};

/**
 * Records one consent inside the caller's transaction (`tx`), under the current notice's version: the
 * front desk's booking calls it with channel 'DESK' and the staff member as recordedById when the
 * person agreed in person (`consentInPerson: true`).
 */
export async function recordConsent(tx: Db, consent: ConsentGiven, now: Date): Promise<number> {
  const [row] = await insertConsents(tx, [
    {
      purpose: consent.purpose,
      source: consent.source,
      channel: consent.channel,
      noticeVersion: PRIVACY_NOTICE.version,
      phone: consent.phone,
      email: consent.email?.toLowerCase() ?? null,
      userId: consent.userId,
      appointmentId: consent.appointmentId ?? null,
      recordedById: consent.recordedById ?? null,
      givenAt: now,
    },
  ]);
  return row!.id;
}
