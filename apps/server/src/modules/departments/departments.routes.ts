import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departmentSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { listDepartments } from './departments.service';

/** The departments list of the booking form (a public call, specification section 6). */
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
};
