import { issuePendingClaimCodes, type ClaimDeps } from '../modules/appointments/claims/claims.service';
import { processDueEmails, type MailDeps } from '../modules/email/email.service';
import { processDueMessages, type MessagingDeps } from '../modules/messaging/messaging.service';

export type Job = { stop(): Promise<void> };

/**
 * Runs `task` every `intervalMs`, one run at a time (a slow run delays the next instead of
 * overlapping it). stop() aborts the task's signal, so a long run ends at its next step, and
 * waits for it.
 */
export function every(
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<unknown>,
  onError: (err: unknown) => void,
  firstDelayMs = 1_000,
): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    running = task(stopping.signal)
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
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The outbox sender: every few seconds, claims due e-mails (FOR UPDATE SKIP LOCKED) and sends them.
 * Once stopped it finishes the batch in hand and claims no other.
 */
export function startOutboxWorker(
  deps: MailDeps &
    MessagingDeps &
    ClaimDeps & { log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void } },
  intervalMs = 5_000,
): Job {
  return every(
    intervalMs,
    // The claim codes asked for since the last run, then e-mail, then the phone channels (Zalo, and
    // SMS where Zalo could not deliver): a code goes out in the run that makes it.
    async (signal) => {
      await issuePendingClaimCodes(deps);
      await processDueEmails(deps, { signal });
      await processDueMessages(deps, { signal });
    },
    (err) => deps.log.error({ err }, 'outbox worker run failed'),
  );
}
