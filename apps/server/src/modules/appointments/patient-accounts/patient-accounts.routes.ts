import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkIdsRequestSchema, createAccountsResultSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import { createPatientAccounts } from './create-accounts.service';
import { security, tags } from '../route-kit';

/** Accounts for the people who booked signed out (bulk create-accounts). */
export const patientAccountsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.post(
    '/appointments/bulk/create-accounts',
    {
      schema: {
        tags,
        security,
        summary:
          'One PATIENT account per distinct e-mail of the chosen appointments, each with a temporary password shown once',
        body: bulkIdsRequestSchema,
        response: { 200: createAccountsResultSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('createPatientAccounts'),
    },
    async (req) => createPatientAccounts(deps, req.body.ids),
  );
};
