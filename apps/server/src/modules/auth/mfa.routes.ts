import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mfaConfirmRequestSchema,
  mfaDisableResponseSchema,
  mfaEnableRequestSchema,
  mfaEnableResponseSchema,
  mfaRecoveryCodesResponseSchema,
  mfaSetupResponseSchema,
  mfaStatusSchema,
  MSG,
  pathIdSchema,
  resetMfaResponseSchema,
  USER_MSG,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import {
  disableSecondFactor,
  enableSecondFactor,
  mfaStatus,
  renewRecoveryCodes,
  resetSecondFactor,
  setupSecondFactor,
} from './mfa.service';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's own second factor, from /settings. */
export const mfaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // Codes typed here spend the account's sign-in budget too: an open session is no way round it.
  const codeBudget = app.rateLimit({
    name: 'login-account',
    limit: deps.config.rateLimitLogin,
    windowSeconds: 60,
    message: MSG.tooManyLogins,
    key: (req: FastifyRequest) => `user:${req.auth!.id}`,
  });
  // Enrolment is what a user of a role that must use a second factor is led to: open to her before it is done.
  const enrolment = { allowPendingMfaEnrolment: true };

  app.get(
    '/auth/mfa',
    {
      schema: {
        tags,
        security,
        summary:
          'Whether the signed-in user has two-factor sign-in, must have it, and how many recovery codes are left',
        response: { 200: mfaStatusSchema, ...errorResponses(401, 403) },
      },
      // Read by the settings page a new account is held on until its password is changed.
      config: { ...enrolment, allowPendingPasswordChange: true },
      preHandler: app.requireAuth,
    },
    async (req) => mfaStatus(deps, req.auth!),
  );

  app.post(
    '/auth/mfa/setup',
    {
      schema: {
        tags,
        security,
        summary: 'A new TOTP secret (key, otpauth:// URI, QR code), in force once a code confirms it',
        response: { 200: mfaSetupResponseSchema, ...errorResponses(401, 403, 409) },
      },
      config: enrolment,
      preHandler: app.requireAuth,
    },
    async (req) => setupSecondFactor(deps, req.auth!),
  );

  app.post(
    '/auth/mfa/enable',
    {
      schema: {
        tags,
        security,
        summary:
          'Confirm the new secret with a code: two-factor sign-in is on, ten recovery codes shown once, other sessions end',
        body: mfaEnableRequestSchema,
        response: { 200: mfaEnableResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: enrolment,
      preHandler: [app.requireAuth, codeBudget],
    },
    async (req) => enableSecondFactor(deps, req.auth!, req.body.code),
  );

  app.post(
    '/auth/mfa/disable',
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off with a current code or the password; other sessions end',
        body: mfaConfirmRequestSchema,
        response: { 200: mfaDisableResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      preHandler: [app.requireAuth, codeBudget],
    },
    async (req) => disableSecondFactor(deps, req.auth!, req.body),
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      schema: {
        tags,
        security,
        summary: 'Ten new recovery codes (shown once) in place of the old ones, with a current code or the password',
        body: mfaConfirmRequestSchema,
        response: { 200: mfaRecoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      preHandler: [app.requireAuth, codeBudget],
    },
    async (req) => renewRecoveryCodes(deps, req.auth!, req.body),
  );

  // An administrator's reset of another account's second factor (a lost phone): an address of the
  // users' screen, registered here so that users, below auth, imports nothing of it.
  app.post(
    '/users/:id/reset-mfa',
    {
      schema: {
        tags: ['users'],
        security,
        summary:
          'Remove an account’s two-factor sign-in (a lost phone): any account but one’s own, administrators’ too; its sessions end and the reset is recorded',
        params: z.object({ id: pathIdSchema(USER_MSG.invalidUserId) }),
        response: { 200: resetMfaResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('manageUsers'),
    },
    async (req) => resetSecondFactor(deps, { id: req.auth!.id }, req.params.id),
  );
};
