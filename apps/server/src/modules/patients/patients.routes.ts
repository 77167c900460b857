import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPatientRequestSchema,
  addPatientResponseSchema,
  patientDetailQuerySchema,
  patientDetailSchema,
  patientListQuerySchema,
  patientPageSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { APPOINTMENT_READS } from '../../lib/read-cache';
import { errorResponses } from '../../plugins/errors';
import { addPatient, getPatientDetail, listPatients } from './patients.service';

const security = [{ bearerAuth: [] }];
const tags = ['patients'];

/** Patient Control (specification section 2): ADMIN and STAFF see every patient, a doctor those of his appointments. */
export const patientsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const readers = app.requirePermission('readPatients');

  app.get(
    '/patients',
    {
      schema: {
        tags,
        summary: 'Patients derived from appointments grouped by e-mail, in Vietnamese name order, with the three cards',
        security,
        querystring: patientListQuerySchema,
        response: { 200: patientPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: readers,
      // Each row's next appointment is the first after now: it changes when a slot begins.
      config: { cache: APPOINTMENT_READS, cachePerSlot: true },
    },
    async (req) => listPatients(deps, req.auth!, req.query),
  );

  app.get(
    '/patients/detail',
    {
      schema: {
        tags,
        summary: 'One patient by e-mail with the visit history the caller may see',
        security,
        querystring: patientDetailQuerySchema,
        response: { 200: patientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: readers,
      config: {
        accessLog: {
          target: 'PATIENT_DETAIL',
          subject: (req) => {
            const email = (req.query as { email?: unknown }).email;
            return typeof email === 'string' ? { subjectEmail: email.trim() } : {};
          },
        },
      },
    },
    async (req) => getPatientDetail(deps, req.auth!, req.query.email),
  );

  app.post(
    '/patients',
    {
      schema: {
        tags,
        summary:
          'Add Patient: a PATIENT account (user name = e-mail, temporary password shown once), linked to that e-mail’s bookings',
        security,
        body: addPatientRequestSchema,
        response: { 201: addPatientResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: app.requirePermission('createPatientAccounts'),
    },
    async (req, reply) => reply.code(201).send(await addPatient(deps, req.body)),
  );
};
