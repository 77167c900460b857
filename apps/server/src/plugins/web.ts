import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { clinicToday, MSG } from '@clinic/shared';
import type { WatchedTable } from '../lib/read-cache';
import { escapeHtml } from '../lib/text';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers with the web app's page (index.html) carrying the clinic's time zone, changed by
     * `transform` when given (a post's title and description); a plain 404 text when no build exists.
     */
    sendAppPage(transform?: (html: string) => string, transformKey?: string): Promise<FastifyReply>;
  }
}

/** The web build's server entry (apps/web/src/entry-server.tsx, built into dist-ssr/). */
type ServerEntry = {
  rendersAhead(path: string): boolean;
  createRenderer(options: {
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    timeZone: string;
    onError?: (error: unknown, path: string) => void;
  }): (path: string) => Promise<RenderedPage | null>;
};

/** A page drawn by the server entry: its markup, the answers it was drawn from, its own title and description. */
type RenderedPage = { html: string; state: string; head?: { title?: string; description?: string } };

/** What a page rendered ahead is drawn from: its posts, and the departments of the booking form. */
const RENDERED_FROM: readonly WatchedTable[] = ['blogs', 'departments', 'medical_specialties'];
/** A post's page also shows its first comments with their reactions: only it is drawn again when they change. */
const POST_RENDERED_FROM: readonly WatchedTable[] = [...RENDERED_FROM, 'comments', 'comment_reactions'];
const renderedFrom = (path: string) => (path.startsWith('/blog/') ? POST_RENDERED_FROM : RENDERED_FROM);
const ROOT = /<div id="root"><\/div>/;
const NOT_RENDERED = new Error('not rendered ahead');

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/**
 * The page's markup inside the root, and the answers it was drawn from beside it (read, never run:
 * JSON). What React hoists ahead of the markup (a post image's preload) goes to the head.
 */
export function withRenderedPage(html: string, page: RenderedPage): string {
  const state = page.state.replace(/</g, '\\u003c');
  const links = LEADING_LINKS.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(links.length);
  const { title, description } = page.head ?? {};
  return html
    .replace(/<title>[\s\S]*?<\/title>/i, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i, (tag) =>
      description ? `<meta name="description" content="${escapeHtml(description)}" />` : tag,
    )
    .replace(/<\/head>/i, () => `${links}</head>`)
    .replace(
      ROOT,
      () => `<div id="root">${body}</div><script type="application/json" id="query-state">${state}</script>`,
    );
}

/**
 * The public pages rendered ahead (issue 12): the server entry draws them through the server's own
 * handler, and each is kept until a post, a department or the clinic's date changes.
 */
