import { createHash } from 'node:crypto';
import { addDays, clinicInstant, clinicMoment, MESSAGING_TEXT, timeToMinutes } from '@clinic/shared';
import type { MessagingConfig } from '../../config';
import type { Db } from '../../db/client';
import type { MessageChannel, MessageOutboxRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError } from '../../lib/errors';
import {
  claimDueMessages,
  findMessage,
  finishMessage,
  insertMessages,
  listMessages,
  recordDelivery,
} from './messaging.repository';
import { callbackKey, type PhoneProviders } from './providers';
import {
  isPhoneTemplate,
  PHONE_TEMPLATES,
  SIMULATED_ZNS_TEMPLATE_IDS,
  smsText,
  type PhoneTemplateName,
} from './templates';

// What modules/notifications needs to write an event's phone message: its template, data and row.
export { isPhoneTemplate, PHONE_TEMPLATES, znsData, type PhoneParams } from './templates';
export { insertMessages, type NewMessage } from './messaging.repository';

export type MessagingDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  phone: PhoneProviders;
  config: { messaging: MessagingConfig; publicUrl: string };
  log?: { warn(obj: object, msg: string): void };
};

/** Tries before a message is given up (Zalo then falls back to SMS). */
export const MESSAGE_MAX_ATTEMPTS = 4;
const LEASE_MS = 2 * 60_000;
export const messageRetryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * The clinic's day for messages that can wait (MESSAGES_DAY_START to MESSAGES_DAY_END, clinic time):
 * `at` itself when inside it, else the next morning's start.
 */
export function inClinicDay(at: Date, timeZone: string, day: { dayStart: string; dayEnd: string }): Date {
  const moment = clinicMoment(at, timeZone);
  const start = timeToMinutes(day.dayStart);
  const end = timeToMinutes(day.dayEnd);
  if (moment.minutes >= start && moment.minutes < end) return at;
  const date = moment.minutes < start ? moment.date : addDays(moment.date, 1);
  return clinicInstant(date, day.dayStart, timeZone);
}

export const isClinicDay = (at: Date, timeZone: string, day: { dayStart: string; dayEnd: string }) =>
  inClinicDay(at, timeZone, day).getTime() === at.getTime();

export type MessageOutcome = 'sent' | 'simulated' | 'retry' | 'failed' | 'fallback';

function callbackUrl(deps: MessagingDeps, row: MessageOutboxRow): string {
  const key = callbackKey(deps.config.messaging.callbackSecret, row.trackingId);
  return `${deps.config.publicUrl}/api/messages/callbacks/sms?ref=${row.trackingId}&key=${key}`;
}

/** Zalo could not deliver: the same message goes by SMS (its own row, the same tracking id on its channel). */
async function fallBackToSms(deps: MessagingDeps, row: MessageOutboxRow, now: Date): Promise<void> {
  await insertMessages(
    deps.db,
    [
      {
        channel: 'sms',
        template: row.template,
        recipient: row.recipient,
        data: row.data,
        appointmentId: row.appointmentId,
        trackingId: row.trackingId,
        urgent: row.urgent === 1,
        nextAttemptAt: now,
      },
    ],
    now,
  );
}

async function deliver(deps: MessagingDeps, row: MessageOutboxRow): Promise<MessageOutcome | 'held'> {
  // A message that can wait is never sent at night: it waits for the clinic's morning (not an attempt).
  if (row.urgent !== 1) {
    const now = deps.clock.now();
    const morning = inClinicDay(now, deps.timeZone, deps.config.messaging);
    if (morning.getTime() !== now.getTime()) {
      await finishMessage(deps.db, row.id, { status: 'queued', nextAttemptAt: morning, attempts: row.attempts - 1 });
      return 'held';
    }
  }
  const provider = deps.phone[row.channel];
  const template = row.template as PhoneTemplateName;
  let outcome;
  try {
    outcome = await provider.send({
      recipient: row.recipient,
      template,
      data: row.data,
      text: smsText(template, row.data),
      trackingId: row.trackingId,
      callbackUrl: callbackUrl(deps, row),
    });
  } catch (err) {
    // A timeout or a lost answer: tried again later with the same tracking id, which the provider
    // takes only once.
    outcome = { ok: false as const, final: false, error: err instanceof Error ? err.message : String(err) };
  }
  const now = deps.clock.now();
  if (outcome.ok) {
    const status = provider.name === 'simulated' ? 'simulated' : 'sent';
    await finishMessage(deps.db, row.id, {
      status,
      provider: provider.name,
      providerMessageId: outcome.providerMessageId,
      sentAt: now,
      lastError: null,
    });
    return status;
  }
  deps.log?.warn(
    { messageId: row.id, channel: row.channel, attempts: row.attempts, err: outcome.error },
    'message not sent',
  );
  if (!outcome.final && row.attempts < MESSAGE_MAX_ATTEMPTS) {
    let next = new Date(now.getTime() + messageRetryDelayMs(row.attempts));
    if (row.urgent !== 1) next = inClinicDay(next, deps.timeZone, deps.config.messaging);
    await finishMessage(deps.db, row.id, {
      status: 'queued',
      provider: provider.name,
      nextAttemptAt: next,
      lastError: outcome.error,
    });
    return 'retry';
  }
  if (row.channel === 'zalo') {
    await finishMessage(deps.db, row.id, { status: 'fallback', provider: provider.name, lastError: outcome.error });
    await fallBackToSms(deps, row, now);
    return 'fallback';
  }
  await finishMessage(deps.db, row.id, { status: 'failed', provider: provider.name, lastError: outcome.error });
  return 'failed';
}

