import { createHash, randomUUID } from 'node:crypto';
import { APPOINTMENT_MSG, CLINIC, mobileMsisdn, type EmailSendResult } from '@clinic/shared';
import type { Db } from '../../db/client';
import { findDepartmentName } from '../departments/departments.service';
import {
  bodyOf,
  deliverEmailNow,
  genericEmail,
  paymentConfirmationEmail,
  phoneOf,
  type MailDeps,
  type OutboxEmail,
  type RenderedEmail,
} from '../email/email.service';
import {
  insertMessages,
  isPhoneTemplate,
  PHONE_TEMPLATES,
  znsData,
  type NewMessage,
  type PhoneParams,
} from '../messaging/messaging.service';
import { insertEmails, type NewEmail } from './notifications.repository';

/**
 * Every event that tells a person something is written here, to both outboxes: the e-mail (modules/email
 * sends it) and the same event to her phone, Zalo first, else SMS (modules/messaging sends it; issue 27).
 * One builder makes the rows (outboxRowsOf) for the booking's own call to the database
 * (appointment-making.service.ts) and for every other change (enqueueNotifications), in the
 * transaction of the change that causes them: a change that fails tells no one.
 */

/** What an event tells a phone: the e-mail kind it goes with, the person's number and the facts. */
export type PhoneEvent = {
  kind: string;
  phone: string | null | undefined;
  appointmentId: number | null;
  params: PhoneParams;
};

/**
 * One event for one person: an e-mail (its `phoneTo` or its data's phone gets the same event; `to` ''
 * when she gave no address: then only that), or a message to her phone alone (a one-time code, an
 * answer to the phone she gave).
 */
export type Notice = OutboxEmail | PhoneEvent;

export type OutboxRows = { emails: NewEmail[]; messages: NewMessage[] };

/** The phone message of an e-mail's event, with its private link in the short form SMS can carry. */
function phoneEventOf(e: OutboxEmail): PhoneEvent[] {
  const to = 'data' in e ? phoneOf(e.data) : (e.phoneTo ?? null);
  if (!to) return [];
  return [
    {
      kind: e.kind,
      phone: to.phone,
      appointmentId: e.appointmentId,
      params: {
        customer_name: to.fullName,
        date: to.appointmentDate,
        time: to.appointmentTime,
        link: to.link ? shortLink(to.link) : null,
        // A refund's message names its amount, way and time (issue 35); a template without them drops them.
        amount: to.amount ?? null,
        way: to.refundWay ?? null,
        days: CLINIC.refundDays,
      },
    },
  ];
}

const PRIVATE_LINK = /^(.*)\/(?:appointment\/manage|appointment\/waiting|pay)\/([A-Za-z0-9_-]{22})[A-Za-z0-9_-]{21}$/;
const shortLink = (link: string) => link.replace(PRIVATE_LINK, '$1/l/$2');

/** One id per event, person and moment (and one-time code): the providers' idempotency key (a retry sends nothing twice). */
function trackingIdOf(event: PhoneEvent, recipient: string, now: Date): string {
  return createHash('sha256')
    .update(
      `${event.kind}|${event.appointmentId ?? ''}|${recipient}|${event.params.date}|${event.params.time}|${now.toISOString()}` +
        // Each one-time code is its own message, however close together two are asked for (a random
        // part, never the code: the id goes to the providers and staff, and would give it away).
        (event.params.code ? `|${randomUUID()}` : ''),
    )
    .digest('hex')
    .slice(0, 32);
}

/**
 * Each event's phone message, Zalo first: one per event and person. A number that is no Vietnamese
 * mobile, or an event without a phone template, gets none. Urgent ones go at any hour, the others are
 * held by messaging's worker until the clinic's day.
 */
function phoneMessagesOf(events: PhoneEvent[], now: Date): NewMessage[] {
  return events.flatMap((event) => {
    const recipient = mobileMsisdn(event.phone);
    if (!recipient || !isPhoneTemplate(event.kind)) return [];
    return [
      {
        channel: 'zalo' as const,
        template: event.kind,
        recipient,
        data: znsData(event.params, event.kind),
        appointmentId: event.appointmentId,
        trackingId: trackingIdOf(event, recipient, now),
        urgent: PHONE_TEMPLATES[event.kind].urgent,
        nextAttemptAt: now,
      },
    ];
  });
}

const isPhoneOnly = (n: Notice): n is PhoneEvent => 'params' in n;

/** The outbox rows of these notices: each e-mail with an address, and each event's phone message. */
export function outboxRowsOf(notices: Notice[], now: Date): OutboxRows {
  const emails = notices.filter((n): n is OutboxEmail => !isPhoneOnly(n));
  const events = notices.flatMap((n) => (isPhoneOnly(n) ? [n] : phoneEventOf(n)));
  return {
    emails: emails
      .filter((e) => e.to !== '')
      .map((e) => ({
        kind: e.kind,
        toAddress: e.to,
        subject: e.subject,
        ...bodyOf(e),
        attachments: e.attachments,
        appointmentId: e.appointmentId,
      })),
    messages: phoneMessagesOf(events, now),
  };
}

/**
 * Writes the notices to both outboxes, inside the transaction of the change that causes them.
 * Answers the e-mails' ids (an action may try them at once: email.service's deliverNow).
 */
export async function enqueueNotifications(db: Db, notices: Notice[], now: Date): Promise<number[]> {
  const rows = outboxRowsOf(notices, now);
  await insertMessages(db, rows.messages, now);
  return insertEmails(db, rows.emails, now);
}

/**
 * The e-mail calls of specification section 7: the mail goes through the outbox like every other,
 * and is tried at once. A failure keeps it queued for the worker and says
 * 'Email service temporarily unavailable'; without SMTP the answer says 'simulated'.
 */
export async function sendEmailNow(deps: MailDeps, email: RenderedEmail): Promise<EmailSendResult> {
  const [id] = await enqueueNotifications(deps.db, [email], deps.clock.now());
  if (id == null) return { success: false, message: APPOINTMENT_MSG.emailUnavailable, status: 'queued' };
  const outcome = await deliverEmailNow(deps, id);
  if (outcome === 'sent') return { success: true, message: APPOINTMENT_MSG.emailSent, status: 'sent' };
  if (outcome === 'simulated') return { success: true, message: APPOINTMENT_MSG.emailSimulated, status: 'simulated' };
  return { success: false, message: APPOINTMENT_MSG.emailUnavailable, status: 'queued' };
}

export async function sendPaymentConfirmationFromPayload(
  deps: MailDeps,
  p: {
    patientEmail: string;
    patientName: string;
    appointmentDate: string;
    appointmentTime: string;
    department: string;
    paymentAmount?: number;
  },
) {
  // The payload may carry a department code or its name.
  const departmentName = (await findDepartmentName(deps.db, p.department)) ?? p.department;
  return sendEmailNow(
    deps,
    paymentConfirmationEmail({
      id: null,
      fullName: p.patientName,
      email: p.patientEmail,
      appointmentDate: p.appointmentDate,
      appointmentTime: p.appointmentTime,
      departmentName,
      amount: p.paymentAmount ?? null,
    }),
  );
}

export async function sendGenericEmail(deps: MailDeps, body: { to: string; subject: string; content: string }) {
  return sendEmailNow(deps, genericEmail(body.to, body.subject, body.content));
}
