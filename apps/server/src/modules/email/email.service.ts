import type { EmailOutboxRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Metrics } from '../../lib/metrics';
import {
  claimDueEmails,
  claimEmailById,
  markEmailDelivered,
  outboxBacklog,
  markEmailFailed,
  markEmailRetry,
  withBody,
} from './email.repository';

// What other modules use of this one: the templates (modules/notifications writes the outbox) and delivery.
// A person's messages and their retention (issue 26): read and erased here only, so the outbox's
// successor (other channels) changes one place.
export { clearEmailBodies, eraseEmailsTo, listEmailsAbout, listEmailsTo, purgeEmails } from './email.repository';
export * from './templates';
export { appointmentIcs, doctorFeedIcs } from './ics';

export type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'onEmailDelivered'> & {
  log?: { warn(obj: object, msg: string): void };
  /** Told of each failed send (GET /metrics). */
  metrics?: Pick<Metrics, 'outboxSendFailures'>;
};

/** Tries before an e-mail is given up as failed. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** How long a claimed e-mail stays with the process that claimed it. */
const LEASE_MS = 2 * 60_000;

/** 30 s, 2 min, 8 min, 32 min, then hourly. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 3_600_000);
}

export type DeliveryOutcome = 'sent' | 'simulated' | 'retry' | 'failed';

async function deliver(deps: MailDeps, row: EmailOutboxRow): Promise<DeliveryOutcome> {
  // Production without SMTP (issue 34): given up at once, never marked sent nor simulated.
  if (deps.mailer.kind === 'off') {
    deps.metrics?.outboxSendFailures.inc({ channel: 'email', outcome: 'failed' });
    await markEmailFailed(deps.db, row.id, 'SMTP_URL: not configured, nothing sent');
    return 'failed';
  }
  try {
    // An e-mail kept as its data is rendered now; a render that fails is retried, then given up, as a refused send.
    const { html, text } = withBody(row);
    await deps.mailer.send({ to: row.toAddress, subject: row.subject, html, text, attachments: row.attachments });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.log?.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'e-mail not sent');
    if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
      deps.metrics?.outboxSendFailures.inc({ channel: 'email', outcome: 'failed' });
      await markEmailFailed(deps.db, row.id, message.slice(0, 1000));
      return 'failed';
    }
    deps.metrics?.outboxSendFailures.inc({ channel: 'email', outcome: 'retry' });
    await markEmailRetry(
      deps.db,
      row.id,
      new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts)),
      message.slice(0, 1000),
    );
    return 'retry';
  }
  const status = deps.mailer.kind === 'smtp' ? 'sent' : 'simulated';
  await markEmailDelivered(deps.db, row.id, status, deps.clock.now());
  await deps.onEmailDelivered(deps.db, { id: row.id, appointmentId: row.appointmentId });
  return status;
}

export type OutboxRun = Record<DeliveryOutcome, number>;

/** The e-mail outbox as an operator watches it: how many wait, how old the oldest is, how many were given up. */
export async function outboxState(
  deps: Pick<MailDeps, 'db' | 'clock'>,
): Promise<{ waiting: number; oldestAgeSeconds: number; failed: number }> {
  const backlog = await outboxBacklog(deps.db);
  const oldestAgeSeconds = backlog.oldestCreatedAt
    ? Math.max(0, (deps.clock.now().getTime() - backlog.oldestCreatedAt.getTime()) / 1000)
    : 0;
  return { waiting: backlog.waiting, oldestAgeSeconds, failed: backlog.failed };
}

/**
 * Sends what is due, batch after batch, until nothing is due (or `maxBatches` ran, or `signal`
 * aborted: a stopping process finishes the batch it claimed and claims no other).
 */
export async function processDueEmails(
  deps: MailDeps,
  options: { batchSize?: number; maxBatches?: number; signal?: AbortSignal } = {},
): Promise<OutboxRun> {
  const batchSize = options.batchSize ?? 10;
  const run: OutboxRun = { sent: 0, simulated: 0, retry: 0, failed: 0 };
  for (let i = 0; i < (options.maxBatches ?? 10) && !options.signal?.aborted; i++) {
    const now = deps.clock.now();
    const claimed = await claimDueEmails(deps.db, now, new Date(now.getTime() + LEASE_MS), batchSize);
    for (const row of claimed) run[await deliver(deps, row)] += 1;
    if (claimed.length < batchSize) break;
  }
  return run;
}

/** Sends one queued e-mail at once, unless a worker already has it ('taken'). */
export async function deliverEmailNow(deps: MailDeps, id: number): Promise<DeliveryOutcome | 'taken'> {
  const now = deps.clock.now();
  const claimed = await claimEmailById(deps.db, id, now, new Date(now.getTime() + LEASE_MS));
  return claimed ? deliver(deps, claimed) : 'taken';
}

/**
 * What became of an action's e-mail tried at once: handed over, simulated, refused for now (kept
 * queued, retried by the worker: the screen says it could not be sent), still on its way when the
 * wait ran out, or no e-mail at all.
 */
export type ImmediateDelivery = 'sent' | 'simulated' | 'failed' | 'pending' | 'none';

/** How long an action waits for its e-mail before answering; the delivery goes on after that. */
const DELIVER_NOW_WAIT_MS = 5_000;

/**
 * Tries at once the e-mails an action has just queued (its transaction committed), so the staff
 * screen can say whether the patient was told. A row another process already took is left to it.
 */
export async function deliverNow(
  deps: MailDeps,
  ids: number[],
  waitMs = DELIVER_NOW_WAIT_MS,
): Promise<ImmediateDelivery> {
  if (ids.length === 0) return 'none';
  const attempt = (async () => {
    const outcomes: (DeliveryOutcome | 'taken')[] = [];
    for (const id of ids) outcomes.push(await deliverEmailNow(deps, id));
    if (outcomes.some((o) => o === 'retry' || o === 'failed')) return 'failed' as const;
    if (outcomes.includes('taken')) return 'pending' as const;
    return outcomes.every((o) => o === 'simulated') ? ('simulated' as const) : ('sent' as const);
  })().catch((err: unknown) => {
    deps.log?.warn({ err, ids }, 'e-mail not tried at once; the outbox worker will send it');
    return 'failed' as const;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), waitMs);
  });
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
