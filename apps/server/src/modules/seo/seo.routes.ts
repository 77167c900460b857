import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { buildRobots, buildSitemap } from './seo.service';

/**
 * The site's own address: PUBLIC_URL when set, else from the request. The Host header is the
 * caller's to choose, so only a plain host name (and port) is taken; anything else falls back to localhost.
 */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(req.host) ? req.host.toLowerCase() : 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** /sitemap.xml and /robots.txt, at the site's root. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const xml = await buildSitemap(app.deps.database.db, originOf(req, app.deps.config.publicUrl));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(buildRobots(originOf(req, app.deps.config.publicUrl)));
  });
};
