import { APPOINTMENT_MSG, type EmailSendResult } from '@clinic/shared';
import type { Db } from '../../db/client';
import type { EmailOutboxRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { mailDataOfView } from '../appointments/appointment-mail';
import { findAppointmentView, findDepartment, markAppointmentEmailSent } from '../appointments/appointments.repository';
import {
  claimDueEmails,
  claimEmailById,
  enqueueEmails,
  markEmailDelivered,
  markEmailFailed,
  markEmailRetry,
} from './email.repository';
import { genericEmail, paymentConfirmationEmail, updateNotificationEmail, type RenderedEmail } from './templates';

export type MailDeps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
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
  try {
    await deps.mailer.send({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text, attachments: row.attachments });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.log?.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'e-mail not sent');
    if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
      await markEmailFailed(deps.db, row.id, message.slice(0, 1000));
      return 'failed';
    }
    await markEmailRetry(deps.db, row.id, new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts)), message.slice(0, 1000));
    return 'retry';
  }
  const status = deps.mailer.kind === 'smtp' ? 'sent' : 'simulated';
  await markEmailDelivered(deps.db, row.id, status, deps.clock.now());
  if (row.appointmentId != null) await markAppointmentEmailSent(deps.db, row.appointmentId);
  return status;
}

export type OutboxRun = Record<DeliveryOutcome, number>;

/** Sends what is due, batch after batch, until nothing is due (or `maxBatches` ran). */
export async function processDueEmails(deps: MailDeps, options: { batchSize?: number; maxBatches?: number } = {}): Promise<OutboxRun> {
  const batchSize = options.batchSize ?? 10;
  const run: OutboxRun = { sent: 0, simulated: 0, retry: 0, failed: 0 };
  for (let i = 0; i < (options.maxBatches ?? 10); i++) {
    const now = deps.clock.now();
    const claimed = await claimDueEmails(deps.db, now, new Date(now.getTime() + LEASE_MS), batchSize);
    for (const row of claimed) run[await deliver(deps, row)] += 1;
    if (claimed.length < batchSize) break;
  }
  return run;
}

/**
 * The e-mail calls of specification section 7: the mail goes through the outbox like every other,
 * and is tried at once. A failure keeps it queued for the worker and says
 * 'Email service temporarily unavailable'; without SMTP the answer says 'simulated'.
 */
export async function sendEmailNow(deps: MailDeps, email: RenderedEmail): Promise<EmailSendResult> {
  const now = deps.clock.now();
  const [id] = await enqueueEmails(deps.db, [email], now);
  const claimed = await claimEmailById(deps.db, id!, now, new Date(now.getTime() + LEASE_MS));
  const outcome = claimed ? await deliver(deps, claimed) : 'retry';
  if (outcome === 'sent') return { success: true, message: APPOINTMENT_MSG.emailSent, status: 'sent' };
  if (outcome === 'simulated') return { success: true, message: APPOINTMENT_MSG.emailSimulated, status: 'simulated' };
  return { success: false, message: APPOINTMENT_MSG.emailUnavailable, status: 'queued' };
}

async function appointmentMail(db: Db, id: number) {
  const view = await findAppointmentView(db, id);
  if (!view) throw new NotFoundError(APPOINTMENT_MSG.notFound, 'APPOINTMENT_NOT_FOUND');
  const data = mailDataOfView(view);
  if (!data) throw new BadRequestError(APPOINTMENT_MSG.emailNoAddress, 'NO_EMAIL_ADDRESS');
  return data;
}

export async function sendAppointmentPaymentConfirmation(deps: MailDeps, id: number, body: { paymentAmount?: number } | null | undefined) {
  const data = await appointmentMail(deps.db, id);
  return sendEmailNow(deps, paymentConfirmationEmail({ ...data, amount: body?.paymentAmount ?? data.amount }));
}

export async function sendAppointmentUpdateNotification(deps: MailDeps, id: number, body: { patientEmail?: string; changes?: string[] } | null | undefined) {
  const data = await appointmentMail(deps.db, id);
  return sendEmailNow(deps, updateNotificationEmail({ ...data, email: body?.patientEmail ?? data.email }, body?.changes ?? []));
}

export async function sendPaymentConfirmationFromPayload(
  deps: MailDeps,
  p: { patientEmail: string; patientName: string; appointmentDate: string; appointmentTime: string; department: string; paymentAmount?: number },
) {
  // The payload may carry a department code or its name.
  const department = await findDepartment(deps.db, p.department);
  return sendEmailNow(
    deps,
    paymentConfirmationEmail({
      id: null,
      fullName: p.patientName,
      email: p.patientEmail,
      appointmentDate: p.appointmentDate,
      appointmentTime: p.appointmentTime,
      departmentName: department?.departmentName ?? p.department,
      amount: p.paymentAmount ?? null,
    }),
  );
}

export async function sendGenericEmail(deps: MailDeps, body: { to: string; subject: string; content: string }) {
  return sendEmailNow(deps, genericEmail(body.to, body.subject, body.content));
}
