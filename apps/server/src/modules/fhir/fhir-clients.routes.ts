import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fhirClientIdParamsSchema, fhirClientSchema, registerFhirClientSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { listFhirClients, registerFhirClient, revokeFhirClient } from './fhir-clients.service';

/** ADMIN's outside systems of the FHIR endpoint (issue 38, docs/FHIR.md): list, register, revoke. */
export const fhirClientsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const guard = app.requirePermission('manageFhirClients');

  app.get(
    '/fhir-clients',
    {
      schema: {
        tags: ['fhir'],
        security: [{ bearerAuth: [] }],
        summary: 'The FHIR endpoint’s registered clients, revoked ones included',
        response: { 200: z.array(fhirClientSchema), ...errorResponses(401, 403) },
      },
      preHandler: guard,
    },
    async () => listFhirClients(deps),
  );

  app.post(
    '/fhir-clients',
    {
      schema: {
        tags: ['fhir'],
        security: [{ bearerAuth: [] }],
        summary:
          'Register a SMART Backend Services client: its client_id, its public key set (inline JWKS, RS384 or ES384) and the scopes it may ask for',
        body: registerFhirClientSchema,
        response: { 201: fhirClientSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: guard,
    },
    async (req, reply) => reply.status(201).send(await registerFhirClient(deps, req.auth!.id, req.body)),
  );

  app.post(
    '/fhir-clients/:id/revoke',
    {
      schema: {
        tags: ['fhir'],
        security: [{ bearerAuth: [] }],
        summary: 'Revoke a client: its tokens stop working at once, and it gets no new one',
        params: fhirClientIdParamsSchema,
        response: { 200: fhirClientSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: guard,
    },
    async (req) => revokeFhirClient(deps, req.params.id),
  );
};
