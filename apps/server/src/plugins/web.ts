import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { MSG } from '@clinic/shared';
import { errorBody } from './errors';

/**
 * Serves the built web app. Unknown /api paths answer a JSON 404; every other unknown GET gets
 * index.html, so client-side routes work on reload.
 */
export const webPlugin = fp<{ webDist: string | undefined }>(async (app, { webDist }) => {
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        // Vite names built assets by their hash: they never change under one name.
        if (/[\\/]assets[\\/]/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', MSG.routeNotFound));
    }
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('Giao diện web chưa được build. Chạy `npm run build` hoặc `npm start`.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
