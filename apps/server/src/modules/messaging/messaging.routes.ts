import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryAckSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messageResendResultSchema,
  MESSAGING_TEXT as T,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import {
  findMessage,
  listMessages,
  recordDeliveryReport,
  registeredTemplates,
  resendMessage,
  toMessageView,
} from './messaging.service';
import { callbackKey, signatureMatches, zaloEventSignature } from './providers';

const security = [{ bearerAuth: [] }];
const tags = ['messages'];

/**
 * Zalo and SMS (issue 27): the staff's list and resend, and the providers' delivery callbacks
 * (signed; a repeat changes nothing).
 */
export const messagingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const staff = app.requirePermission('manageBookings');
  const messaging = { ...deps, log: app.log };

  // Zalo signs the raw body: these routes keep it beside the parsed one.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as unknown as { rawBody: string }).rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (err) {
      (err as { statusCode?: number }).statusCode = 400;
      done(err as Error, undefined);
    }
  });

  app.get(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Recent Zalo and SMS messages with their status, and the templates as registered',
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: staff,
    },
    async (req) => ({
      messages: (await listMessages(deps.db, { ...req.query, limit: 200 })).map(toMessageView),
      templates: registeredTemplates(deps.config.messaging),
    }),
  );

  app.post(
    '/messages/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send a message again (Zalo first, SMS when Zalo cannot deliver)',
        params: messageIdParamsSchema,
        response: { 200: messageResendResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: staff,
    },
    async (req) => {
      if (!(await findMessage(deps.db, req.params.id))) throw new NotFoundError(T.messageNotFound);
      const sent = await resendMessage(messaging, req.params.id);
      if (!sent) throw new NotFoundError(T.messageNotFound);
      return { message: T.resent, sent: toMessageView(sent) };
    },
  );

  app.post(
    '/messages/callbacks/zalo',
    {
      schema: {
        tags,
        summary: 'Zalo delivery event (user_received_message), signed X-ZEvent-Signature',
        headers: z.object({ 'x-zevent-signature': z.string().max(200).optional() }).passthrough(),
        body: z
          .object({
            event_name: z.string().max(100),
            timestamp: z.string().max(20).optional(),
            app_id: z.string().max(100).optional(),
            message: z
              .object({ msg_id: z.string().max(200).optional(), tracking_id: z.string().max(100).optional() })
              .passthrough(),
          })
          .passthrough(),
        response: { 200: deliveryAckSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const raw = (req as unknown as { rawBody?: string }).rawBody ?? '';
      const expected = zaloEventSignature(
        req.body.app_id ?? '',
        raw,
        req.body.timestamp ?? '',
        deps.config.messaging.zaloOaSecret,
      );
      if (!signatureMatches(expected, req.headers['x-zevent-signature'])) throw new UnauthorizedError(T.badSignature);
      if (req.body.event_name !== 'user_received_message') return { ok: true };
      const updated = await recordDeliveryReport(
        deps,
        'zalo',
        req.body.message.tracking_id
          ? { trackingId: req.body.message.tracking_id }
          : { providerMessageId: req.body.message.msg_id ?? '' },
        true,
        null,
      );
      return { ok: updated != null };
    },
  );

  app.get(
    '/messages/callbacks/sms',
    {
      schema: {
        tags,
        summary: 'SMS delivery report (eSMS CallbackUrl), signed by the key in the address we gave',
        querystring: z
          .object({
            ref: z.string().regex(/^[0-9a-f]{32}$/),
            key: z.string().max(100),
            SMSID: z.string().max(200).optional(),
            SendStatus: z.string().max(5).optional(),
          })
          .passthrough(),
        response: { 200: deliveryAckSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const expected = callbackKey(deps.config.messaging.callbackSecret, req.query.ref);
      if (!signatureMatches(expected, req.query.key)) throw new UnauthorizedError(T.badSignature);
      // 5: sent successfully; 4: refused. 1, 2 and 7 are still on the way.
      const status = req.query.SendStatus;
      if (status !== '5' && status !== '4') return { ok: true };
      const updated = await recordDeliveryReport(
        deps,
        'sms',
        { trackingId: req.query.ref },
        status === '5',
        status === '4' ? 'eSMS SendStatus 4' : null,
      );
      return { ok: updated != null };
    },
  );
};
