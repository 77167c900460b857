import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  calendarFeedTokenParamsSchema,
  dayPlacesQuerySchema,
  dayPlacesResponseSchema,
  manageActionResponseSchema,
  manageCancelRequestSchema,
  managedAppointmentSchema,
  manageRescheduleRequestSchema,
  manageTokenParamsSchema,
  publicAppointmentRequestSchema,
  publicAppointmentResponseSchema,
  waitingActionResponseSchema,
  waitingClaimResponseSchema,
  waitingEntryViewSchema,
  waitingListJoinRequestSchema,
  waitingListJoinResponseSchema,
  waitingTokenParamsSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { checkAvailability, createPublicAppointment, dayPlaces } from './booking.service';
import { calendarFeedIcs } from './calendar-feed.service';
import { cancelByLink, getManagedAppointment, managedCalendar, rescheduleByLink } from './manage-link.service';
import { claimWaitingOffer, joinWaitingList, leaveWaitingList, viewWaitingEntry } from './waiting-list.service';

/** The calls the public booking page makes without a token (specification section 6). */
export const publicAppointmentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/appointments/public/availability',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'Whether a slot (date, time, department) can still be booked, and why not',
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400) },
      },
    },
    async (req) => checkAvailability(deps, req.query),
  );

  app.get(
    '/appointments/public/slots',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'The places left in every slot of one day of one department (full, a few left), for the time tiles',
        querystring: dayPlacesQuerySchema,
        response: { 200: dayPlacesResponseSchema, ...errorResponses(400) },
      },
    },
    async (req) => dayPlaces(deps, req.query),
  );

  app.post(
    '/appointments/public',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'Book an appointment; a signed-in patient’s booking is linked to the account',
        body: publicAppointmentRequestSchema,
        response: { 201: publicAppointmentResponseSchema, ...errorResponses(400, 409, 429) },
      },
      // Counted per contact and, with a higher ceiling, per address: a lobby's patients all book.
      preHandler: [app.optionalAuth, app.publicBooking],
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await createPublicAppointment(
            deps,
            req.body,
            req.auth,
            deps.config.publicUrl,
            deps.payments.methods(deps.config),
          ),
        ),
  );

  // The private management link (docs/PRODUCT.md §10): the token is the only key, so every call,
  // reads included, spends the link's own public-write budget, and a wrong token a miss of the
  // visitor's address (RATE_LIMIT_LINK_MISSES: no guessing run).
  const tags = ['appointments (manage by link)'];
  app.get(
    '/appointments/manage/:token',
    {
      schema: {
        tags,
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
        tags,
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
        tags,
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
        tags,
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

  // The waiting list of a full slot (docs/PRODUCT.md §10): joining is counted as a booking (per
  // contact and per address), every call of its private link per link, as the management link's.
  const waitingTags = ['appointments (waiting list)'];
  app.post(
    '/appointments/waiting-list',
    {
      schema: {
        tags: waitingTags,
        summary:
          'Wait for a full slot: the first freed place is offered by e-mail and held 30 minutes (an e-mail is required)',
        body: waitingListJoinRequestSchema,
        response: { 201: waitingListJoinResponseSchema, ...errorResponses(400, 409, 429) },
      },
      preHandler: app.publicBooking,
    },
    async (req, reply) => reply.status(201).send(await joinWaitingList(deps, req.body, deps.config.publicUrl)),
  );
  app.get(
    '/appointments/waiting-list/:token',
    {
      schema: {
        tags: waitingTags,
        summary: 'Her place in line, or the offer she holds',
        params: waitingTokenParamsSchema,
        response: { 200: waitingEntryViewSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => viewWaitingEntry(deps, req.params.token),
  );
  app.post(
    '/appointments/waiting-list/:token/claim',
    {
      schema: {
        tags: waitingTags,
        summary: 'Take the offered place: a booking is made (one claim wins; never beyond the capacity)',
        params: waitingTokenParamsSchema,
        response: { 201: waitingClaimResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => reply.status(201).send(await claimWaitingOffer(deps, req.params.token)),
  );
  app.post(
    '/appointments/waiting-list/:token/leave',
    {
      schema: {
        tags: waitingTags,
        summary: 'Leave the line (a held offer passes to the next)',
        params: waitingTokenParamsSchema,
        response: { 200: waitingActionResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => leaveWaitingList(deps, req.params.token),
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
