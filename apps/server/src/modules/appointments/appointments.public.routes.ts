import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, availabilityResponseSchema, publicAppointmentRequestSchema, publicAppointmentResponseSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { checkAvailability, createPublicAppointment } from './booking.service';

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

  app.post(
    '/appointments/public',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'Book an appointment; a signed-in patient’s booking is linked to the account',
        body: publicAppointmentRequestSchema,
        response: { 201: publicAppointmentResponseSchema, ...errorResponses(400, 409, 429) },
      },
      preHandler: [app.optionalAuth, app.publicWrite],
    },
    async (req, reply) => reply.status(201).send(await createPublicAppointment(deps, req.body, req.auth)),
  );
};