async function loadRenderer(
  app: FastifyInstance,
  webDist: string,
  readIndex: () => Promise<{ mtimeMs: number; html: string }>,
) {
  const file = join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  const render = entry.createRenderer({
    timeZone: app.deps.timeZone,
    // A component that fails on the server leaves its page to the browser; the log says which.
    onError: (err, path) =>
      app.log.warn(
        { err, path: app.privateLinks.redact(path) },
        'a public page failed to render ahead; the browser renders it',
      ),
    fetch: async (url, init) => {
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: init.headers as Record<string, string>,
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  /** The whole HTML answer of `path`, the page in place; null when it is left to the browser. */
  return async (path: string): Promise<string | null> => {
    if (!entry.rendersAhead(path)) return null;
    const index = await readIndex();
    const key = `${path} ${clinicToday(app.deps.clock.now(), app.deps.timeZone)} ${index.mtimeMs}`;
    try {
      return await app.deps.cache.get(
        key,
        renderedFrom(path),
        async () => {
          const page = await render(path);
          // A page whose reads failed is not kept: the next visitor's request tries again.
          if (!page) throw NOT_RENDERED;
          return withRenderedPage(index.html, page);
        },
        { sizeOf: (html) => html.length * 2 },
      );
    } catch (err) {
      if (err !== NOT_RENDERED)
        app.log.warn(
          { err, path: app.privateLinks.redact(path) },
          'a public page could not be rendered ahead; the browser renders it',
        );
      return null;
    }
  };
}

/** br or gzip, as the browser accepts them (a q of 0 refuses); null for neither. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * The pages' compressed copies, made once per page and kept while it is sent (the 64 most recent):
 * compressing a 25-55 KB page for every visitor cost more than anything else in answering it.
 */
class CompressedCopies {
  readonly #copies = new Map<string, { br?: Buffer; gzip?: Buffer }>();

  of(html: string, encoding: 'br' | 'gzip'): Buffer {
    let entry = this.#copies.get(html);
    if (entry) this.#copies.delete(html);
    entry ??= {};
    this.#copies.set(html, entry);
    if (this.#copies.size > 64) this.#copies.delete(this.#copies.keys().next().value!);
    return (entry[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(html, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
          })
        : gzipSync(html, { level: 9 }));
  }
}

const TIME_ZONE_META = /<meta\s+name="clinic-time-zone"[^>]*>/i;

/** The page tells the browser the server's CLINIC_TZ, so both sides read one "today" (docs/PRODUCT.md §2). */
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

  // index.html read again only when a new build replaced it (its date looked at once a second at most).
  let indexHtml: { mtimeMs: number; checkedAt: number; html: Promise<string> } | undefined;
  const readIndex = async () => {
    const file = join(webDist!, 'index.html');
    if (!indexHtml || Date.now() - indexHtml.checkedAt > 1000) {
      const { mtimeMs } = await stat(file);
      if (indexHtml?.mtimeMs !== mtimeMs)
        indexHtml = {
          mtimeMs,
          checkedAt: 0,
          html: readFile(file, 'utf8').then((html) => withClinicTimeZone(html, timeZone)),
        };
      indexHtml.checkedAt = Date.now();
    }
    return { mtimeMs: indexHtml.mtimeMs, html: await indexHtml.html };
  };

  const renderAhead = hasWeb ? await loadRenderer(app, webDist!, readIndex) : undefined;
  const copies = new CompressedCopies();

  const transformed = new Map<string, { from: string; to: string }>();
  const transformOnce = (html: string, transform: (html: string) => string, key: string) => {
    const kept = transformed.get(key);
    if (kept?.from === html) return kept.to;
    const to = transform(html);
    transformed.delete(key);
    transformed.set(key, { from: html, to });
    if (transformed.size > 200) transformed.delete(transformed.keys().next().value!);
    return to;
  };

  app.decorateReply(
    'sendAppPage',
    async function (this: FastifyReply, transform?: (html: string) => string, transformKey?: string) {
      if (!hasWeb) return this.status(404).type('text/plain; charset=utf-8').send(MSG.webNotBuilt);
      // An address with a query (a search, a filter) is left to the browser.
      const url = this.request.url;
      const html = (renderAhead && !url.includes('?') ? await renderAhead(url) : null) ?? (await readIndex()).html;
      const body = !transform
        ? html
        : transformKey !== undefined
          ? transformOnce(html, transform, transformKey)
          : transform(html);
      this.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encoding = body.length >= 1024 ? preferredEncoding(this.request.headers['accept-encoding']) : null;
      if (!encoding) return this.send(body);
      return this.header('content-encoding', encoding).send(copies.of(body, encoding));
    },
  );

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
    if (app.refuseMethod(req, reply)) return reply;
    const path = req.url.split('?')[0] ?? '';
    // The FHIR endpoint's unknown addresses (issue 38) reach here through the static files' wildcard:
    // a FHIR client gets FHIR's error, never the app's page.
    if (path === '/fhir' || path.startsWith('/fhir/')) {
      return reply
        .status(404)
        .type('application/fhir+json; charset=utf-8')
        .send({
          resourceType: 'OperationOutcome',
          issue: [
            { severity: 'error', code: 'not-found', diagnostics: 'No resource type or operation at this address' },
          ],
        });
    }
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', MSG.routeNotFound));
    }
    // A private link's page is marked no-store by the security plugin (plugins/security.ts).
    return reply.sendAppPage();
  });
});
