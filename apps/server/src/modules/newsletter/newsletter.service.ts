import { NEWSLETTER_MSG } from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { recordConsent } from '../consents/consent.service';
import { addSubscriber } from './newsletter.repository';

/**
 * The same thanks whether the address is new or known: the answer tells nobody who subscribed. Each
 * subscription records its marketing consent (its own, apart from any booking's), in one transaction.
 */
export async function subscribe(deps: Pick<AppDeps, 'db' | 'clock'>, email: string, userId: number | null = null) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await addSubscriber(tx, email, now);
    await recordConsent(
      tx,
      {
        purpose: 'MARKETING',
        source: 'NEWSLETTER',
        channel: userId != null ? 'ACCOUNT' : 'WEB',
        phone: null,
        email,
        userId,
      },
      now,
    );
  });
  return { success: true, message: NEWSLETTER_MSG.thanks };
}
