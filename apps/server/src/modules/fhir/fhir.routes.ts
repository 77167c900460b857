import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { FHIR_CLIENT_ACTOR } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { bearerToken } from '../../plugins/auth';
import { resolveSession } from '../auth/auth.service';
import { recordAccess, recordAccesses } from '../privacy/access-log.service';
import { capabilityStatement, COMMON_SEARCH_PARAMS, INTERACTIONS, smartConfiguration } from './capability';
import { fhirBase, fhirCaller, issueToken, type FhirCaller, type TokenRequest } from './fhir-clients.service';
import { FhirError, OAuthError, operationOutcome, type IssueType } from './outcome';
import { belongsTo, forbiddenType, ownSearch } from './patient-access';
import { NEEDS, RESOURCES, type Ctx, type Found, type ResourceDef, type Subject } from './resources';
import { allows, PATIENT_READABLE_TYPES } from './scopes';
import { cancelAppointment, OPERATIONS, parametersOf } from './appointment-operations';
import { bookingPatientId, numericIds, paging, type Params } from './search';

declare module 'fastify' {
  interface FastifyRequest {
    fhirCaller?: FhirCaller;
    /** A signed-in patient reading her own records with her session token (patient-access.ts). */
    fhirPatient?: { id: number; username: string };
  }
}

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const FORMATS = new Set(['json', 'application/json', 'application/fhir+json', 'fhir+json']);
const ACCEPTED = /(^|,)\s*(application\/(fhir\+)?json|application\/\*|\*\/\*)\s*(;|,|$)/i;
const TOKEN_PATH = '/auth/token';

const ISSUES: Record<number, IssueType> = {
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
};

/**
 * The FHIR R4 endpoint under /fhir (issue 38, docs/FHIR.md): JSON only, errors as OperationOutcome,
 * SMART Backend Services tokens. Its resource routes are made from the resource table (resources.ts),
 * as is its CapabilityStatement.
 */
