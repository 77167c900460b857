import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterRequestSchema, newsletterResponseSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an e-mail address to the blog newsletter with its marketing consent; duplicates are ignored',
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: [app.optionalAuth, app.publicWrite],
    },
    async (req) => subscribe(deps, req.body.email, req.auth?.id ?? null),
  );
};
