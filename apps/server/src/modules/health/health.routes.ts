import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../deps';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: '200 when the database answers, 503 otherwise',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (req, reply) => {
      const database = deps.database;
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.kind };
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
};
