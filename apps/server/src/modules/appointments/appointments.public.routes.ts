import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  departmentSchema,
  publicAppointmentRequestSchema,
  publicAppointmentResponseSchema,
} from '@clinic/shared';
import { errorResponses } from '../../plugins/errors';
import { listDepartments } from '../departments/departments.repository';
import { checkAvailability, createPublicAppointment, type AppointmentDeps } from './appointments.service';

/** The calls the public booking page makes without a token (specification section 6). */
export const publicAppointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): AppointmentDeps => ({ db: app.deps.database.db, clock: app.deps.clock, timeZone: app.deps.config.clinicTz });

  app.get(
    '/appointments/public/departments',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'Departments a visitor can book',
        response: { 200: z.array(departmentSchema) },
      },
    },
    async () => listDepartments(app.deps.database.db),
  );

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
    async (req) => checkAvailability(deps(), req.query),
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
      preHandler: [
        app.optionalAuth,
        app.rateLimit({ name: 'public-write', limit: app.deps.config.rateLimitPublic, windowSeconds: 600 }),
      ],
    },
    async (req, reply) => reply.status(201).send(await createPublicAppointment(deps(), req.body, req.auth)),
  );
};
