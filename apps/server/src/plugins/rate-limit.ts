import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
    /** The one budget of public writes per address: bookings, comments, replies, reactions, newsletter (PRODUCT.md section 9). */
    publicWrite: preHandlerAsyncHookHandler;
  }
}

export const rateLimitPlugin = fp(async (app) => {
  app.decorate('rateLimit', (rule: RateLimitRule) => {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const key = `${rule.name}:${rule.key ? await rule.key(req) : req.ip}`;
      let result;
      try {
        result = await app.deps.limiter.hit(key, rule.limit, rule.windowSeconds);
      } catch (err) {
        // A counter store that is down must not lock the clinic out: let the request through and say so.
        req.log.warn({ err }, 'rate limiter unavailable');
        return;
      }
      reply.header('x-ratelimit-limit', String(rule.limit));
      if (!result.allowed) {
        app.deps.metrics.rateLimitRefusals.inc({ rule: rule.name });
        throw new TooManyRequestsError(rule.message ?? MSG.tooManyRequests, result.retryAfterSeconds);
      }
    };
  });

  app.decorate(
    'publicWrite',
    app.rateLimit({ name: 'public-write', limit: app.deps.config.rateLimitPublic, windowSeconds: 600 }),
  );
});
