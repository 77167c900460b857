import Fastify, { type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, AppInput } from './deps';
import { createMailer } from './lib/mailer';
import { createPhoneProviders } from './modules/messaging/providers';
import { PrivateLinks } from './lib/private-links';
import { createMetrics } from './lib/metrics';
import { ReadCache } from './lib/read-cache';
import { noteAppointmentEmailSent } from './modules/appointments/life-cycle/appointment-emails.service';
import { endCalendarFeed } from './modules/appointments/calendar-feed/calendar-feed.service';
import { authRoutes } from './modules/auth/auth.routes';
import { postPageRoutes } from './modules/blogs/post-page.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { departmentsRoutes } from './modules/departments/departments.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { usersImportRoutes } from './modules/users/users-import.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { emailRoutes } from './modules/notifications/email.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { shortLinkRoutes } from './modules/appointments/private-link/short-link.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { visitPayments } from './modules/payments/payments.service';
import { refundsRoutes } from './modules/payments/refunds.routes';
import { paymentSimulatorRoutes } from './modules/payments/simulator.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { carePlansRoutes } from './modules/care-plans/care-plans.routes';
import { carePlanWindows } from './modules/care-plans/care-plans.service';
import { fhirClientsRoutes } from './modules/fhir/fhir-clients.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { idempotencyPlugin } from './plugins/idempotency';
import { accessLogPlugin } from './plugins/access-log';
import { authPlugin } from './plugins/auth';
import { cachedRepliesPlugin } from './plugins/cached-replies';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { methodsPlugin } from './plugins/methods';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { stoppingPlugin } from './plugins/stopping';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The addresses that carry a private link's token, from the routes registered (lib/private-links.ts). */
    privateLinks: PrivateLinks;
  }
}

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; none in API tests. */
  webDist?: string;
  /** Told of every route as it is registered (the authorization matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Node's own figures on /metrics too (main.ts); off in tests, which build many apps in one process. */
  processMetrics?: boolean;
};

/**
 * The request log's fields are Fastify's own, but a private link's token never reaches the log
 * (issues 29, 34): a token read from a log line would open the booking, the place or the calendar.
 * `privateLinks` learns every route as it is registered, before the first request is logged.
 */
function withRedactedUrls(logger: BuildOptions['logger'], privateLinks: PrivateLinks): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: privateLinks.loggable(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** The whole product as a Fastify instance that does not listen: main.ts listens, tests inject. */
export async function buildApp(input: AppInput, options: BuildOptions = {}) {
  const db = input.database.db;
  const deps: AppDeps = {
    ...input,
    db,
    mailer: input.mailer ?? createMailer(input.config),
    phone: input.phone ?? createPhoneProviders(input.config.messaging, input.config.env === 'production'),
    cache:
      input.cache ?? new ReadCache(input.database.changes, undefined, undefined, () => input.clock.now().getTime()),
    metrics: createMetrics({ processMetrics: options.processMetrics }),
    timeZone: input.config.clinicTz,
    onEmailDelivered: noteAppointmentEmailSent,
    onDoctorAccountEnded: endCalendarFeed,
    payments: visitPayments,
    carePlans: carePlanWindows,
  };
  const trust = deps.config.trustProxy;
  const privateLinks = new PrivateLinks();
  const app = Fastify({
    logger: withRedactedUrls(options.logger, privateLinks),
    // A hop count believes that many proxies nearest to us, and no address a client wrote itself.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // Answers that a gateway times out on are worse than a clear error.
    requestTimeout: 30_000,
    // A path parameter of any length reaches its route, whose schema refuses it with a 400 the document
    // lists; past the router's default 100 characters it was a 414 in Fastify's English, echoing the URL
    // (a private link's token), or, with the web build, a static file lookup (issue 29, defect 12).
    // Node's 16 KiB header limit bounds the URL itself.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Both answer in the one error shape (plugins/stopping.ts, plugins/errors.ts) instead of Fastify's English JSON.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // A client writes its own X-Forwarded-Host, and Fastify believes it from any trusted proxy: no
  // address, link or log line may rest on it (issue 29). The proxy's own Host header stays.
  app.addHook('onRequest', async (req) => {
    delete req.headers['x-forwarded-host'];
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('privateLinks', privateLinks);
  // Before any plugin: an onRoute hook sees only the routes registered after it.
  app.addHook('onRoute', (route) => privateLinks.addRoute(route));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(errorsPlugin);
  // Early, so its timing hook sees every route.
  await app.register(metricsPlugin);
  await app.register(securityPlugin);
  // After the security headers (a 503 carries them too), before anything else a request runs.
  await app.register(stoppingPlugin);
  // Before the limits and the sign-in: a method the path does not have is 405 for anyone.
  await app.register(methodsPlugin);
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  // Before the modules: it wraps the handlers of the routes registered after it.
  await app.register(cachedRepliesPlugin);
  // Before the modules: it hooks the routes that read a person's health data (issue 26).
  await app.register(accessLogPlugin);
  // Before the modules: a request named by an Idempotency-Key is done once (issue 25).
  await app.register(idempotencyPlugin);

  await app.register(webPlugin, { webDist: options.webDist });

  // Every module gets the same dependencies object.
  const apiModules = [
    healthRoutes,
    authRoutes,
    usersRoutes,
    usersImportRoutes,
    departmentsRoutes,
    appointmentsRoutes,
    patientsRoutes,
    dashboardRoutes,
    emailRoutes,
    messagingRoutes,
    blogsRoutes,
    commentsRoutes,
    uploadsRoutes,
    newsletterRoutes,
    privacyRoutes,
    paymentsRoutes,
    refundsRoutes,
    carePlansRoutes,
    fhirClientsRoutes,
    // The providers' local simulators (issue 28): never in production, where only real keys pay.
    ...(deps.config.env === 'production' ? [] : [paymentSimulatorRoutes]),
  ];
  await app.register(
    async (api) => {
      for (const routes of apiModules) await api.register(routes, { deps });
    },
    { prefix: '/api' },
  );
  // FHIR R4 for outside systems (issue 38): its own errors, formats and tokens, outside /api.
  await app.register(fhirRoutes, { deps, prefix: '/fhir' });
  for (const pages of [seoRoutes, postPageRoutes, shortLinkRoutes]) await app.register(pages, { deps });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
