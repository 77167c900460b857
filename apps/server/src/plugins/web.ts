import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { blogIdParamsSchema, MSG } from '@clinic/shared';
import { getPublicPostMeta } from '../modules/blogs/blogs.service';
import { injectPostMeta } from '../modules/blogs/post-meta';
import { originOf } from '../modules/seo/seo.routes';
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

    // index.html read again only when a new build replaced it.
    let indexHtml: { mtimeMs: number; text: Promise<string> } | undefined;
    const readIndex = async () => {
      const file = join(webDist!, 'index.html');
      const { mtimeMs } = await stat(file);
      if (indexHtml?.mtimeMs !== mtimeMs) indexHtml = { mtimeMs, text: readFile(file, 'utf8') };
      return indexHtml.text;
    };
    // A post's page carries its own title, description and image, so link previews and crawlers
    // that run no script see them; anything not published gets the plain page.
    app.get('/blog/:id', { schema: { hide: true } }, async (req, reply) => {
      const parsed = blogIdParamsSchema.safeParse(req.params);
      const meta = parsed.success ? await getPublicPostMeta(app.deps.database.db, parsed.data.id) : undefined;
      reply.header('cache-control', 'no-cache');
      if (!meta) return reply.sendFile('index.html');
      const origin = originOf(req, app.deps.config.publicUrl);
      const html = injectPostMeta(
        await readIndex(),
        { title: meta.title, description: meta.excerpt, imageUrl: meta.imageUrl, url: `${origin}/blog/${meta.id}`, publishedAt: meta.publishedAt },
        origin,
      );
      return reply.type('text/html; charset=utf-8').send(html);
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
