import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** A stop's first step: /api/health answers 503 'stopping'; everything else is served as usual. */
    drain(): void;
    /**
     * A stop's second step: no new connection is accepted, a request on a connection already open is
     * still served, each answer closing its connection. Resolves once no connection is left, or after `waitMs`.
     */
    stopListening(waitMs: number): Promise<void>;
    /** True once a stop has begun. */
    stopping(): boolean;
  }
}

/**
 * A stop that neither resets a connection nor refuses a request it let in (main.ts):
 * 1. drain(): /api/health says 503 so a balancer that checks it sends nothing new;
 * 2. stopListening(): new connections are refused (nginx then tries the other process, which is safe
 *    even for a POST: nothing was sent), while connections already open stay open and each request on
 *    them is answered with `Connection: close`, so the client closes them itself. Closing a kept-alive
 *    connection from this side could meet a request already on its way: a reset, which nginx turns
 *    into a 502 for a POST;
 * 3. app.close(), once the client has closed them all (nginx's upstream keepalive_timeout is shorter
 *    than the wait, docs/DEPLOYMENT.md) or the wait is over: requests in flight are answered.
 */
export const stoppingPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  let closing = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('stopping', () => draining || closing);
  app.decorate('stopListening', async (waitMs: number) => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    // net's close, not http's: http.Server#close also drops every idle kept-alive connection at once.
    NetServer.prototype.close.call(server);
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const open = await new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n ?? 0)));
      if (open === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
