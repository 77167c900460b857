import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiErrorSchema, MSG } from '@clinic/shared';
import { AppError, TooManyRequestsError } from '../lib/errors';

type ErrorBody = {
  statusCode: number;
  code: string;
  message: string;
  error: string;
  fields?: { path: string; message: string }[];
};

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { statusCode, code, message, error: message };
}

/** Response schemas for the error statuses a route can answer, so OpenAPI lists them. */
export function errorResponses(...statuses: number[]): Record<number, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema]));
}

// Fastify's own client errors, said in Vietnamese.
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: MSG.invalidInput,
  404: MSG.routeNotFound,
  405: MSG.methodNotAllowed,
  406: MSG.notAcceptable,
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
};

// PostgreSQL refusing a value the caller sent (a NUL character, a number out of range, a date that
// does not exist) or a row that changed under the request: the caller's problem, never a 500.
const INVALID_VALUE_CODES = new Set(['22021', '22P05', '22003', '22007', '22008', '22P02', '22001']);
const CONFLICT_CODES: Record<string, string> = {
  '23505': MSG.alreadyExists,
  '23503': MSG.relatedGone,
};

/** The error and the causes it wraps (a driver's error inside Drizzle's), a few levels deep. */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as { code?: unknown; message?: unknown };
  }
}

function databaseInputError(err: unknown): ErrorBody | null {
  for (const { code } of causeChain(err)) {
    if (typeof code !== 'string') continue;
    if (INVALID_VALUE_CODES.has(code)) return errorBody(400, 'INVALID_VALUE', MSG.invalidInput);
    const conflict = CONFLICT_CODES[code];
    if (conflict) return errorBody(409, 'CONFLICT', conflict);
  }
  return null;
}

// The database out of reach (restarting, failed over, the network down): a passing condition, said
// as 503 with Retry-After, so a caller or a load balancer tries again instead of giving up.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of causeChain(err)) {
    // Class 08: connection exceptions.
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

// What Node answers itself, before Fastify sees a request.
function connectionError(code: string | undefined): ErrorBody {
  if (code === 'HPE_HEADER_OVERFLOW') return errorBody(431, 'HEADERS_TOO_LARGE', MSG.headersTooLarge);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return errorBody(408, 'REQUEST_TIMEOUT', MSG.requestTimeout);
  return errorBody(400, 'BAD_REQUEST', MSG.badRequest);
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (headers too large, too slow,
 * malformed) gets the one error shape too, written straight on the socket as Node would.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const body = connectionError(err.code);
  // Not the error itself: Node's parse errors carry the raw request (its address, a private link's token) in rawPacket.
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: a URL whose percent-encoding does not decode (`/api/users/%E0%A4%A`)
 * is a 400 in the one error shape and in Vietnamese. Fastify's own answer was English and repeated the
 * URL, a private link's token included (issue 29, defect 12).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, req, res) => {
  // The option is typed for any route's reply; this one sends only the error shape.
  const reply = res as unknown as FastifyReply;
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody(400, 'BAD_URL', MSG.badRequest));
    return;
  }
  req.log.error({ err: { code: err.code } }, 'framework error');
  void reply.status(500).send(errorBody(500, 'INTERNAL_ERROR', MSG.serverError));
};

function hasOverlongSegment(url: string): boolean {
  return (url.split('?')[0] ?? '').split('/').some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Undecodable: its raw length counts.
    }
    return Buffer.byteLength(decoded) > 255 || segment.length > 255;
  });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Any request may be one Node cannot parse (a header holding a control character): it gets a 400 in the
  // error shape before a route runs (clientErrorHandler). So every operation says it can answer 400,
  // written here once for every route, one added tomorrow included (issue 34).
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    if (!('400' in response)) response['400'] = apiErrorSchema;
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? '',
      }));
      const body = errorBody(400, 'VALIDATION_ERROR', fields[0]?.message || MSG.invalidInput);
      return reply.status(400).send({ ...body, fields });
    }
    if (err.validation) {
      return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', MSG.invalidInput));
    }
    // A page address with a segment longer than a file name may be (255 bytes) is no file: the static
    // files' lookup failed with ENAMETOOLONG and answered 403. It is an address like any other unknown
    // one, so the app's page answers it (issue 29, defect 12).
    if (err.code === 'FST_STATIC_FORBIDDEN_PATH' && hasOverlongSegment(req.url)) return reply.callNotFound();
    const dbError = databaseInputError(err);
    if (dbError) return reply.status(dbError.statusCode).send(dbError);
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      const message = FRAMEWORK_MESSAGES[status] ?? MSG.invalidInput;
      return reply.status(status).send(errorBody(status, err.code ?? 'BAD_REQUEST', message));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send(errorBody(503, 'DATABASE_UNAVAILABLE', MSG.databaseUnavailable));
    }
    // Details of a server fault stay in the log, never in the response.
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody(500, 'INTERNAL_ERROR', MSG.serverError));
  });
});