export const fhirRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { deps }) => {
  const base = fhirBase(deps.config);

  // The endpoint speaks FHIR, not the API's error shape: its routes have no response schemas (the
  // errors plugin gives every route one for 400), and none appears in the API's OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { hide: true };
  });

  // The token endpoint's body (RFC 6749): form fields, each once.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        if (k in fields) return done(new OAuthError(400, 'invalid_request', `'${k}' given twice`), undefined);
        fields[k] = v;
      }
      done(null, fields);
    },
  );

  // The operations' and updates' bodies: FHIR JSON and JSON Patch (RFC 6902).
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json-patch+json'],
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new FhirError(400, 'invalid', 'The body is not JSON'), undefined);
      }
    },
  );

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const onToken = req.routeOptions.url === `/fhir${TOKEN_PATH}`;
    if (err instanceof OAuthError || (onToken && !(err instanceof TooManyRequestsError))) {
      const e =
        err instanceof OAuthError
          ? err
          : new OAuthError(
              400,
              'invalid_request',
              err.statusCode && err.statusCode < 500 ? err.message : 'bad request',
            );
      if (!(err instanceof OAuthError) && !(err.statusCode && err.statusCode < 500))
        req.log.error({ err }, 'request failed');
      if (e.statusCode === 401) reply.header('www-authenticate', 'Bearer');
      return reply
        .status(e.statusCode)
        .header('cache-control', 'no-store')
        .send({ error: e.code, error_description: e.message });
    }
    let status: number;
    let issue: IssueType;
    let message: string;
    if (err instanceof FhirError) {
      ({ statusCode: status, issue, message } = err);
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    } else if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
      status = err.statusCode;
      issue = ISSUES[status] ?? 'invalid';
      message = err.message;
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      issue = ISSUES[status] ?? 'invalid';
      message = 'The request could not be read';
    } else {
      req.log.error({ err }, 'request failed');
      status = 500;
      issue = 'exception';
      message = 'The server failed to answer';
    }
    return reply.status(status).type(FHIR_JSON).send(operationOutcome(issue, message));
  });

  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .type(FHIR_JSON)
      .send(operationOutcome('not-found', `No resource type or operation at ${req.method} ${req.url.split('?')[0]}`)),
  );

  // JSON only: a _format or an Accept header asking for anything else is 406.
  app.addHook('onRequest', async (req) => {
    const query = req.query as Record<string, unknown>;
    const format = query?._format;
    if (format !== undefined && (typeof format !== 'string' || !FORMATS.has(format.toLowerCase())))
      throw new FhirError(406, 'not-supported', 'Only JSON is served: _format=json or application/fhir+json');
    const accept = req.headers.accept;
    if (accept && !ACCEPTED.test(accept))
      throw new FhirError(
        406,
        'not-supported',
        'Only JSON is served: Accept application/fhir+json or application/json',
      );
  });

  app.get('/metadata', async (_req, reply) =>
    reply.type(FHIR_JSON).send(capabilityStatement(deps.config, deps.clock.now().toISOString())),
  );

  app.get('/.well-known/smart-configuration', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(smartConfiguration(deps.config)),
  );

  app.post(
    TOKEN_PATH,
    {
      config: { idempotency: false },
      preHandler: app.rateLimit({ name: 'fhir-token', limit: deps.config.rateLimitLoginPerAddress, windowSeconds: 60 }),
    },
    async (req, reply) => {
      if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
        throw new OAuthError(400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
      const token = await issueToken(deps, (req.body ?? {}) as TokenRequest);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(token);
    },
  );

  /**
   * The caller's token: a client's access token, or a signed-in patient's own session token (she
   * reads her own records); a back-office session is 403, anything else 401 (a revoked client's
   * included).
   */
  const authenticate = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    const caller = token ? await fhirCaller(deps, token) : null;
    if (caller) {
      req.fhirCaller = caller;
      return;
    }
    const session = token ? await resolveSession(deps, token) : null;
    if (session) {
      if (session.role !== 'PATIENT')
        throw new FhirError(
          403,
          'forbidden',
          'A back-office session does not read through FHIR: outside systems use a client token',
        );
      if (session.mustChangePassword) throw new FhirError(403, 'forbidden', 'The password must be changed first');
      req.fhirPatient = { id: session.id, username: session.username };
      return;
    }
    throw new FhirError(401, 'login', 'A valid SMART Backend Services access token is required', {
      'www-authenticate': 'Bearer',
    });
  };
  const perClient = app.rateLimit({
    name: 'fhir-client',
    // What one client may ask per minute (RATE_LIMIT_FHIR; the API's budgets are per minute too).
    limit: deps.config.rateLimitFhir,
    windowSeconds: 60,
    key: (req) => (req.fhirPatient ? `patient:${req.fhirPatient.id}` : String(req.fhirCaller?.id ?? req.ip)),
  });

  const ctx: Ctx = { deps, base };

  /** Each health record answered becomes an access record naming the client ('Nhật ký truy cập'). */
  const logAccess = async (req: FastifyRequest, subjects: Subject[]) => {
    // A HEAD answers no body: nothing was read. A patient reading her own is no back-office read.
    if (req.method === 'HEAD' || req.fhirPatient) return;
    const caller = req.fhirCaller!;
    // A search's page at once: one insert for its records, in the page's order.
    await recordAccesses(
      deps,
      subjects.map((subject) => ({
        actor: { id: null, username: caller.name, role: FHIR_CLIENT_ACTOR },
        target: subject.target,
        outcome: 'READ' as const,
        ...(subject.appointmentId ? { appointmentId: subject.appointmentId } : {}),
        ...(subject.subjectEmail ? { subjectEmail: subject.subjectEmail } : {}),
        ...(subject.subjectName ? { subjectName: subject.subjectName } : {}),
        address: req.ip,
      })),
    );
  };

  /**
   * 403 without the scope. A refused read of health data is recorded as REFUSED, as a back-office
   * refusal is (plugins/access-log.ts).
   */
  const needScope = async (req: FastifyRequest, r: ResourceDef, interaction: keyof typeof NEEDS) => {
    if (req.fhirPatient) {
      if (PATIENT_READABLE_TYPES.has(r.type)) return;
      throw forbiddenType(r.type);
    }
    if (allows(req.fhirCaller!.scopes, r.type, NEEDS[interaction])) return;
    const target = r.refusedTarget;
    if (target && req.method !== 'HEAD') {
      const raw = (req.params as { id?: string }).id ?? '';
      // An Encounter's id is its appointment's; a Patient booking-{id} is that booking's person.
      const id =
        r.type === 'Appointment' || r.type === 'Encounter'
          ? (numericIds([raw])[0] ?? null)
          : r.type === 'Patient'
            ? bookingPatientId(raw)
            : null;
      await recordAccess(deps, {
        actor: { id: null, username: req.fhirCaller!.name, role: FHIR_CLIENT_ACTOR },
        target,
        outcome: 'REFUSED',
        ...(id !== null ? { appointmentId: id } : {}),
        address: req.ip,
      });
    }
    throw new FhirError(403, 'forbidden', `The token's scopes do not allow ${interaction} of ${r.type}`);
  };

  for (const r of RESOURCES) {
    if (INTERACTIONS.includes('search-type')) {
      app.get(`/${r.type}`, { preHandler: [authenticate, perClient] }, async (req, reply) => {
        await needScope(req, r, 'search-type');
        const asked = paramsOf(req, r);
        const page = paging(asked);
        const patient = req.fhirPatient;
        const params = patient ? ownSearch(r.type, asked, base, patient.id) : asked;
        const found = await r.search(ctx, params, page);
        if (patient && found.resources.some((x) => !belongsTo(x, patient.id)))
          throw new FhirError(403, 'forbidden', "A patient's own token reads her own records only");
        await logAccess(req, found.subjects);
        return reply.type(FHIR_JSON).send(searchBundle(base, r.type, asked, page, found));
      });
    }
    if (INTERACTIONS.includes('read')) {
      app.get(`/${r.type}/:id`, { preHandler: [authenticate, perClient] }, async (req, reply) => {
        await needScope(req, r, 'read');
        const { id } = req.params as { id: string };
        const found = /^[A-Za-z0-9\-.]{1,64}$/.test(id) ? await r.read(ctx, id) : null;
        // Another patient's record is as unknown to her as one that does not exist.
        if (!found || (req.fhirPatient && !belongsTo(found.resource, req.fhirPatient.id)))
          throw new FhirError(404, 'not-found', `${r.type}/${id.slice(0, 64)} is not known`);
        await logAccess(req, found.subjects);
        return reply.type(FHIR_JSON).send(found.resource);
      });
    }
  }

  // The booking operations (IHE ITI Scheduling) and the status change to cancelled: appointment-operations.ts.
  // An outside system's, by its client token: a patient's own session reads, she books on the site.
  const clientOf = (req: FastifyRequest): FhirCaller => {
    if (!req.fhirCaller)
      throw new FhirError(403, 'forbidden', "A patient's own token reads her own records; booking is a client's");
    return req.fhirCaller;
  };
  const appointmentsRow = RESOURCES.find((r) => r.type === 'Appointment')!;
  const readBack = async (req: FastifyRequest, id: number) => {
    const found = await appointmentsRow.read(ctx, String(id));
    if (!found) throw new FhirError(404, 'not-found', `Appointment/${id} is not known`);
    await logAccess(req, found.subjects);
    return found.resource;
  };
  for (const op of OPERATIONS) {
    app.post(`/${op.type}/$${op.name}`, { preHandler: [authenticate, perClient] }, async (req, reply) => {
      const caller = clientOf(req);
      if (!op.needs.some((i) => allows(caller.scopes, op.type, i)))
        throw new FhirError(403, 'forbidden', `The token's scopes do not allow $${op.name} on ${op.type}`);
      const answer = await op.run(ctx, parametersOf(req.body), caller);
      const resource = 'resource' in answer ? answer.resource : await readBack(req, answer.appointmentId);
      return reply.type(FHIR_JSON).send(resource);
    });
  }
  const cancel = async (req: FastifyRequest) => {
    const caller = clientOf(req);
    if (!allows(caller.scopes, 'Appointment', 'u'))
      throw new FhirError(403, 'forbidden', "The token's scopes do not allow update of Appointment");
    const raw = (req.params as { id: string }).id;
    const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
    if (id === null) throw new FhirError(404, 'not-found', `Appointment/${raw.slice(0, 64)} is not known`);
    const { reason } = cancellationOf(req, id);
    await cancelAppointment(ctx, id, reason, caller);
    return readBack(req, id);
  };
  app.put('/Appointment/:id', { preHandler: [authenticate, perClient] }, async (req, reply) =>
    reply.type(FHIR_JSON).send(await cancel(req)),
  );
  app.patch('/Appointment/:id', { preHandler: [authenticate, perClient] }, async (req, reply) =>
    reply.type(FHIR_JSON).send(await cancel(req)),
  );
};

