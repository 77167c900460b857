import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@clinic/shared';
import { TooManyRequestsError } from '../lib/errors';

export type RateLimitRule = {
  /** Counters of different rules never mix. */
  name: string;
  limit: number;
  windowSeconds: number;
  message?: string;
  /** What to count by; the client address when not given. May look something up (the account behind a typed name). */
  key?: (req: FastifyRequest) => string | Promise<string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: (rule: RateLimitRule) => preHandlerAsyncHookHandler;
    /**
     * The budget of public writes (docs/PRODUCT.md §9): a route with a private link's `:token` counts
     * per link, whatever address its owner is behind, after the address's misses of links
     * (RATE_LIMIT_LINK_MISSES); any other route (comments, replies, reactions, the newsletter) per address.
     */
    publicWrite: preHandlerAsyncHookHandler;
    /**
     * A booking or a waiting-list join: counted per contact (the phone and the e-mail it is for) and,
     * with the higher ceiling of RATE_LIMIT_PUBLIC_PER_ADDRESS, per address, so a lobby's patients
     * behind one address all book while one person hammering, from anywhere, is refused.
     */
    publicBooking: preHandlerAsyncHookHandler;
  }
}

/** The window of every public budget, and of the links' misses. */
const PUBLIC_WINDOW_SECONDS = 600;

/** One address's misses of private links, short (/l/{code}) or whole (a route's :token): one budget. */
export const LINK_MISS_WINDOW_SECONDS = PUBLIC_WINDOW_SECONDS;
export const linkMissKey = (address: string) => `link-miss:${address}`;

/**
 * Counts one hit of `key` under `rule`, and refuses past its limit. A counter store that is down
 * must not lock the clinic out: the request goes through and the log says so.
 */
async function spend(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  rule: Omit<RateLimitRule, 'key'>,
  key: string,
): Promise<void> {
  let result;
  try {
    result = await app.deps.limiter.hit(`${rule.name}:${key}`, rule.limit, rule.windowSeconds);
  } catch (err) {
    req.log.warn({ err }, 'rate limiter unavailable');
    return;
  }
  reply.header('x-ratelimit-limit', String(rule.limit));
  if (!result.allowed) {
    app.deps.metrics.rateLimitRefusals.inc({ rule: rule.name });
    throw new TooManyRequestsError(rule.message ?? MSG.tooManyRequests, result.retryAfterSeconds);
  }
}

/** The private link's token of a route that carries one (`/appointments/manage/:token`…). */
function linkToken(req: FastifyRequest): string | undefined {
  const token = (req.params as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export const rateLimitPlugin = fp(async (app) => {
  const config = app.deps.config;
  /**
   * What a counter's key holds instead of a token, a phone or an e-mail: a keyed hash, the same in
   * every process (one JWT_SECRET), so Redis and the logs never see them and a phone number's hash
   * cannot be reversed by trying every number.
   */
  const identity = (kind: 'link' | 'contact', value: string) =>
    createHmac('sha256', config.jwtSecret).update(`rate-limit:${kind}:${value}`).digest('base64url');

  app.decorate('rateLimit', (rule: RateLimitRule) => {
    return async (req: FastifyRequest, reply: FastifyReply) =>
      spend(app, req, reply, rule, rule.key ? await rule.key(req) : req.ip);
  });

  // The requests that reached a link's lookup: a 404 among them is a miss of their address.
  const linkRequests = new WeakSet<FastifyRequest>();

  app.decorate('publicWrite', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = linkToken(req);
    if (token === undefined) {
      return spend(
        app,
        req,
        reply,
        { name: 'public-write', limit: config.rateLimitPublic, windowSeconds: PUBLIC_WINDOW_SECONDS },
        req.ip,
      );
    }
    // An address past its misses gets no lookup at all, even of a real link (as the short links).
    let missed;
    try {
      missed = await app.deps.limiter.peek(linkMissKey(req.ip), config.rateLimitLinkMisses);
    } catch (err) {
      req.log.warn({ err }, 'rate limiter unavailable');
    }
    if (missed && !missed.allowed) {
      app.deps.metrics.rateLimitRefusals.inc({ rule: 'link-miss' });
      throw new TooManyRequestsError(MSG.tooManyRequests, missed.retryAfterSeconds);
    }
    linkRequests.add(req);
    // Her link's own budget: the lobby's other visitors spend none of it.
    return spend(
      app,
      req,
      reply,
      { name: 'public-link', limit: config.rateLimitPublic, windowSeconds: PUBLIC_WINDOW_SECONDS },
      identity('link', token),
    );
  });

  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode !== 404 || !linkRequests.has(req)) return;
    try {
      await app.deps.limiter.hit(linkMissKey(req.ip), config.rateLimitLinkMisses, LINK_MISS_WINDOW_SECONDS);
    } catch (err) {
      req.log.warn({ err }, 'rate limiter unavailable');
    }
  });

  app.decorate('publicBooking', async (req: FastifyRequest, reply: FastifyReply) => {
    // The body is validated by now: the phone in its national form, the e-mail in lower case.
    const body = req.body as { phone?: unknown; email?: unknown } | undefined;
    const contacts = [body?.phone, body?.email].filter((c): c is string => typeof c === 'string' && c !== '');
    const perContact = { name: 'public-contact', limit: config.rateLimitPublic, windowSeconds: PUBLIC_WINDOW_SECONDS };
    for (const contact of contacts) {
      await spend(app, req, reply, perContact, identity('contact', contact.toLowerCase()));
    }
    // Counted only once her contacts passed: one person refused spends none of the lobby's budget.
    await spend(
      app,
      req,
      reply,
      { name: 'public-address', limit: config.rateLimitPublicPerAddress, windowSeconds: PUBLIC_WINDOW_SECONDS },
      req.ip,
    );
  });
});
