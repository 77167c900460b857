import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../deps';
import { findManageLinkAppointmentId } from './manage-link.repository';
import { hashOf, SHORT_CODE_RE, tokenOfShortCode } from './manage-token';
import { findWaitingEntryByHash } from './waiting-list.repository';

/**
 * GET /l/{code}: the short form of a private link an SMS carries (issue 27). The code (128 bits) is
 * stored nowhere: the whole token is derived from it, and only the token's hash is kept. It opens
 * the management page, or the waiting-list page, of that token.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/l/:code',
    {
      // A page address (like /sitemap.xml), not part of the API's document.
      schema: { hide: true, params: z.object({ code: z.string().regex(SHORT_CODE_RE) }) },
    },
    async (req, reply) => {
      const token = tokenOfShortCode(req.params.code);
      const hash = hashOf(token);
      const page =
        (await findManageLinkAppointmentId(deps.db, hash)) == null && (await findWaitingEntryByHash(deps.db, hash))
          ? 'waiting'
          : 'manage';
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/appointment/${page}/${token}`, 302);
    },
  );
};
