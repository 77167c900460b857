import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterRequestSchema, newsletterResponseSchema } from '@clinic/shared';
import { errorResponses } from '../../plugins/errors';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the blog newsletter; duplicates are ignored',
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: app.rateLimit({ name: 'public-write', limit: app.deps.config.rateLimitPublic, windowSeconds: 600 }),
    },
    async (req) => subscribe({ db: app.deps.database.db, clock: app.deps.clock }, req.body.email),
  );
};
