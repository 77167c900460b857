import { gzipSync } from 'node:zlib';
import type { RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { clinicMoment } from '@clinic/shared';
import type { WatchedTable } from '../lib/read-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this GET's answer, for the same user (or every visitor of a public route), clinic day and
     * URL, until one of these tables (or the users table: a role or a session changes) is written.
     * Only for answers that depend on nothing else: not on the hour, not on a request header.
     */
    cache?: readonly WatchedTable[];
    /**
     * The answer also depends on which half-hour of the clinic's day it is (an appointment "after
     * now" changes when a slot, all at :00 or :30, begins): kept per half hour as well.
     */
    cachePerSlot?: boolean;
  }
}

type KeptReply = { json: string; gzip?: Buffer };

/** As the compression plugin's threshold (plugins/security.ts). */
const COMPRESS_FROM = 1024;

function acceptsGzip(header: string | undefined): boolean {
  return !!header && /\bgzip\b(?!;\s*q=0(\.0*)?\s*(,|$))/i.test(header);
}

/** "16:45" → 33: the half hour of the day it falls in. */
function halfHourOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 2 + (m >= 30 ? 1 : 0);
}

/**
 * The back-office reads the same pages over and over (several receptionists, a 30-second refresh)
 * while appointments change a few times a minute. A kept answer is the serialized JSON, so a
 * repeated read costs neither the database nor the serializer. The route's own checks (token,
 * role, forced password change) still run first, on every request.
 */
export const cachedRepliesPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const tables = route.config?.cache;
    // Fastify adds a HEAD route beside each GET, with its config: it sends no body to keep.
    if (!tables || route.method === 'HEAD') return;
    if (route.method !== 'GET') throw new Error(`${route.url}: only a GET answer may be kept`);
    const handler = route.handler as RouteHandlerMethod;
    const perSlot = route.config?.cachePerSlot === true;
    const watched: readonly WatchedTable[] = [...new Set<WatchedTable>([...tables, 'users'])];
    route.handler = async function cachedHandler(req, reply) {
      const { cache, clock, timeZone } = app.deps;
      // A signed-in route has refused a caller without a session before this runs.
      const moment = clinicMoment(clock.now(), timeZone);
      const slot = perSlot ? `|${halfHourOf(moment.time)}` : '';
      const key = `${req.auth?.id ?? 'public'}|${moment.date}${slot}|${req.url}`;
      const kept = await cache.get<KeptReply>(
        key,
        watched,
        async () => ({ json: String(reply.serialize(await handler.call(this, req, reply))) }),
        // A string's characters at two bytes (Vietnamese text), and room for its compressed copy.
        { sizeOf: (r) => r.json.length * 2 + (r.json.length >= COMPRESS_FROM ? r.json.length / 4 : 0) },
      );
      reply.type('application/json; charset=utf-8');
      if (kept.json.length < COMPRESS_FROM || !acceptsGzip(req.headers['accept-encoding']))
        return reply.send(kept.json);
      // Compressed once, not on every read (the compression plugin leaves an encoded body alone).
      kept.gzip ??= gzipSync(kept.json);
      return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(kept.gzip);
    };
  });
});
