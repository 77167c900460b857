import type { FastifyPluginAsync } from 'fastify';
import { blogIdParamsSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { getPublicPostMeta } from './blogs.service';
import { injectPostMeta } from './post-meta';

/**
 * /blog/{id}: the app's page carrying the post's own title, description and image, so link
 * previews and crawlers that run no script see them; anything not published gets the plain page.
 */
export const postPageRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { deps }) => {
  app.get('/blog/:id', { schema: { hide: true } }, async (req, reply) => {
    const parsed = blogIdParamsSchema.safeParse(req.params);
    const meta = parsed.success ? await getPublicPostMeta(deps, parsed.data.id) : undefined;
    if (!meta) return reply.sendAppPage();
    const origin = deps.config.publicUrl;
    const post = {
      title: meta.title,
      description: meta.excerpt,
      imageUrl: meta.imageUrl,
      url: `${origin}/blog/${meta.id}`,
      publishedAt: meta.publishedAt,
    };
    // The same page and the same facts give the same head: made once, not on every view.
    return reply.sendAppPage((html) => injectPostMeta(html, post, origin), JSON.stringify(post));
  });
};
