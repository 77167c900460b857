import type { AppDeps } from '../deps';
import { queueDayBeforeReminders } from '../modules/appointments/reminders.service';
import { every, startOutboxWorker, type Job } from './outbox-worker';

export type JobsDeps = AppDeps & {
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; info(obj: object, msg: string): void };
};

/** The background work of one server process: the outbox sender and the reminder job. Every process may run them. */
export function startBackgroundJobs(deps: JobsDeps, options: { outboxIntervalMs?: number; reminderIntervalMs?: number } = {}): Job {
  const outbox = startOutboxWorker(deps, options.outboxIntervalMs);
  const reminders = every(
    options.reminderIntervalMs ?? 10 * 60_000,
    async () => {
      const { date, queued } = await queueDayBeforeReminders(deps);
      if (queued > 0) deps.log.info({ date, queued }, 'day-before reminders queued');
    },
    (err) => deps.log.error({ err }, 'reminder job failed'),
  );
  return {
    async stop() {
      await Promise.all([outbox.stop(), reminders.stop()]);
    },
  };
}
