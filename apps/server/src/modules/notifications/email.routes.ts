import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailSendResultSchema,
  genericEmailRequestSchema,
  paymentConfirmationEmailRequestSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { sendGenericEmail, sendPaymentConfirmationFromPayload } from './notifications.service';

const security = [{ bearerAuth: [] }];
const tags = ['email'];
const responses = { 200: emailSendResultSchema, ...errorResponses(400, 401, 403, 404) };

/**
 * The e-mail calls of specification section 7. success with a message containing 'simulated' when
 * no SMTP server is configured; success false with 'Email service temporarily unavailable' when
 * the server refuses (the e-mail stays queued and is retried).
 */
export const emailRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const mail = { ...deps, log: app.log };
  const staff = app.requirePermission('sendEmail');

  app.post(
    '/email/send-payment-confirmation',
    {
      schema: {
        tags,
        security,
        summary: 'E-mail a payment confirmation from its payload',
        body: paymentConfirmationEmailRequestSchema,
        response: responses,
      },
      preHandler: staff,
    },
    async (req) => sendPaymentConfirmationFromPayload(mail, req.body),
  );

  app.post(
    '/email/send',
    {
      schema: {
        tags,
        security,
        summary: 'E-mail a text {to, subject, content}',
        body: genericEmailRequestSchema,
        response: responses,
      },
      preHandler: staff,
    },
    async (req) => sendGenericEmail(mail, req.body),
  );
};
