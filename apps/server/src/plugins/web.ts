import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@clinic/shared';
import { escapeHtml } from '../lib/text';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers with the web app's page (index.html) carrying the clinic's time zone, changed by
     * `transform` when given (a post's title and description); a plain 404 text when no build exists.
     */
    sendAppPage(transform?: (html: string) => string): Promise<FastifyReply>;
  }
}

const TIME_ZONE_META = /<meta\s+name="clinic-time-zone"[^>]*>/i;

/** The page tells the browser the server's CLINIC_TZ, so both sides read one "today" (PRODUCT.md section 2). */
export function withClinicTimeZone(html: string, timeZone: string): string {
  const meta = `<meta name="clinic-time-zone" content="${escapeHtml(timeZone)}" />`;
  if (TIME_ZONE_META.test(html)) return html.replace(TIME_ZONE_META, () => meta);
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `  ${meta}\n  </head>`);
  return html.replace(/^(<!doctype[^>]*>)?/i, (m) => `${m}${meta}`);
}

/**
 * Serves the built web app. Unknown /api paths answer a JSON 404; every other unknown GET gets the
 * app's page, so client-side routes work on reload.
 */
export const webPlugin = fp<{ webDist: string | undefined }>(async (app, { webDist }) => {
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  const timeZone = app.deps.timeZone;

  // index.html read again only when a new build replaced it.
  let indexHtml: { mtimeMs: number; text: Promise<string> } | undefined;
  const readIndex = async () => {
    const file = join(webDist!, 'index.html');
    const { mtimeMs } = await stat(file);
    if (indexHtml?.mtimeMs !== mtimeMs) indexHtml = { mtimeMs, text: readFile(file, 'utf8').then((html) => withClinicTimeZone(html, timeZone)) };
    return indexHtml.text;
  };

  app.decorateReply('sendAppPage', async function (this: FastifyReply, transform?: (html: string) => string) {
    if (!hasWeb) return this.status(404).type('text/plain; charset=utf-8').send(MSG.webNotBuilt);
    const html = await readIndex();
    return this.header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(transform ? transform(html) : html);
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // The page itself always goes through sendAppPage, which adds the clinic's zone.
      index: false,
      setHeaders(res, path) {
        // Vite names built assets by their hash: they never change under one name.
        if (/[\\/]assets[\\/]/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // Static files never answer for the page itself: the root too goes through sendAppPage.
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendAppPage());

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', MSG.routeNotFound));
    }
    // A private management link's page: never indexed, never kept by a shared cache.
    if (path.startsWith('/appointment/manage/')) reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
    return reply.sendAppPage();
  });
});
