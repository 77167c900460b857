import { processDueEmails, type MailDeps } from '../modules/email/email.service';

export type Job = { stop(): Promise<void> };

/**
 * Runs `task` every `intervalMs`, one run at a time (a slow run delays the next instead of
 * overlapping it). stop() waits for the run in flight.
 */
export function every(intervalMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void, firstDelayMs = 1_000): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, Math.min(firstDelayMs, intervalMs));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The outbox sender: every few seconds, claims due e-mails (FOR UPDATE SKIP LOCKED) and sends them. */
export function startOutboxWorker(deps: MailDeps & { log: { error(obj: object, msg: string): void } }, intervalMs = 5_000): Job {
  return every(intervalMs, () => processDueEmails(deps), (err) => deps.log.error({ err }, 'outbox worker run failed'));
}
