import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  createUserRequestSchema,
  MSG,
  pathIdSchema,
  preferencesSchema,
  profileSchema,
  resetPasswordResponseSchema,
  updatePreferencesRequestSchema,
  updatedProfileSchema,
  updateProfileRequestSchema,
  updateUserRequestSchema,
  USER_BULK_ACTIONS,
  USER_MSG,
  userBulkRequestSchema,
  userBulkResultSchema,
  userListQuerySchema,
  userMessageSchema,
  userPageSchema,
  userRoleParamsSchema,
  userSchema,
  userSearchQuerySchema,
  userWithMessageSchema,
  type Role,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { ForbiddenError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import {
  activateUser,
  createUser,
  deactivateUser,
  deleteUser,
  getProfile,
  getSpecialties,
  getUser,
  listUsers,
  resetPassword,
  runUserBulkAction,
  searchUsers,
  updatePreferences,
  updateProfile,
  updateUser,
  usersByRole,
} from './users.service';

const idParams = z.object({ id: pathIdSchema(USER_MSG.invalidUserId) });
const tags = ['users'];
const security = [{ bearerAuth: [] }];

/**
 * The doctors of a picker are read by every back-office role (Booking Manager, Patient Control);
 * the accounts of any other role only by the users screen.
 */
async function mayListRole(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { role } = req.params as { role: Role };
  if (!can(req.auth?.role, role === 'DOCTOR' ? 'readSpecialties' : 'manageUsers'))
    throw new ForbiddenError(MSG.forbidden, 'FORBIDDEN');
}

/** Specification section 7 ("Users") and docs/PRODUCT.md §5: the users screen is ADMIN's, the profile everyone's own. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const manageUsers = app.requirePermission('manageUsers');
  const actor = (req: FastifyRequest) => ({ id: req.auth!.id });

  // ------------------------------------------------------------ the signed-in user

  app.get(
    '/users/profile',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user, and whether she must set up two-factor sign-in first',
        response: { 200: profileSchema, ...errorResponses(401) },
      },
      config: { allowPendingPasswordChange: true, allowPendingMfaEnrolment: true, cache: ['users'] },
      preHandler: app.requireAuth,
    },
    async (req) => getProfile(db, req.auth!),
  );

  app.put(
    '/users/profile',
    {
      schema: {
        tags,
        security,
        summary:
          'Update the signed-in user’s name, birth date, gender, phone and citizen identification number (e-mail, user name and role never change here)',
        body: updateProfileRequestSchema,
        response: { 200: updatedProfileSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requireAuth,
    },
    async (req) => updateProfile(db, req.auth!.id, req.body),
  );

  app.patch(
    '/users/profile/preferences',
    {
      schema: {
        tags,
        security,
        summary:
          'Set the signed-in user’s back-office language (en: the specification’s English texts; vi: Vietnamese)',
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesSchema, ...errorResponses(400, 401) },
      },
      preHandler: app.requireAuth,
    },
    async (req) => updatePreferences(db, req.auth!.id, req.body),
  );

  // ------------------------------------------------------------ reading

  app.get(
    '/users/specialties',
    {
      schema: {
        tags,
        security,
        summary: 'Medical specialties a doctor can have',
        response: {
          200: z.array(z.object({ code: z.string(), displayName: z.string() })),
          ...errorResponses(401, 403),
        },
      },
      preHandler: app.requirePermission('readSpecialties'),
    },
    async () => getSpecialties(db),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Accounts, paged, searched (name, user name, e-mail, phone) and filtered by role and status',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: manageUsers,
    },
    async (req) => listUsers(db, req.query),
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags,
        security,
        summary: 'Accounts whose name, user name or e-mail holds the text',
        querystring: userSearchQuerySchema,
        response: { 200: z.array(userSchema), ...errorResponses(400, 401, 403) },
      },
      preHandler: manageUsers,
    },
    async (req) => searchUsers(db, req.query.name),
  );

  app.get(
    '/users/role/:role',
    {
      schema: {
        tags,
        security,
        summary: 'Active accounts of a role in name order (DOCTOR: every back-office role; others: ADMIN)',
        params: userRoleParamsSchema,
        response: { 200: z.array(userSchema), ...errorResponses(400, 401, 403) },
      },
      preHandler: [app.requirePermission('readSpecialties'), mayListRole],
    },
    async (req) => usersByRole(db, req.params.role),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One account',
        params: idParams,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: manageUsers,
    },
    async (req) => getUser(db, req.params.id),
  );

  // ------------------------------------------------------------ changing accounts

  app.post(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Create a PATIENT, STAFF or DOCTOR account',
        body: createUserRequestSchema,
        response: { 201: userWithMessageSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: manageUsers,
    },
    async (req, reply) => reply.status(201).send(await createUser(db, req.body)),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Edit an account (not an administrator’s, not one’s own); switching it off or changing its role ends its sessions',
        params: idParams,
        body: updateUserRequestSchema,
        response: { 200: userWithMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: manageUsers,
    },
    async (req) => updateUser(deps, actor(req), req.params.id, req.body),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an account; its appointments, posts and comments stay',
        params: idParams,
        response: { 200: userMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: manageUsers,
    },
    async (req) => deleteUser(db, actor(req), req.params.id),
  );

  // Deactivate and activate: one route each, the same shape.
  const switches = [
    {
      path: '/users/:id/deactivate',
      summary: 'Deactivate an account: its tokens stop working at once',
      run: deactivateUser,
    },
    {
      path: '/users/:id/activate',
      summary: 'Activate an account again (tokens from before its deactivation stay invalid)',
      run: activateUser,
    },
  ];
  for (const { path, summary, run } of switches) {
    app.put(
      path,
      {
        schema: {
          tags,
          security,
          summary,
          params: idParams,
          response: { 200: userMessageSchema, ...errorResponses(400, 401, 403, 404) },
        },
        preHandler: manageUsers,
      },
      async (req) => run(deps, actor(req), req.params.id),
    );
  }

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        tags,
        security,
        summary: 'Give an account a temporary password, to be changed at the next sign-in; its sessions end',
        params: idParams,
        response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: manageUsers,
    },
    async (req) => resetPassword(db, actor(req), req.params.id),
  );

  for (const action of USER_BULK_ACTIONS) {
    app.post(
      `/users/bulk/${action}`,
      {
        schema: {
          tags,
          security,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} several accounts, with a report per account (administrators and oneself are skipped)`,
          body: userBulkRequestSchema,
          response: { 200: userBulkResultSchema, ...errorResponses(400, 401, 403) },
        },
        preHandler: manageUsers,
      },
      async (req) => runUserBulkAction(deps, actor(req), action, req.body.ids),
    );
  }
};
