import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import type { RateLimiter } from './lib/rate-limiter';
import type { TokenService } from './lib/tokens';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { publicAppointmentsRoutes } from './modules/appointments/appointments.public.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { emailRoutes } from './modules/email/email.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

export type Deps = {
  config: Config;
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  tokens: TokenService;
  /** Sends the outbox's e-mails; made from config.smtpUrl when not given (simulated without it). */
  mailer?: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps & { mailer: Mailer };
  }
}

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; none in API tests. */
  webDist?: string;
};

/** The whole product as a Fastify instance that does not listen: main.ts listens, tests inject. */
export async function buildApp(deps: Deps, options: BuildOptions = {}) {
  const trust = deps.config.trustProxy;
  const app = Fastify({
    logger: options.logger ?? false,
    // A hop count believes that many proxies nearest to us, and no address a client wrote itself.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // Answers that a gateway times out on are worse than a clear error.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { ...deps, mailer: deps.mailer ?? createMailer(deps.config) });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(publicAppointmentsRoutes);
      await api.register(appointmentsRoutes);
      await api.register(emailRoutes);
      await api.register(blogsRoutes);
      await api.register(commentsRoutes);
      await api.register(uploadsRoutes);
      await api.register(newsletterRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes);
  await app.register(webPlugin, { webDist: options.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
