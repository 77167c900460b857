import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  loginAnswerSchema,
  loginRequestSchema,
  loginResponseSchema,
  mfaLoginRequestSchema,
  MSG,
  type LoginRequest,
  type MfaLoginRequest,
  validateRequestSchema,
  validateResponseSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { bearerToken } from '../../plugins/auth';
import {
  challengeLimitKey,
  changePassword,
  completeMfaLogin,
  login,
  loginLimitKey,
  validateToken,
} from './auth.service';
import { mfaRoutes } from './mfa.routes';

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a user name or e-mail address: the session, or for an account with two-factor sign-in a challenge for POST /auth/login/mfa',
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
      // A session (or a challenge) is never kept for a repeat: signing in again does nothing twice.
      config: { idempotency: false },
      // Two budgets (docs/PRODUCT.md §9): per address across all names, against password spraying, and
      // per account, whichever of its names was typed and from wherever. The address is counted first so
      // a spraying address is refused before any lookup.
      preHandler: [
        app.rateLimit({
          name: 'login-address',
          limit: deps.config.rateLimitLoginPerAddress,
          windowSeconds: 60,
          message: MSG.tooManyLogins,
        }),
        app.rateLimit({
          name: 'login-account',
          limit: deps.config.rateLimitLogin,
          windowSeconds: 60,
          message: MSG.tooManyLogins,
          key: (req) => loginLimitKey(deps, (req.body as LoginRequest).usernameOrEmail),
        }),
      ],
    },
    async (req) => login(deps, req.body),
  );

  app.post(
    '/auth/login/mfa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: the challenge and a code of the authenticator app, or a recovery code',
        body: mfaLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
      config: { idempotency: false },
      // Wrong codes spend the same budgets as wrong passwords: a code cannot be guessed faster than a password.
      preHandler: [
        app.rateLimit({
          name: 'login-address',
          limit: deps.config.rateLimitLoginPerAddress,
          windowSeconds: 60,
          message: MSG.tooManyLogins,
        }),
        app.rateLimit({
          name: 'login-account',
          limit: deps.config.rateLimitLogin,
          windowSeconds: 60,
          message: MSG.tooManyLogins,
          key: (req) => challengeLimitKey(deps, (req.body as MfaLoginRequest).challenge),
        }),
      ],
    },
    async (req) => completeMfaLogin(deps, req.body),
  );

  app.post(
    '/auth/validate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a token still opens a session',
        body: validateRequestSchema,
        response: { 200: validateResponseSchema, ...errorResponses(400) },
      },
    },
    async (req) => validateToken(deps, req.body.token || bearerToken(req) || ''),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s password; every earlier token stops working',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 401) },
      },
      // Both: a reset account of a role that must use a second factor changes the password first, then enrols.
      config: { allowPendingPasswordChange: true, allowPendingMfaEnrolment: true },
      preHandler: app.requireAuth,
    },
    async (req) => changePassword(deps, req.auth!, req.body),
  );

  await app.register(mfaRoutes, { deps });
};
