import type { AppDeps } from '../deps';
import { queueDayBeforeReminders } from '../modules/appointments/reminders.service';
import { forgetPastWaitingLists, offerFreedPlaces } from '../modules/appointments/waiting-list-offers.service';
import { every, startOutboxWorker, type Job } from './outbox-worker';

export type JobsDeps = AppDeps & {
  log: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
};

/**
 * The background work of one server process: the outbox sender, the reminder job, the waiting
 * lists' offers and their retention. Every process may run them.
 */
export function startBackgroundJobs(
  deps: JobsDeps,
  options: { outboxIntervalMs?: number; reminderIntervalMs?: number; waitingListIntervalMs?: number } = {},
): Job {
  const outbox = startOutboxWorker(deps, options.outboxIntervalMs ?? deps.config.outboxCheckSeconds * 1000);
  const reminders = every(
    options.reminderIntervalMs ?? 10 * 60_000,
    async () => {
      const { date, queued } = await queueDayBeforeReminders(deps);
      if (queued > 0) deps.log.info({ date, queued }, 'day-before reminders queued');
    },
    (err) => deps.log.error({ err }, 'reminder job failed'),
  );
  // A freed place is offered within a minute (PRODUCT.md section 10).
  const waitingList = every(
    options.waitingListIntervalMs ?? deps.config.waitingListCheckSeconds * 1000,
    async () => {
      const done = await offerFreedPlaces(deps);
      if (done.offered + done.expired + done.withdrawn > 0)
        deps.log.info(done, 'waiting lists: offers made, lapsed or withdrawn');
    },
    (err) => deps.log.error({ err }, 'waiting-list job failed'),
  );
  // A slot's waiting list holds names, phones and e-mails: forgotten a month after the slot.
  const forgetting = every(
    60 * 60_000,
    async () => {
      const forgotten = await forgetPastWaitingLists(deps);
      if (forgotten > 0) deps.log.info({ forgotten }, 'waiting lists of past slots forgotten');
    },
    (err) => deps.log.error({ err }, 'waiting-list retention job failed'),
  );
  return {
    async stop() {
      await Promise.all([outbox.stop(), reminders.stop(), waitingList.stop(), forgetting.stop()]);
    },
  };
}
