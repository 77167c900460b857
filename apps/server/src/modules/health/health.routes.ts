import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../deps';

const healthSchema = z.object({
  // 'degraded': the site works, but something it leans on is out (the limiter counts in each process alone).
  status: z.enum(['ok', 'degraded', 'unavailable', 'stopping']),
  database: z.enum(['pglite', 'postgres']),
  /** Where the rate limits are counted: Redis for all processes, this process (no REDIS_URL), or this process because Redis does not answer. */
  limiter: z.enum(['redis', 'memory', 'degraded']),
});

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary:
          '200 while the database answers (status degraded when the rate limiter counts without Redis); 503 when it does not, or while the process stops',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (req, reply) => {
      const database = deps.database;
      const [reached, limiter] = await Promise.all([
        database.ping().then(
          () => null,
          (err: unknown) => err,
        ),
        deps.limiter.check(),
      ]);
      // A process that has begun to stop says so first, so a balancer that checks this drains it.
      if (app.stopping())
        return reply.status(503).send({ status: 'stopping' as const, database: database.kind, limiter });
      if (reached) {
        req.log.error({ err: reached }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind, limiter });
      }
      return {
        status: limiter === 'degraded' ? ('degraded' as const) : ('ok' as const),
        database: database.kind,
        limiter,
      };
    },
  );
};
