import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  appointmentPaymentConfirmationRequestSchema,
  emailSendResultSchema,
  genericEmailRequestSchema,
  paymentConfirmationEmailRequestSchema,
  updateNotificationRequestSchema,
} from '@clinic/shared';
import { errorResponses } from '../../plugins/errors';
import {
  sendAppointmentPaymentConfirmation,
  sendAppointmentUpdateNotification,
  sendGenericEmail,
  sendPaymentConfirmationFromPayload,
  type MailDeps,
} from './email.service';

const security = [{ bearerAuth: [] }];
const tags = ['email'];
const responses = { 200: emailSendResultSchema, ...errorResponses(400, 401, 403, 404) };

/**
 * The e-mail calls of specification section 7. success with a message containing 'simulated' when
 * no SMTP server is configured; success false with 'Email service temporarily unavailable' when
 * the server refuses (the e-mail stays queued and is retried).
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): MailDeps => ({ db: app.deps.database.db, mailer: app.deps.mailer, clock: app.deps.clock, log: app.log });
  const staff = app.requireRole('ADMIN', 'STAFF');

  app.post(
    '/appointments/:id/send-payment-confirmation',
    {
      schema: { tags, security, summary: 'E-mail the patient a payment confirmation', params: appointmentIdParamsSchema, body: appointmentPaymentConfirmationRequestSchema, response: responses },
      preHandler: staff,
    },
    async (req) => sendAppointmentPaymentConfirmation(deps(), req.params.id, req.body),
  );

  app.post(
    '/appointments/:id/send-update-notification',
    {
      schema: { tags, security, summary: 'E-mail the patient the list of changes', params: appointmentIdParamsSchema, body: updateNotificationRequestSchema, response: responses },
      preHandler: staff,
    },
    async (req) => sendAppointmentUpdateNotification(deps(), req.params.id, req.body),
  );

  app.post(
    '/email/send-payment-confirmation',
    {
      schema: { tags, security, summary: 'E-mail a payment confirmation from its payload', body: paymentConfirmationEmailRequestSchema, response: responses },
      preHandler: staff,
    },
    async (req) => sendPaymentConfirmationFromPayload(deps(), req.body),
  );

  app.post(
    '/email/send',
    {
      schema: { tags, security, summary: 'E-mail a text {to, subject, content}', body: genericEmailRequestSchema, response: responses },
      preHandler: staff,
    },
    async (req) => sendGenericEmail(deps(), req.body),
  );
};
