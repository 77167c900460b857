import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departmentCodeParamsSchema, departmentDepositRequestSchema, departmentSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { listDepartments, setDepartmentDeposit } from './departments.service';

/** The departments list of the booking form (a public call, specification section 6), and ADMIN's settings. */
export const departmentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/appointments/public/departments',
    {
      schema: {
        tags: ['appointments (public)'],
        summary: 'Departments a visitor can book',
        response: { 200: z.array(departmentSchema) },
      },
      config: { cache: ['departments', 'medical_specialties'] },
    },
    async () => listDepartments(deps.db),
  );

  app.put(
    '/departments/:code/deposit',
    {
      schema: {
        tags: ['departments'],
        security: [{ bearerAuth: [] }],
        summary:
          'Set the deposit a public booking in this department pays to hold its slot 15 minutes (null: none, the default)',
        params: departmentCodeParamsSchema,
        body: departmentDepositRequestSchema,
        response: { 200: departmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('manageDepartments'),
      // A department's code (OBSTETRICS) opens nothing: the request log keeps it.
      config: { plainPathParams: ['code'] },
    },
    async (req) => setDepartmentDeposit(deps.db, req.params.code, req.body.depositAmount),
  );
};
