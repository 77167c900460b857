import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers, and a Content-Security-Policy the built web app satisfies (no inline scripts, nothing from elsewhere). */
export const securityPlugin = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity:
      app.deps.config.env === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
    // A private link's token is in the page's address (/appointment/manage/…): no request, to us or
    // elsewhere, carries it in a Referer header, which proxies and other sites' logs write down (issue 34).
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(compress, { global: true, threshold: 1024 });

  // The API's answers hold health data and tokens: a browser (a shared computer at the front desk,
  // a family tablet) keeps none of them. A public read may be kept but is asked again each time.
  // A route that says otherwise (an uploaded image, the sitemap) keeps its own header.
  app.addHook('onSend', async (req, reply) => {
    // An address that carries a private link's token (issue 29): whatever answers it, the web app's
    // page, a JSON read, a calendar or an error, is kept by no browser or cache and indexed by none.
    if (app.privateLinks.isPrivate(req.url)) {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      return;
    }
    if (reply.hasHeader('cache-control') || !req.url.startsWith('/api/')) return;
    const publicRead = req.method === 'GET' && !req.headers.authorization && reply.statusCode < 400;
    reply.header('cache-control', publicRead ? 'no-cache' : 'no-store');
  });
});
