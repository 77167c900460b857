import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MFA_MSG, MSG, rolesWith, type Permission, type Role } from '@clinic/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { resolveSession, type SessionUser } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionUser | null;
  }
  interface FastifyInstance {
    /** Refuses a request without a valid token (401). */
    requireAuth: preHandlerAsyncHookHandler;
    /** Refuses a request without a valid token (401) or whose role is not listed (403). */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    /** requireRole for the roles PERMISSIONS gives a permission. */
    requirePermission: (permission: Permission) => preHandlerAsyncHookHandler;
    /** Reads the token when one is sent, refuses nothing: for public routes that know a signed-in user. */
    optionalAuth: preHandlerAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** Lets a user who must change the password still call this route. */
    allowPendingPasswordChange?: boolean;
    /** Lets a user whose role must use a second factor, and who has none yet, still call this route (enrolment). */
    allowPendingMfaEnrolment?: boolean;
  }
}

/** Marks the hooks that decide who may call a route: they are moved to run before the body is read. */
const GUARD = Symbol('route guard');
type Guard = preHandlerAsyncHookHandler & { [GUARD]?: true };
const guard = (hook: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler =>
  Object.assign(hook, { [GUARD]: true as const });
const isGuard = (hook: unknown) => typeof hook === 'function' && (hook as Guard)[GUARD] === true;

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);

  // A role that may not call a route is refused before its body, query or path is validated, so it
  // learns nothing of what a valid request looks like (issue 29). Routes name their guard where they
  // like (preHandler reads best); it runs on onRequest, ahead of parsing and validation.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter(isGuard);
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !isGuard(hook));
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards] as typeof route.onRequest;
  });

  /** Who the bearer token speaks for: 401 without one, or for one that no longer opens a session. */
  async function signedIn(req: FastifyRequest): Promise<SessionUser> {
    if (req.auth) return req.auth;
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedError(MSG.unauthorized, 'UNAUTHORIZED');
    const session = await resolveSession(app.deps, token);
    if (!session) throw new UnauthorizedError(MSG.sessionExpired, 'SESSION_EXPIRED');
    req.auth = session;
    return session;
  }

  // A route that needs a token (its schema says `security`) answers 401 to a caller without one
  // before it reads the body: a stranger learns nothing of what a valid request looks like.
  // A session that may only enrol a second factor is refused here too, before the body is read.
  app.addHook('preValidation', async (req) => {
    const security = (req.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
    if (security?.length) refusePendingEnrolment(req, await signedIn(req));
  });

  /** A password alone opens nothing but enrolment for a role that must use a second factor (MFA_REQUIRED_ROLES). */
  function refusePendingEnrolment(req: FastifyRequest, session: SessionUser): void {
    if (session.mustEnrolMfa && !req.routeOptions.config.allowPendingMfaEnrolment) {
      throw new ForbiddenError(MFA_MSG.enrolmentRequired, 'MFA_ENROLMENT_REQUIRED');
    }
  }

  async function authenticate(req: FastifyRequest): Promise<SessionUser> {
    const session = await signedIn(req);
    if (session.mustChangePassword && !req.routeOptions.config.allowPendingPasswordChange) {
      throw new ForbiddenError(MSG.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED');
    }
    refusePendingEnrolment(req, session);
    req.auth = session;
    return session;
  }

  const requireAuth = guard(async (req: FastifyRequest, _reply: FastifyReply) => {
    await authenticate(req);
  });
  app.decorate('requireAuth', requireAuth);

  app.decorate('requireRole', (...roles: Role[]) =>
    guard(async (req: FastifyRequest, _reply: FastifyReply) => {
      const session = await authenticate(req);
      if (!roles.includes(session.role)) throw new ForbiddenError(MSG.forbidden, 'FORBIDDEN');
    }),
  );

  app.decorate('requirePermission', (permission: Permission) => app.requireRole(...rolesWith(permission)));

  app.decorate('optionalAuth', async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!bearerToken(req)) return;
    try {
      await authenticate(req);
    } catch {
      req.auth = null;
    }
  });
});
