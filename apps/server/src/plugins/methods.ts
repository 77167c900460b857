import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@clinic/shared';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods of the API path that owns this URL (the most specific route matching it), or null. */
    allowedMethods(path: string): string[] | null;
    /** 405 with Allow when the URL is an API path without this method; false when it is not one. */
    refuseMethod(req: FastifyRequest, reply: FastifyReply): boolean;
  }
}

type Template = { url: string; pattern: RegExp; segments: string[]; methods: Set<string> };

/** A static segment is more specific than a parameter, as the router decides (find-my-way). */
function moreSpecific(a: Template, b: Template): boolean {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const pa = a.segments[i]!.includes(':');
    const pb = b.segments[i]!.includes(':');
    if (pa !== pb) return pb;
  }
  return false;
}

/**
 * A method a known API path does not have answers 405 with the methods it has in Allow (RFC 9110),
 * not 404, nor another route's answer: PUT /api/users/search is not PUT /api/users/{id}, since the
 * router gives /api/users/search to its own route.
 */
export const methodsPlugin = fp(async (app) => {
  const templates = new Map<string, Template>();

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    const url = route.url.replace(/\/$/, '');
    let template = templates.get(url);
    if (!template) {
      const source = url
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/:[^/.]+/g, '[^/.]+').replace(/[.]/g, '\\.')))
        .join('/');
      template = { url, pattern: new RegExp(`^${source}/?$`), segments: url.split('/'), methods: new Set() };
      templates.set(url, template);
    }
    for (const method of [route.method].flat()) {
      template.methods.add(method);
      if (method === 'GET') template.methods.add('HEAD');
    }
  });

  const owner = (path: string): Template | null => {
    let best: Template | null = null;
    for (const template of templates.values()) {
      if (template.pattern.test(path) && (!best || moreSpecific(template, best))) best = template;
    }
    return best;
  };

  app.decorate('allowedMethods', (path: string) => {
    const template = owner(path);
    return template ? [...template.methods].sort() : null;
  });

  app.decorate('refuseMethod', (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return false;
    const template = owner(path);
    if (!template || template.methods.has(req.method)) return false;
    void reply
      .status(405)
      .header('allow', [...template.methods].sort().join(', '))
      .send(errorBody(405, 'METHOD_NOT_ALLOWED', MSG.methodNotAllowed));
    return true;
  });

  // A request the router gave to a route with a parameter, whose URL a more specific path owns.
  app.addHook('onRequest', async (req, reply) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/') || !url.includes(':')) return;
    if (app.refuseMethod(req, reply)) return reply;
  });
});
