import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  manageLinkSentResponseSchema,
  manageActionResponseSchema,
  manageCancelRequestSchema,
  managedAppointmentSchema,
  manageRescheduleRequestSchema,
  manageTokenParamsSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import { withEmailStatus } from '../life-cycle/appointment-emails.service';
import {
  resendManageLink,
  cancelByLink,
  getManagedAppointment,
  managedCalendar,
  rescheduleByLink,
} from './manage-link.service';
import { action, actor } from '../route-kit';

/** The patient's private management link (docs/PRODUCT.md §10): her calls, and staff resending it. */
export const privateLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const mail = { ...deps, log: app.log };
  app.post(
    '/appointments/:id/manage-link',
    {
      schema: {
        ...action,
        summary: '‘Gửi lại liên kết’: e-mail the patient a new private management link; the old one stops working',
        response: { 200: manageLinkSentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('sendEmail'),
    },
    async (req) =>
      withEmailStatus(mail, await resendManageLink(deps, req.params.id, actor(req), deps.config.publicUrl)),
  );

  // The private management link (docs/PRODUCT.md §10): the token is the only key, so every call,
  // reads included, spends the link's own public-write budget, and a wrong token a miss of the
  // visitor's address (RATE_LIMIT_LINK_MISSES: no guessing run).
  const linkTags = ['appointments (manage by link)'];
  app.get(
    '/appointments/manage/:token',
    {
      schema: {
        tags: linkTags,
        summary: 'The appointment behind a private link, as its patient sees it, and what she may do now',
        params: manageTokenParamsSchema,
        response: { 200: managedAppointmentSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getManagedAppointment(deps, req.params.token);
    },
  );
  app.post(
    '/appointments/manage/:token/cancel',
    {
      schema: {
        tags: linkTags,
        summary: 'Cancel through the link, with a reason (My Appointments’ rules)',
        params: manageTokenParamsSchema,
        body: manageCancelRequestSchema,
        response: { 200: manageActionResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => cancelByLink(deps, req.params.token, req.body),
  );
  app.post(
    '/appointments/manage/:token/reschedule',
    {
      schema: {
        tags: linkTags,
        summary:
          'Move the visit to another free slot of the same department (every booking rule; a doctor who was asked is asked again)',
        params: manageTokenParamsSchema,
        body: manageRescheduleRequestSchema,
        response: { 200: manageActionResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => rescheduleByLink(deps, req.params.token, req.body),
  );
  app.get(
    '/appointments/manage/:token/calendar.ics',
    {
      schema: {
        tags: linkTags,
        summary: 'The visit as an iCalendar file',
        params: manageTokenParamsSchema,
        produces: ['text/calendar'],
        response: errorResponses(400, 404, 429),
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      const { id, ics } = await managedCalendar(deps, req.params.token);
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="lich-kham-${id}.ics"`)
          .type('text/calendar; charset=utf-8')
          // Text as it is: the route's schemas type only the JSON of its errors.
          .send(ics as never)
      );
    },
  );
};
