import { NEWSLETTER_MSG } from '@clinic/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addSubscriber } from './newsletter.repository';

/** The same thanks whether the address is new or known: the answer tells nobody who subscribed. */
export async function subscribe(deps: { db: Db; clock: Clock }, email: string) {
  await addSubscriber(deps.db, email, deps.clock.now());
  return { success: true, message: NEWSLETTER_MSG.thanks };
}
