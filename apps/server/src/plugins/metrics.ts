import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../lib/errors';
import { showTotal } from '../lib/metrics';
import { outboxState } from '../modules/email/email.service';
import { bearerToken } from './auth';

/** METRICS_ALLOW as a list Node can check an address against ('10.0.0.5', '10.1.0.0/16', '::1'). */
function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Node writes an IPv4 client on a dual-stack socket as ::ffff:a.b.c.d. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function sameToken(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' format, and the timing of every request. Open only to the addresses of
 * METRICS_ALLOW (the client address as TRUST_PROXY says it) or with METRICS_TOKEN as a bearer token;
 * with neither set, to nobody. Prometheus scrapes each process directly, never through the balancer.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  const metrics = app.deps.metrics;
  const allowed = allowList(config.metricsAllow);

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the path itself: a path can carry an id or a private link's token.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const mayRead = (req: FastifyRequest) => {
    if (sameToken(bearerToken(req), config.metricsToken)) return true;
    const ip = plainAddress(req.ip);
    const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
    return type !== null && allowed.check(ip, type);
  };

  /** Reads what is not counted as it happens: the outbox, the pool, the kept reads, the limiter. */
  async function observe() {
    const deps = app.deps;
    metrics.rateLimiterDegraded.set(deps.limiter.state() === 'degraded' ? 1 : 0);
    showTotal(metrics.readCacheHits, deps.cache.hits);
    showTotal(metrics.readCacheMisses, deps.cache.misses);
    const pool = deps.database.poolUse?.();
    if (pool) {
      metrics.dbPoolConnections.set({ state: 'busy' }, pool.total - pool.idle);
      metrics.dbPoolConnections.set({ state: 'idle' }, pool.idle);
      metrics.dbPoolConnections.set({ state: 'max' }, pool.max);
      metrics.dbPoolWaiting.set(pool.waiting);
      showTotal(metrics.dbPoolWaits, pool.waits);
    }
    try {
      const outbox = await outboxState(deps);
      metrics.outboxDepth.set({ channel: 'email' }, outbox.waiting);
      metrics.outboxOldestAge.set({ channel: 'email' }, outbox.oldestAgeSeconds);
      metrics.outboxGivenUp.set({ channel: 'email' }, outbox.failed);
      metrics.databaseUp.set(1);
    } catch {
      // The outbox's figures stay as last read; the alert on clinic_database_up says why.
      metrics.databaseUp.set(0);
    }
  }

  app.get(
    '/metrics',
    {
      schema: { hide: true },
      logLevel: 'warn',
      onRequest: async (req) => {
        if (!mayRead(req)) throw new ForbiddenError();
      },
    },
    async (_req, reply) => {
      await observe();
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
});
