import { APPOINTMENT_MSG as M, type AppointmentMessages } from '@clinic/shared';
import type { Db } from '../../../db/client';
import { BadRequestError } from '../../../lib/errors';
import {
  deliverNow,
  listEmailsAbout,
  paymentConfirmationEmail,
  updateNotificationEmail,
  type ImmediateDelivery,
  type MailDeps,
} from '../../email/email.service';
import { listMessages, maskedEmail, maskedPhone } from '../../messaging/messaging.service';
import { assertCanSee, notFound, type Actor, type AppointmentDeps } from '../appointment-access';
import { mailDataOfView } from '../appointment-mail';
import { findAppointment, findAppointmentView, markAppointmentEmailSent } from '../appointments.repository';
import { sendEmailNow } from '../../notifications/notifications.service';

async function appointmentMail(db: Db, id: number) {
  const view = await findAppointmentView(db, id);
  if (!view) throw notFound();
  const data = mailDataOfView(view);
  if (!data?.email) throw new BadRequestError(M.emailNoAddress, 'NO_EMAIL_ADDRESS');
  return data;
}

/** POST /api/appointments/{id}/send-payment-confirmation (specification section 7). */
export async function sendAppointmentPaymentConfirmation(
  deps: MailDeps,
  id: number,
  body: { paymentAmount?: number } | null | undefined,
) {
  const data = await appointmentMail(deps.db, id);
  return sendEmailNow(deps, paymentConfirmationEmail({ ...data, amount: body?.paymentAmount ?? data.amount }));
}

/** POST /api/appointments/{id}/send-update-notification (specification section 7). */
export async function sendAppointmentUpdateNotification(
  deps: MailDeps,
  id: number,
  body: { patientEmail?: string; changes?: string[] } | null | undefined,
) {
  const data = await appointmentMail(deps.db, id);
  return sendEmailNow(
    deps,
    updateNotificationEmail({ ...data, email: body?.patientEmail ?? data.email }, body?.changes ?? []),
  );
}

/** The outbox delivered an e-mail: when it was about an appointment, the appointment's emailSent says so. */
export async function noteAppointmentEmailSent(db: Db, email: { appointmentId: number | null }): Promise<void> {
  if (email.appointmentId != null) await markAppointmentEmailSent(db, email.appointmentId);
}

/** A staff action's answer, once its e-mails were tried at once: the screen tells whether the patient was told. */
export async function withEmailStatus<T extends { emailIds: number[] }>(
  deps: MailDeps,
  result: T,
): Promise<Omit<T, 'emailIds'> & { emailStatus: ImmediateDelivery }> {
  const { emailIds, ...rest } = result;
  return { ...rest, emailStatus: await deliverNow(deps, emailIds) };
}

/**
 * GET /api/appointments/{id}/messages: what was sent about it (e-mail, Zalo, SMS), to whom (masked),
 * for which event, and whether it arrived; never the text. Oldest first, as its history.
 */
export async function appointmentMessages(
  deps: Pick<AppointmentDeps, 'db'>,
  id: number,
  actor: Actor,
): Promise<AppointmentMessages> {
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  assertCanSee(actor, row);
  const [emails, phone] = await Promise.all([
    listEmailsAbout(deps.db, id),
    listMessages(deps.db, { appointmentId: id }),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const messages = [
    ...emails.map((e) => ({
      channel: 'email' as const,
      event: e.kind,
      recipient: maskedEmail(e.toAddress),
      status: e.status,
      createdAt: e.createdAt,
      sentAt: iso(e.sentAt),
      deliveredAt: null,
    })),
    ...phone.map((m) => ({
      channel: m.channel,
      event: m.template,
      recipient: maskedPhone(m.recipient),
      status: m.status,
      createdAt: m.createdAt,
      sentAt: iso(m.sentAt),
      deliveredAt: iso(m.deliveredAt),
    })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