export type MessageRun = Record<MessageOutcome | 'held', number>;

/** The phone outbox's worker run: what is due, batch after batch; a fallback SMS due now goes in the same run. */
export async function processDueMessages(
  deps: MessagingDeps,
  options: { batchSize?: number; maxBatches?: number; signal?: AbortSignal } = {},
): Promise<MessageRun> {
  const batchSize = options.batchSize ?? 10;
  const run: MessageRun = { sent: 0, simulated: 0, retry: 0, failed: 0, fallback: 0, held: 0 };
  for (let i = 0; i < (options.maxBatches ?? 10) && !options.signal?.aborted; i++) {
    const now = deps.clock.now();
    const claimed = await claimDueMessages(deps.db, now, new Date(now.getTime() + LEASE_MS), batchSize);
    for (const row of claimed) run[await deliver(deps, row)] += 1;
    if (claimed.length === 0) break;
  }
  return run;
}

/** Tries at once the messages an action just queued (its transaction committed); the worker takes what is left. */
export async function deliverMessagesNow(deps: MessagingDeps, ids: number[]): Promise<void> {
  for (const id of ids) {
    const now = deps.clock.now();
    const [row] = await claimDueMessages(deps.db, now, new Date(now.getTime() + LEASE_MS), 1, id);
    if (row && (await deliver(deps, row)) === 'fallback') await processDueMessages(deps, { maxBatches: 1 });
  }
}

export async function recordDeliveryReport(
  deps: Pick<MessagingDeps, 'db' | 'clock'>,
  channel: MessageChannel,
  where: { trackingId?: string; providerMessageId?: string },
  delivered: boolean,
  error: string | null,
) {
  return recordDelivery(
    deps.db,
    { channel, ...where },
    delivered ? 'delivered' : 'undelivered',
    error,
    deps.clock.now(),
  );
}

/**
 * Why a message cannot go again: retention or an erasure cleared what it said, or it carried a private
 * link or a one-time code, which are not kept once sent (a new link is 'Gửi lại liên kết'). Sent anyway, it would be empty.
 */
function resendRefusal(row: MessageOutboxRow): ConflictError | null {
  if (!row.data.customer_name) return new ConflictError(MESSAGING_TEXT.resendDataCleared, 'MESSAGE_DATA_CLEARED');
  // A one-time code (CLAIM_CODE) is gone the same way: she asks for a new one.
  const gone = (key: 'link' | 'code') =>
    isPhoneTemplate(row.template) && PHONE_TEMPLATES[row.template].sms.includes(`{${key}}`) && !row.data[key];
  if (gone('link')) return new ConflictError(MESSAGING_TEXT.resendLinkGone, 'MESSAGE_LINK_GONE');
  if (gone('code')) return new ConflictError(MESSAGING_TEXT.resendCodeGone, 'MESSAGE_CODE_GONE');
  return null;
}

/**
 * Booking Manager's resend: the message goes again as a new event (a new tracking id, Zalo first),
 * at once, whatever the hour: a person asked for it.
 */
export async function resendMessage(deps: MessagingDeps, id: number): Promise<MessageOutboxRow | undefined> {
  const row = await findMessage(deps.db, id);
  if (!row) return undefined;
  const refusal = resendRefusal(row);
  if (refusal) throw refusal;
  const now = deps.clock.now();
  const trackingId = createHash('sha256')
    .update(`resend|${row.trackingId}|${now.toISOString()}`)
    .digest('hex')
    .slice(0, 32);
  const [newId] = await insertMessages(
    deps.db,
    [
      {
        channel: 'zalo',
        template: row.template,
        recipient: row.recipient,
        data: row.data,
        appointmentId: row.appointmentId,
        trackingId,
        urgent: true,
        nextAttemptAt: now,
      },
    ],
    now,
  );
  if (newId == null) return undefined;
  await deliverMessagesNow(deps, [newId]);
  return findMessage(deps.db, newId);
}

export { listMessages, findMessage };
export { clearMessageData, eraseMessagesTo, listMessagesAbout, purgeMessages } from './messaging.repository';

/** 84912345678 → 0912***678: staff see whose phone, never the whole number in a list. */
export const maskedPhone = (msisdn: string) => {
  const national = `0${msisdn.slice(2)}`;
  return `${national.slice(0, 4)}***${national.slice(-3)}`;
};

/** lan.tran@example.com → la***@example.com: whose address, never the whole of it in a list. */
export const maskedEmail = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 0 ? '***' : `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
};

export function toMessageView(row: MessageOutboxRow) {
  return {
    id: row.id,
    channel: row.channel,
    template: row.template,
    recipient: maskedPhone(row.recipient),
    appointmentId: row.appointmentId,
    status: row.status,
    attempts: row.attempts,
    provider: row.provider,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Each event's template as the clinic registers it: its ZNS id, text and SMS text. */
export function registeredTemplates(config: MessagingConfig) {
  return (Object.keys(PHONE_TEMPLATES) as PhoneTemplateName[]).map((name) => ({
    name,
    urgent: PHONE_TEMPLATES[name].urgent,
    znsTemplateId: config.zalo?.templateIds[name] ?? SIMULATED_ZNS_TEMPLATE_IDS[name],
    zns: PHONE_TEMPLATES[name].zns,
    sms: PHONE_TEMPLATES[name].sms,
  }));
}
