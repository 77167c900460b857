import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPOINTMENT_MSG, CLINIC } from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { LINK_MISS_WINDOW_SECONDS, linkMissKey } from '../../../plugins/rate-limit';
import { escapeHtml } from '../../../lib/text';
import { findLinkPage } from './manage-link.repository';
import { hashOf, SHORT_CODE_RE, tokenOfShortCode } from './manage-token';

/** A page of its own, in Vietnamese, for what a short link cannot open: it says what to do. */
function sendPage(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  const html = `<!doctype html>
<html lang="vi"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" /><title>${escapeHtml(title)} | ${escapeHtml(CLINIC.name)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1 style="font-size: 1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="/">Về trang chủ ${escapeHtml(CLINIC.name)}</a></p></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * GET /l/{code}: the short form of a private link an SMS carries (issue 27). The code (128 bits) is
 * stored nowhere: the whole token is derived from it, and only the token's hash is kept. It opens
 * the management page, the waiting-list page or the pay page (issue 35) of that token.
 *
 * Codes that open nothing are counted per address (issue 34, item 10): past RATE_LIMIT_LINK_MISSES in
 * ten minutes, shared by every process through the limiter's store, the address gets a 429 page and
 * no lookup at all until the window ends; a miss costs one statement. A wrong token on an API route
 * (publicWrite) is a miss of the same budget.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const limit = deps.config.rateLimitLinkMisses;

  const tooMany = (reply: FastifyReply, retryAfterSeconds: number) => {
    deps.metrics.rateLimitRefusals.inc({ rule: 'short-link-miss' });
    reply.header('retry-after', String(retryAfterSeconds));
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return sendPage(reply, 429, APPOINTMENT_MSG.shortLinkTooManyTitle, APPOINTMENT_MSG.shortLinkTooMany(minutes));
  };

  app.get(
    '/l/:code',
    {
      // A page address (like /sitemap.xml), not part of the API's document.
      schema: { hide: true, params: z.object({ code: z.string().regex(SHORT_CODE_RE) }) },
    },
    async (req, reply) => {
      const key = linkMissKey(req.ip);
      const before = await deps.limiter.peek(key, limit);
      if (!before.allowed) return tooMany(reply, before.retryAfterSeconds);
      const token = tokenOfShortCode(req.params.code);
      const page = await findLinkPage(deps.db, hashOf(token));
      if (page) {
        reply.header('cache-control', 'no-store');
        return reply.redirect(page === 'pay' ? `/pay/${token}` : `/appointment/${page}/${token}`, 302);
      }
      const miss = await deps.limiter.hit(key, limit, LINK_MISS_WINDOW_SECONDS);
      if (!miss.allowed) return tooMany(reply, miss.retryAfterSeconds);
      return sendPage(reply, 404, APPOINTMENT_MSG.shortLinkInvalidTitle, APPOINTMENT_MSG.shortLinkInvalid);
    },
  );
};
