import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedRevokedSchema,
  calendarFeedStatusSchema,
  calendarFeedTokenParamsSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed, calendarFeedIcs } from './calendar-feed.service';
import { actor, security, tags } from '../route-kit';

/** A doctor's calendar subscription: his feed, and its address's management (issue 13). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // ------------------------------------------------------------ a doctor's calendar subscription (issue 13)

  const feedRoute = { tags, security };
  const feedGuard = app.requirePermission('subscribeCalendar');
  app.get(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'Whether the signed-in doctor has a calendar subscription address',
        response: { 200: calendarFeedStatusSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req) => calendarFeedStatus(deps, actor(req)),
  );
  app.post(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'A new calendar subscription address (shown once); the previous one stops working',
        response: { 200: calendarFeedCreatedSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return createCalendarFeed(deps, actor(req), deps.config.publicUrl);
    },
  );
  app.delete(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'Revoke the calendar subscription address',
        response: { 200: calendarFeedRevokedSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req) => revokeCalendarFeed(deps, actor(req)),
  );

  // A doctor's calendar subscription: his calendar app fetches it every hour or so, without a
  // token of a session, so the address's own token is the key; a wrong one costs the address.
  app.get(
    '/appointments/calendar-feed/:token',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'A doctor’s confirmed and paid visits as an iCalendar subscription (no phone numbers, e-mails or reasons)',
        params: calendarFeedTokenParamsSchema,
        produces: ['text/calendar'],
        response: errorResponses(400, 404, 429),
      },
      preHandler: app.rateLimit({ name: 'calendar-feed', limit: 120, windowSeconds: 600 }),
    },
    async (req, reply) => {
      const ics = await calendarFeedIcs(deps, req.params.token);
      return (
        reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .type('text/calendar; charset=utf-8')
          // Text as it is: the route's schemas type only the JSON of its errors.
          .send(ics as never)
      );
    },
  );
};
