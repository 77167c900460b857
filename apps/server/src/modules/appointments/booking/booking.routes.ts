import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentActionResponseSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  deskAppointmentRequestSchema,
  dayPlacesQuerySchema,
  dayPlacesResponseSchema,
  publicAppointmentRequestSchema,
  publicAppointmentResponseSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import { withEmailStatus } from '../life-cycle/appointment-emails.service';
import { createDeskAppointment } from './desk-booking.service';
import { checkAvailability, createPublicAppointment, dayPlaces } from './booking.service';
import { actor, security, tags } from '../route-kit';

/** Booking: the public booking page (specification section 6) and a booking at the front desk. */
export const bookingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const mail = { ...deps, log: app.log };
  // ------------------------------------------------------------ a booking at the desk (ADMIN, STAFF)

  app.post(
    '/appointments/desk',
    {
      schema: {
        tags,
        summary:
          'Book at the front desk (walk-in or phone): any free slot from the one under way (no two-hour lead), no e-mail needed, the consent taken in person recorded (channel DESK, the staff member), optionally confirmed with a doctor at once',
        description:
          '400: missing fields or consent, a past or closed slot, an unknown department, a doctor who is inactive or does not fit the department. 409 SLOT_FULL: the slot has no place left; ALREADY_BOOKED: this phone or e-mail holds the slot; DOCTOR_BUSY: the doctor has another visit at that hour.',
        security,
        body: deskAppointmentRequestSchema,
        response: { 201: appointmentActionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: app.requirePermission('bookAtDesk'),
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await withEmailStatus(mail, await createDeskAppointment(deps, req.body, actor(req), deps.config.publicUrl)),
        ),
  );

  app.get(
    '/appointments/desk/availability',
    {
      schema: {
        tags,
        summary:
          'Whether the desk may book a slot: as the public availability, but from the slot under way (no two-hour lead)',
        security,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('bookAtDesk'),
    },
    async (req) => checkAvailability(deps, req.query, 'desk'),
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
};