/** The status an update asks: `cancelled` (the only change a client makes), with its reason. */
function cancellationOf(req: FastifyRequest, id: number): { reason: string | null } {
  const body = req.body as unknown;
  const isPatch = req.method === 'PATCH';
  if (isPatch) {
    if (!/^application\/json-patch\+json\b/i.test(req.headers['content-type'] ?? ''))
      throw new FhirError(415, 'not-supported', 'A PATCH is a JSON Patch: application/json-patch+json');
    const ops = Array.isArray(body) ? (body as { op?: unknown; path?: unknown; value?: unknown }[]) : null;
    const status = ops?.find((o) => o?.path === '/status');
    if (!ops || !status || !['replace', 'add'].includes(String(status.op)) || status.value !== 'cancelled')
      throw new FhirError(400, 'invalid', 'Only a change of /status to cancelled is accepted');
    const reason = ops.find((o) => o?.path === '/cancelationReason')?.value as { text?: unknown } | undefined;
    if (ops.some((o) => o?.path !== '/status' && o?.path !== '/cancelationReason'))
      throw new FhirError(400, 'invalid', 'Only /status and /cancelationReason may change');
    return { reason: reasonText(reason) };
  }
  const a = body as { resourceType?: unknown; id?: unknown; status?: unknown; cancelationReason?: unknown } | null;
  if (!a || a.resourceType !== 'Appointment' || a.id !== String(id))
    throw new FhirError(400, 'invalid', 'The body must be this Appointment (its id the one in the address)');
  if (a.status !== 'cancelled') throw new FhirError(400, 'invalid', 'Only a change of status to cancelled is accepted');
  return { reason: reasonText(a.cancelationReason as { text?: unknown } | undefined) };
}

