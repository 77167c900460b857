import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@clinic/shared';
import { errorBody } from './errors';

/**
 * While the process stops (app.close(): the listener is closed at once), a request still reaching
 * it on a kept-alive connection is refused in the one error shape (Fastify's own English 503,
 * return503OnClosing, is off in app.ts), and every answer closes its connection, so no idle
 * keep-alive socket holds the stop back.
 */
export const stoppingPlugin = fp(async (app: FastifyInstance) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!stopping) return;
    // Sent as text: a route's own 503 schema (GET /api/health) must not reshape it.
    const body = JSON.stringify(errorBody(503, 'SERVER_STOPPING', MSG.serverStopping));
    return reply.status(503).type('application/json; charset=utf-8').send(body);
  });
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
});
