import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  slotWaitingListQuerySchema,
  slotWaitingListSchema,
  waitingEntryIdParamsSchema,
  waitingActionResponseSchema,
  waitingClaimResponseSchema,
  waitingEntryViewSchema,
  waitingListJoinRequestSchema,
  waitingListJoinResponseSchema,
  waitingTokenParamsSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import {
  listSlotWaiting,
  removeWaitingEntry,
  claimWaitingOffer,
  joinWaitingList,
  leaveWaitingList,
  viewWaitingEntry,
} from './waiting-list.service';
import { security, tags } from '../route-kit';

/** A full slot's waiting list: joining, her link's calls, and the booking detail's view of it. */
export const waitingListRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // ------------------------------------------------------------ a slot's waiting list (the booking detail)

  const waitingRoute = { tags, security };
  app.get(
    '/appointments/waiting-list',
    {
      schema: {
        ...waitingRoute,
        summary: 'The waiting list of one slot: open entries first, in line order',
        querystring: slotWaitingListQuerySchema,
        response: { 200: slotWaitingListSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => listSlotWaiting(deps, req.query),
  );
  app.delete(
    '/appointments/waiting-list/entries/:id',
    {
      schema: {
        ...waitingRoute,
        summary: 'Take someone off a waiting list (an offer she held passes to the next)',
        params: waitingEntryIdParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => removeWaitingEntry(deps, req.params.id),
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
};