function reasonText(c: { text?: unknown; coding?: { display?: unknown }[] } | undefined): string | null {
  const t =
    typeof c?.text === 'string' ? c.text : typeof c?.coding?.[0]?.display === 'string' ? c.coding[0].display : null;
  // eslint-disable-next-line no-control-regex
  if (t !== null && (t.trim() === '' || t.length > 500 || /[\u0000-\u001f]/.test(t)))
    throw new FhirError(400, 'invalid', 'cancelationReason: 1 to 500 characters');
  return t?.trim() ?? null;
}

/** The query as FHIR search parameters: a name the resource does not take is a 400. */
function paramsOf(req: FastifyRequest, r: ResourceDef): Params {
  const known = new Set([...r.searchParams.map((p) => p.name), ...COMMON_SEARCH_PARAMS.map((p) => p.name), '_format']);
  const params: Params = new Map();
  for (const [name, value] of Object.entries((req.query ?? {}) as Record<string, string | string[]>)) {
    if (!known.has(name))
      throw new FhirError(
        400,
        'not-supported',
        `Search parameter '${name.slice(0, 64)}' is not supported for ${r.type}`,
      );
    if (name === '_format') continue;
    params.set(name, [value].flat());
  }
  return params;
}

function searchBundle(
  base: string,
  type: string,
  params: Params,
  page: { count: number; offset: number },
  found: Found,
) {
  const link = (offset: number) => {
    const q = new URLSearchParams();
    for (const [name, values] of params) {
      if (name === '_count' || name === '_offset') continue;
      for (const v of values) q.append(name, v);
    }
    q.set('_count', String(page.count));
    q.set('_offset', String(offset));
    return `${base}/${type}?${q.toString()}`;
  };
  const links = [{ relation: 'self', url: link(page.offset) }];
  if (page.count > 0 && page.offset + page.count < found.total)
    links.push({ relation: 'next', url: link(page.offset + page.count) });
  if (page.offset > 0 && page.count > 0)
    links.push({ relation: 'previous', url: link(Math.max(0, page.offset - page.count)) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: found.total,
    link: links,
    // FHIR has no empty arrays: a page without entries has no entry element.
    ...(found.resources.length
      ? {
          entry: found.resources.map((resource) => ({
            fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
            resource,
            search: { mode: 'match' },
          })),
        }
      : {}),
  };
}
