import type { AppDeps } from '../deps';
import { queueDayBeforeReminders } from '../modules/appointments/reminders/reminders.service';
import { completeFinishedPlans } from '../modules/care-plans/care-plans.service';
import { offerFreedPlaces } from '../modules/appointments/waiting-list/waiting-list-offers.service';
import { sendDueRefunds } from '../modules/payments/refunds.service';
import { applyRetention } from '../modules/privacy/retention.service';
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
 * lists' offers, retention and the providers' refunds. Every process may run them.
 */
export function startBackgroundJobs(
  deps: JobsDeps,
  options: {
    outboxIntervalMs?: number;
    reminderIntervalMs?: number;
    waitingListIntervalMs?: number;
    retentionIntervalMs?: number;
    refundIntervalMs?: number;
  } = {},
): Job {
  const outbox = startOutboxWorker(deps, options.outboxIntervalMs ?? deps.config.outboxCheckSeconds * 1000);
  const reminders = every(
    options.reminderIntervalMs ?? 10 * 60_000,
    async () => {
      const { date, queued } = await queueDayBeforeReminders(deps);
      if (queued > 0) deps.log.info({ date, queued }, 'day-before reminders queued');
      // The day's upkeep of care plans: those whose last window has passed are completed.
      const completed = await completeFinishedPlans(deps);
      if (completed > 0) deps.log.info({ completed }, 'care plans completed');
    },
    (err) => deps.log.error({ err }, 'reminder job failed'),
  );
  // A freed place is offered within a minute (docs/PRODUCT.md §10).
  const waitingList = every(
    options.waitingListIntervalMs ?? deps.config.waitingListCheckSeconds * 1000,
    async () => {
      const done = await offerFreedPlaces(deps);
      if (done.offered + done.expired + done.withdrawn + done.released > 0)
        deps.log.info(done, 'waiting lists: offers made, lapsed or withdrawn; unpaid deposits released');
    },
    (err) => deps.log.error({ err }, 'waiting-list job failed'),
  );
  // Nothing is kept longer than the privacy notice says (issue 26): message copies, past slots'
  // waiting lists, bookings that never became a visit, old access records. Daily; it says what went.
  const forgetting = every(
    options.retentionIntervalMs ?? 24 * 60 * 60_000,
    async () => {
      const removed = await applyRetention(deps);
      deps.log.info(removed, 'retention: what was past its period');
    },
    (err) => deps.log.error({ err }, 'retention job failed'),
  );
  // Provider refunds a notification opened (money for a cancelled visit), or a stopped process left.
  const refunds = every(
    options.refundIntervalMs ?? deps.config.refundCheckSeconds * 1000,
    async (signal) => {
      const sent = await sendDueRefunds(deps, signal);
      if (sent > 0) deps.log.info({ sent }, 'refunds sent to the providers');
    },
    (err) => deps.log.error({ err }, 'refund job failed'),
  );
  return {
    async stop() {
      await Promise.all([outbox.stop(), reminders.stop(), waitingList.stop(), forgetting.stop(), refunds.stop()]);
    },
  };
}
