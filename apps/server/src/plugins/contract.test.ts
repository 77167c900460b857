/**
 * The API keeps its own document: the equivalent of `schemathesis run /api/docs/json --checks all`
 * from the npm ecosystem. For every operation of the document the server serves, requests are
 * generated from its schemas (fast-check, seeded from openapi-sampler's sample) and sent anonymously
 * and with each role's token; every answer's status, content type and body are checked against the
 * document (ajv). Invalid requests (a missing required field, a wrong type, a bad path id, a long
 * path segment) must be refused with a documented 4xx; a method the path does not have gets 405.
 *
 * Every finding is collected, so one run lists all of them (see `findings` in the failure message).
 */
import type { ValidateFunction } from 'ajv';
// OpenAPI 3.0 schemas are draft-04's dialect (a boolean exclusiveMinimum, `nullable`).
import Ajv from 'ajv-draft-04';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { sample as openApiSample } from 'openapi-sampler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG, CARE_PLAN_MSG, MSG } from '@clinic/shared';
import { signInAll, type Session } from '../../test/appointments';
import { buildTestApp, type TestContext } from '../../test/build-app';

type Schema = Record<string, unknown> & {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Media = { schema?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  security?: unknown[];
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** A request as the generator builds it: path parameters, query, headers and a JSON body. */
type Req = {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
};

/**
 * The one rule between fields that OpenAPI 3.0's JSON Schema cannot state (a date not before
 * another); the document says it in the parameter's description. A valid request refused for it
 * is not a finding; every other refusal of a request the document accepts is.
 */
const CROSS_FIELD_RULES: { path: string | RegExp; message: string }[] = [
  { path: 'to', message: APPOINTMENT_MSG.invalidDateRange },
  // A care plan's template (issue 37): its anchors fit its kind, a milestone's window runs forward.
  { path: 'anchors', message: 'Mốc tính không hợp với loại kế hoạch' },
  { path: 'milestones', message: 'Mỗi mốc cần một mã riêng' },
  { path: /^(milestones\.\d+\.)?to$/, message: 'Ngày bắt đầu của khoảng phải trước ngày kết thúc' },
  {
    path: /^(milestones\.\d+\.)?repeat$/,
    message: 'Bước lặp của ngày bắt đầu không lớn hơn bước lặp của ngày kết thúc',
  },
  // A plan's visit that waits on a slot names the slot (issue 37): WAIT needs its date and time.
  { path: /^visits\.\d+\.date$/, message: CARE_PLAN_MSG.waitNeedsSlot },
  // A path id past PostgreSQL's integer: its pattern (up to ten digits) cannot bound the value.
  { path: 'visitId', message: 'Mã lượt khám của kế hoạch không hợp lệ' },
];
const matches = (rule: string | RegExp, path: string) => (typeof rule === 'string' ? rule === path : rule.test(path));

const SEED = 20261126;
const REFUSALS = new Set([400, 401, 403, 404, 406, 422, 428]);
const VALID_RUNS = 3; // per operation and caller
/**
 * The document's operations with a path parameter, and its paths that lack a method (71 and 143 in
 * November 2026): the two sweeps below check at least these many, never a filter that matched nothing.
 */
const CHECKED_PATH_PARAMS = 71;
const CHECKED_MISSING_METHODS = 143;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const CALLERS = ['anonymous', 'patient', 'doctor', 'staff', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

describe('the API keeps its OpenAPI document (contract test)', () => {
  let t: TestContext;
  let doc: Doc;
  let ajv: Ajv;
  let sessions: Record<Caller, Session | null>;
  const findings = new Set<string>();
  const validators = new Map<Schema, ValidateFunction>();

  const validatorFor = (schema: Schema): ValidateFunction => {
    let v = validators.get(schema);
    if (!v) {
      // The components ride along so the schema's $refs resolve against its own root.
      v = ajv.compile({ ...schema, components: doc.components ?? {} });
      validators.set(schema, v);
    }
    return v;
  };
  const resolve = (s: Schema): Schema => {
    let out = s;
    for (let i = 0; out.$ref && i < 10; i++) out = doc.components!.schemas![out.$ref.split('/').pop()!]!;
    return out;
  };

  /** A fast-check arbitrary of values the schema accepts (depth-bounded for the recursive comment). */
  const arbitraryOf = (raw: Schema, depth = 0): fc.Arbitrary<unknown> => {
    const s = resolve(raw);
    const base = ((): fc.Arbitrary<unknown> => {
      if (s.enum) return fc.constantFrom(...s.enum);
      if ('const' in s) return fc.constant(s.const);
      const union = s.anyOf ?? s.oneOf;
      // A typed schema with anyOf: the union is a rule on the type's values (a correction needs details).
      if (union && s.type) {
        const { anyOf: _a, oneOf: _o, ...typed } = s;
        return arbitraryOf(typed, depth + 1).filter((v) => validatorFor(s)(v));
      }
      if (union) return fc.oneof(...union.map((u) => arbitraryOf(u, depth + 1)));
      if (s.allOf?.length === 1) return arbitraryOf(s.allOf[0]!, depth + 1);
      switch (s.type) {
        case 'string': {
          const minLength = (s.minLength as number | undefined) ?? 0;
          const maxLength = Math.min((s.maxLength as number | undefined) ?? 40, minLength + 40);
          if (typeof s.pattern === 'string') {
            return fc
              .stringMatching(new RegExp(s.pattern))
              .filter((v) => v.length >= minLength && v.length <= ((s.maxLength as number | undefined) ?? 1e9));
          }
          if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
          if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
          if (s.format === 'email') return fc.emailAddress();
          return fc.string({ minLength, maxLength });
        }
        case 'integer':
        case 'number': {
          const min = Math.max((s.minimum as number | undefined) ?? -1e9, -1e9) + (s.exclusiveMinimum ? 1 : 0);
          const max = Math.min((s.maximum as number | undefined) ?? 1e9, 1e9) - (s.exclusiveMaximum ? 1 : 0);
          return s.type === 'integer'
            ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
            : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        }
        case 'boolean':
          return fc.boolean();
        case 'array':
          return fc.array(depth > 3 ? fc.constant(null) : arbitraryOf(s.items ?? {}, depth + 1), {
            minLength: (s.minItems as number | undefined) ?? 0,
            maxLength: Math.min((s.maxItems as number | undefined) ?? 3, ((s.minItems as number) ?? 0) + 3),
          });
        case 'object': {
          const props = Object.fromEntries(
            Object.entries(s.properties ?? {}).map(([k, p]) => [k, arbitraryOf(p, depth + 1)]),
          );
          const record = fc.record(props, { requiredKeys: s.required ?? [] });
          // A body that takes one field of several (the claim code's e-mail or phone) says so.
          const most = s.maxProperties as number | undefined;
          return most === undefined ? record : record.filter((v) => Object.keys(v).length <= most);
        }
        default:
          return fc.constant(null);
      }
    })();
    return s.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
  };

  /** openapi-sampler's example first (a realistic value), then generated ones. */
  const valueOf = (schema: Schema): fc.Arbitrary<unknown> => {
    let sampled: unknown;
    try {
      sampled = openApiSample(schema as never, { skipReadOnly: true, quiet: true }, doc as never);
    } catch {
      sampled = undefined;
    }
    const generated = arbitraryOf(schema);
    const valid = sampled !== undefined && validatorFor(schema)(sampled);
    return valid
      ? fc.oneof({ arbitrary: fc.constant(sampled), weight: 1 }, { arbitrary: generated, weight: 2 })
      : generated;
  };

  const asParam = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

  const requestArbitrary = (op: Operation): fc.Arbitrary<Req> => {
    const part = (where: Parameter['in']) => {
      const params = (op.parameters ?? []).filter((p) => p.in === where);
      return fc.record(Object.fromEntries(params.map((p) => [p.name, valueOf(p.schema).map(asParam)])), {
        requiredKeys: params.filter((p) => p.required || where === 'path').map((p) => p.name),
      }) as fc.Arbitrary<Record<string, string>>;
    };
    const json = op.requestBody?.content['application/json']?.schema;
    return fc.record({
      path: part('path'),
      query: part('query'),
      headers: part('header'),
      ...(json ? { body: valueOf(json) } : {}),
    }) as fc.Arbitrary<Req>;
  };

  const urlOf = (template: string, req: Req): string => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.path[name] ?? ''));
    const query = new URLSearchParams(req.query).toString();
    return query ? `${path}?${query}` : path;
  };

  /** Is every part of the request what the document accepts? */
  const isValid = (op: Operation, req: Req): boolean => {
    for (const p of op.parameters ?? []) {
      const bag = p.in === 'path' ? req.path : p.in === 'query' ? req.query : req.headers;
      const raw = bag[p.name];
      if (raw === undefined) {
        if (p.required || p.in === 'path') return false;
        continue;
      }
      // Query and path values travel as text; ajv's coercion reads them as the server does.
      const s = resolve(p.schema);
      const value =
        s.type === 'integer' || s.type === 'number'
          ? Number(raw)
          : s.type === 'boolean'
            ? raw === 'true'
              ? true
              : raw === 'false'
                ? false
                : raw
            : raw;
      if (!validatorFor(p.schema)(value)) return false;
    }
    const json = op.requestBody?.content['application/json']?.schema;
    if (json && op.requestBody?.required && req.body === undefined) return false;
    if (json && req.body !== undefined && !validatorFor(json)(req.body)) return false;
    return true;
  };

  const send = async (method: string, template: string, op: Operation, req: Req, caller: Caller, kind: string) => {
    const session = sessions[caller];
    const res = await t.app.inject({
      method: method.toUpperCase() as 'GET',
      url: urlOf(template, req),
      headers: { ...req.headers, ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
      ...(req.body !== undefined
        ? {
            payload: JSON.stringify(req.body),
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              ...(session ? { authorization: `Bearer ${session.token}` } : {}),
            },
          }
        : {}),
    });
    const where = `${method.toUpperCase()} ${template} [${caller}, ${kind}]`;
    const status = res.statusCode;
    const documented = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    if (status >= 500) findings.add(`${where}: ${status} server error`);
    if (!documented) {
      findings.add(`${where}: status ${status} not in the document (${res.body.slice(0, 120)})`);
      return res;
    }
    // Schemathesis' negative_data_rejection takes these statuses for a refusal (not 409, not 429).
    if (kind !== 'valid' && !REFUSALS.has(status)) findings.add(`${where}: invalid request answered ${status}`);
    // Its ignored_auth: an operation that names a security scheme never serves an anonymous caller.
    if (caller === 'anonymous' && op.security?.length && status < 300) findings.add(`${where}: served without a token`);
    if (kind === 'valid' && status === 400) {
      const { code, fields = [] } = res.json() as { code?: string; fields?: { path: string; message: string }[] };
      const crossField =
        fields.length > 0 &&
        fields.every((f) => CROSS_FIELD_RULES.some((r) => matches(r.path, f.path) && r.message === f.message));
      if ((code === 'VALIDATION_ERROR' || code === 'INVALID_VALUE') && !crossField)
        findings.add(`${where}: a request the document accepts refused with ${code} (${res.body.slice(0, 160)})`);
    }
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (res.rawPayload.length === 0) return res;
    const media = documented.content?.[contentType];
    if (!media) {
      findings.add(
        `${where}: ${status} answered ${contentType || 'no content type'}, document says ${Object.keys(documented.content ?? {}).join(', ') || 'no body'}`,
      );
      return res;
    }
    if (media.schema && contentType === 'application/json') {
      const validate = validatorFor(media.schema);
      if (!validate(res.json())) {
        findings.add(`${where}: ${status} body breaks its schema: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
      }
    }
    return res;
  };

  /** Requests the document refuses, one rule broken at a time; null when the operation has no such part. */
  const invalidVariants = (op: Operation, valid: Req): { kind: string; req: Req }[] => {
    const out: { kind: string; req: Req }[] = [];
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
    for (const p of pathParams) {
      for (const [kind, bad] of [
        ['bad path id', 'not-an-id!'],
        ['long path segment', 'a'.repeat(1000)],
      ] as const) {
        const req = { ...valid, path: { ...valid.path, [p.name]: bad } };
        if (!isValid(op, req)) out.push({ kind: `${kind} ${p.name}`, req });
      }
    }
    for (const p of (op.parameters ?? []).filter((x) => x.in === 'query')) {
      const s = resolve(p.schema);
      if (s.type === 'string' && !s.enum && !s.pattern && !s.format) continue;
      const req = { ...valid, query: { ...valid.query, [p.name]: 'zz not valid zz' } };
      if (!isValid(op, req)) {
        out.push({ kind: `bad query ${p.name}`, req });
        break;
      }
    }
    const json = op.requestBody?.content['application/json']?.schema;
    if (json) {
      const s = resolve(json);
      const body = valid.body && typeof valid.body === 'object' ? (valid.body as Record<string, unknown>) : {};
      const required = s.required?.[0];
      if (required) {
        const { [required]: _, ...rest } = body;
        out.push({ kind: `missing ${required}`, req: { ...valid, body: rest } });
      }
      const prop = Object.keys(s.properties ?? {})[0];
      if (prop) {
        const wrong = { ...body, [prop]: resolve(s.properties![prop]!).type === 'object' ? 'text' : { wrong: 'type' } };
        const req = { ...valid, body: wrong };
        if (!isValid(op, req)) out.push({ kind: `wrong type ${prop}`, req });
      }
      out.push({ kind: 'body not an object', req: { ...valid, body: [] } });
    }
    return out;
  };

  beforeAll(async () => {
    // With a web build, as the landed product runs: its static files answer the URLs no route takes.
    const root = mkdtempSync(join(tmpdir(), 'clinic-contract-web-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(
      join(root, 'dist', 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp('pglite', { build: { webDist: join(root, 'dist') } });
    doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
    ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    const s = await signInAll(t.app);
    sessions = { anonymous: null, patient: s.patient, doctor: s.doctor, staff: s.staff, admin: s.admin };
  }, 120_000);
  afterAll(async () => t?.close());

  const operations = (): [string, string, Operation][] => {
    const ops: [string, string, Operation][] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of METHODS) if (item[method]) ops.push([method, path, item[method]!]);
    // Reads first, then writes, removals last: a removal that lands on a demo account ends its token.
    const rank = (m: string) => (m === 'get' ? 0 : m === 'delete' ? 2 : 1);
    return ops.sort((a, b) => rank(a[0]) - rank(b[0]));
  };

  it('answers generated requests for every operation and caller as its document says', async () => {
    let sent = 0;
    for (const [method, path, op] of operations()) {
      const requests = fc.sample(requestArbitrary(op), { seed: SEED, numRuns: VALID_RUNS * CALLERS.length * 4 });
      const valid = requests.filter((r) => isValid(op, r)).slice(0, VALID_RUNS * CALLERS.length);
      if (valid.length === 0) findings.add(`${method.toUpperCase()} ${path}: no valid request could be generated`);
      for (const [i, req] of valid.entries()) {
        await send(method, path, op, req, CALLERS[i % CALLERS.length]!, 'valid');
        sent++;
      }
      const base = valid[0];
      if (base) {
        for (const { kind, req } of invalidVariants(op, base)) {
          for (const caller of ['anonymous', 'admin'] as const) {
            await send(method, path, op, req, caller, kind);
            sent++;
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect([...findings].sort()).toEqual([]);
  }, 300_000);

  it('refuses a path parameter whose percent-encoding does not decode with a documented 400, in Vietnamese, without the URL', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [method, path, op] of operations()) {
      if (!path.includes('{')) continue;
      checked++;
      const url = path.replace(/\{(\w+)\}/g, '%E0%A4%A');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      const body = res.json() as { code?: string; message?: string };
      const ok =
        res.statusCode === 400 && !!op.responses['400'] && body.message === MSG.badRequest && !res.body.includes('%E0');
      if (!ok) wrong.push(`${method.toUpperCase()} ${path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    console.log(`[contract] ${checked} operations with a path parameter sent a bad percent-encoding`);
    expect(checked).toBeGreaterThanOrEqual(CHECKED_PATH_PARAMS);
    expect(wrong).toEqual([]);
  });

  it('answers a page address with a long segment as any unknown page address, not 403', async () => {
    const unknown = await t.app.inject({ url: '/khong-co-trang-nay' });
    const long = await t.app.inject({ url: `/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(unknown.statusCode);
    expect(long.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it('answers a method a path does not have with 405 and the methods it has in Allow', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const has = METHODS.filter((m) => item[m]);
      const missing = METHODS.find((m) => !item[m]);
      if (!missing) continue;
      checked++;
      const url = path.replace(/\{(\w+)\}/g, '1');
      const res = await t.app.inject({ method: missing.toUpperCase() as 'GET', url });
      const allow = String(res.headers.allow ?? '');
      const ok = res.statusCode === 405 && has.every((m) => allow.includes(m.toUpperCase()));
      if (!ok) wrong.push(`${missing.toUpperCase()} ${path}: ${res.statusCode} allow=${allow}`);
    }
    console.log(`[contract] ${checked} paths sent a method they do not have`);
    expect(checked).toBeGreaterThanOrEqual(CHECKED_MISSING_METHODS);
    expect(wrong).toEqual([]);
  });
});
