import { NEWSLETTER_MSG } from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { addSubscriber } from './newsletter.repository';

/** The same thanks whether the address is new or known: the answer tells nobody who subscribed. */
export async function subscribe(deps: Pick<AppDeps, 'db' | 'clock'>, email: string) {
  await addSubscriber(deps.db, email, deps.clock.now());
  return { success: true, message: NEWSLETTER_MSG.thanks };
}
