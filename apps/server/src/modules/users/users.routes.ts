import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MSG, pathIdSchema, userSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { deactivateUser, getProfile, getSpecialties } from './users.service';

const idParams = z.object({ id: pathIdSchema(ACCOUNT_MSG.invalidUserId) });

export const usersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {

  app.get(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, ...errorResponses(401) },
      },
      config: { allowPendingPasswordChange: true },
      preHandler: app.requireAuth,
    },
    async (req) => getProfile(deps.db, req.auth!.id),
  );

  app.get(
    '/users/specialties',
    {
      schema: {
        tags: ['users'],
        summary: 'Medical specialties a doctor can have',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(z.object({ code: z.string(), displayName: z.string() })), ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('readSpecialties'),
    },
    async () => getSpecialties(deps.db),
  );

  app.put(
    '/users/:id/deactivate',
    {
      schema: {
        tags: ['users'],
        summary: 'Deactivate an account: its tokens stop working at once',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('manageUsers'),
    },
    async (req) => deactivateUser(deps.db, req.params.id),
  );
};
