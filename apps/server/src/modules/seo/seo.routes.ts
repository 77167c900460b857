import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../deps';
import { buildRobots, buildSitemap } from './seo.service';

/** /sitemap.xml and /robots.txt, at the site's root, on PUBLIC_URL: caches keep them, so never on a caller's Host. */
export const seoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const xml = await buildSitemap(deps.db, deps.config.publicUrl);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobots(deps.config.publicUrl));
  });
};
