import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type {
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MSG, IDEMPOTENT_REPLAY_HEADER } from '@clinic/shared';
import { BadRequestError, ConflictError, AppError } from '../lib/errors';
import { beginIdempotent, finishIdempotent, type IdempotencyKey } from '../modules/idempotency/idempotency.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: an Idempotency-Key is not taken up (a sign-in: its answer is a session, which is never
     * kept; a repeat signs in again, which does nothing twice).
     */
    idempotency?: false;
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_SHAPE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The text of an answer as the route gave it: null for a stream (not kept). */
function plainBody(payload: unknown, encoding: string): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(payload).toString('utf8');
  return encoding ? null : payload.toString('utf8');
}

/** A property of an answer that carries a secret: a private link's token (manageToken, payToken, token) or a session. */
const SECRET_PROPERTY = /^token$|Token$/;

/**
 * The answer as it is kept for a caller without a bearer token. Such a caller is known only by her
 * address, and one address is shared by many phones (carrier NAT, a clinic's Wi-Fi): the server
 * cannot tell her repeat from a neighbour's request with the same key and body. So what is kept, and
 * given again, holds no secret: she gets the outcome (the status, the booking's number) and her
 * private link only by the channels she gave (e-mail, Zalo or SMS). The rest of the answer tells a
 * neighbour nothing she did not send herself. A signed-in caller's scope is her session: hers whole.
 */
export function withoutSecrets(body: string, contentType: string | null): string {
  if (!contentType?.includes('json')) return body;
  try {
    return JSON.stringify(JSON.parse(body, (name, value: unknown) => (SECRET_PROPERTY.test(name) ? undefined : value)));
  } catch {
    return body;
  }
}

/** Requests that hold a key until their answer is kept (or the key released); anonymous: no bearer token. */
const pending = new WeakMap<FastifyRequest, IdempotencyKey & { anonymous: boolean }>();

/**
 * `Idempotency-Key` (issue 25; the IETF draft of that name) on every call that changes something:
 * a request sent again with the same key, by the same caller, gets the first answer again
 * (`Idempotent-Replayed: true`) instead of being done twice; one sent while the first is still
 * running gets 409 with Retry-After; the same key for another request gets 422. Without the header
 * nothing changes. Multipart uploads and streamed answers are not kept. A caller without a bearer
 * token gets her answer again without its secrets (withoutSecrets).
 */
export const idempotencyPlugin = fp(async (app) => {
  const deps = app.deps;

  const before: preHandlerHookHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_SHAPE.test(header))
      throw new BadRequestError(IDEMPOTENCY_MSG.invalidKey, 'INVALID_IDEMPOTENCY_KEY');
    if (req.headers['content-type']?.startsWith('multipart/')) return;
    const anonymous = req.headers.authorization === undefined;
    const k = { scope: sha256(req.headers.authorization ?? `address ${req.ip}`), key: header };
    const requestHash = sha256(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`);
    const outcome = await beginIdempotent(deps, k, requestHash);
    if (outcome.kind === 'run') {
      pending.set(req, { ...k, anonymous });
      return;
    }
    if (outcome.kind === 'busy') {
      reply.header('retry-after', '1');
      throw new ConflictError(IDEMPOTENCY_MSG.inProgress, 'IDEMPOTENCY_IN_PROGRESS');
    }
    if (outcome.kind === 'mismatch') throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.reused);
    const { answer } = outcome;
    reply.code(answer.status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
    if (answer.contentType) reply.type(answer.contentType);
    return reply.send(answer.body);
  };

  const keep: onSendHookHandler = async (req, reply, payload) => {
    const k = pending.get(req);
    if (!k) return payload;
    pending.delete(req);
    try {
      // The compression hook runs first: what is kept is the answer itself, compressed again on a repeat.
      const body = plainBody(payload, String(reply.getHeader('content-encoding') ?? ''));
      const contentType = String(reply.getHeader('content-type') ?? '') || null;
      await finishIdempotent(
        deps,
        k,
        body === null
          ? null
          : { status: reply.statusCode, body: k.anonymous ? withoutSecrets(body, contentType) : body, contentType },
      );
    } catch (err) {
      // The answer goes out whatever happens to its copy; the key is freed so a repeat runs again.
      req.log.warn({ err: (err as Error).message }, 'idempotency: the answer could not be kept');
      await finishIdempotent(deps, k, null).catch(() => undefined);
    }
    return payload;
  };

  // An answer that never reached onSend (the connection closed first): the key is free again.
  const release: onResponseHookHandler = async (req) => {
    const k = pending.get(req);
    if (!k) return;
    pending.delete(req);
    await finishIdempotent(deps, k, null);
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((m) => CHANGING.has(m))) return;
    if (route.config?.idempotency === false) return;
    route.preHandler = [before, ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
    route.onSend = [...[route.onSend ?? []].flat(), keep] as typeof route.onSend;
    route.onResponse = [...[route.onResponse ?? []].flat(), release] as typeof route.onResponse;
  });
});
