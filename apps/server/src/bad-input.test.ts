/**
 * Bad input (issue 11): generated bodies, query strings and path ids sent to every route, as an
 * ADMIN and anonymously. Whatever arrives, the answer is never a 5xx, a 4xx carries the one error
 * shape (docs/PRODUCT.md §1), and a refused request stores nothing.
 *
 * fast-check runs with a fixed seed, so CI sees the same cases every time; a failure prints the
 * route, the counterexample and the seed/path to replay it.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../test/build-app';
import { IMAGES, multipart } from '../test/blog-fixtures';
import { dbKinds } from '../test/databases';
import { detectImageType } from './modules/uploads/image-type';

const SEED = 42;
const RUNS_ADMIN = 30;
const RUNS_ANONYMOUS = 12;

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202Eabc\u202C',
  'مرحبا بالعالم',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uFEFF',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  'Infinity',
  '-1',
  '99999999999',
  '2025-02-30',
  '2026-13-01',
  '0000-00-00',
  '2026-06-15T08:00:00Z',
  '24:00',
  '9:5',
  '25:61',
  'true',
  '{}',
  '[]',
  HUGE,
];
/** Values that look right, so some generated inputs get past the schema and reach the database. */
const PLAUSIBLE_STRINGS = [
  'admin',
  'a@b.co',
  'Nguyễn Văn A',
  '0901234567',
  '2026-06-15',
  '2027-02-28',
  '08:00',
  '14:30',
  'PENDING',
  'ADMIN',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS).map((s) => `${s}\u0000`) },
);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -0,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    1,
    2,
    3,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);
/** Any value of any type: what goes where a field of another type was expected. */
const anyBad: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      nastyString.filter((k) => k.length < 50),
      leaf,
      { maxKeys: 3 },
    ),
  },
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
};

/** A value shaped after the schema most of the time, with nasty contents, and anything at all otherwise. */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyBad;
  const bad = { weight: 1, arbitrary: anyBad };
  if (schema.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, bad);
  if (schema.const !== undefined) return fc.oneof({ weight: 3, arbitrary: fc.constant(schema.const) }, bad);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shaped(s, depth + 1)));
  if (schema.allOf?.length) return shaped(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const edges: string[] = [];
      if (schema.maxLength !== undefined && schema.maxLength < 200_000)
        edges.push('é'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
      if (schema.minLength) edges.push('a'.repeat(schema.minLength - 1));
      return fc.oneof(
        { weight: 5, arbitrary: nastyString },
        ...(edges.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
        bad,
      );
    }
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum]
        .filter((n): n is number => typeof n === 'number')
        .flatMap((n) => [n - 1, n, n + 1]);
      return fc.oneof(
        { weight: 4, arbitrary: nastyNumber },
        ...(edges.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
        bad,
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, bad);
    case 'array':
      return fc.oneof({ weight: 3, arbitrary: fc.array(shaped(schema.items, depth + 1), { maxLength: 4 }) }, bad);
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return anyBad;
      const model = Object.fromEntries(keys.map((k) => [k, shaped(props[k], depth + 1)]));
      const requiredKeys = (schema.required ?? []).filter((k) => keys.includes(k));
      return fc.oneof({ weight: 5, arbitrary: fc.record(model, { requiredKeys }) }, bad);
    }
    default:
      return anyBad;
  }
}

/** Percent-encoding that survives lone surrogates (sent as the bytes of an encoded surrogate, which no decoder accepts). */
function encode(s: string): string {
  return Array.from(s)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const PATH_IDS = [
  '0',
  '-1',
  '1e3',
  '99999999999',
  '%00',
  '..%2f',
  '1.5',
  '-0',
  'NaN',
  'abc',
  '0x10',
  '9223372036854775808',
  '%20',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '1%00',
];
const pathId: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PATH_IDS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  // Ids that exist, so a bad body reaches the row (the admin's own account is kept out, see below).
  { weight: 2, arbitrary: fc.integer({ min: 2, max: 12 }).map(String) },
  { weight: 1, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 200).map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('PENDING', 'ADMIN', 'DOCTOR', 'pending', 'CANCELLED') },
);

function toQueryValue(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(toQueryValue);
  if (v === null || v === undefined) return [''];
  if (typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) for (const s of toQueryValue(v)) parts.push(`${encode(k)}=${encode(s)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Bodies that are not what their content type claims, or that Fastify's JSON parser must refuse. */
const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { payload: '\uFEFF{}', contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain text', contentType: 'text/plain' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: '{}', contentType: 'application/json; charset=latin1' },
  { payload: JSON.stringify({ v: 'x'.repeat(1_100_000) }), contentType: 'application/json' },
];

const BOOKING = {
  fullName: 'Trần Thị Lan',
  phone: '0901234567',
  email: 'lan.tran@example.com',
  appointmentDate: '2027-03-02',
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  reason: 'Khám phụ khoa định kỳ',
  consentHealthData: true,
};
const POST = {
  title: 'Chăm sóc sức khỏe',
  excerpt: 'Tóm tắt.',
  content: '## Nội dung',
  category: 'Phòng bệnh',
  author: 'BS. Ngọc',
  readTime: '5 phút',
  imageUrl: null,
  featured: false,
  status: 'PUBLISHED',
};
const COMMENT = { authorName: 'Ngọc Anh', content: 'Bài viết rất hữu ích!' };
/**
 * Bodies the routes accept: one field changed at a time gets past the rest of the schema, so the
 * nasty values reach the services and the database, not only the first validation error.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/appointments/public': BOOKING,
  'PUT /api/appointments/:id': BOOKING,
  'POST /api/users': {
    username: 'fuzzuser',
    email: 'fuzz@example.com',
    fullName: 'Người Thử',
    password: 'Fuzz@12345',
    role: 'PATIENT',
    phone: '0901234567',
  },
  'PUT /api/users/:id': {
    username: 'fuzzuser2',
    email: 'fuzz2@example.com',
    fullName: 'Người Thử',
    role: 'STAFF',
    phone: '0901234568',
  },
  'PUT /api/users/profile': { fullName: 'Quản trị viên', phone: '0901234569' },
  'POST /api/patients': { fullName: 'Bệnh nhân', phone: '0907654321', email: 'bn@example.com' },
  'POST /api/newsletter': { email: 'tin@example.com' },
  'POST /api/comments/blog/:postId': COMMENT,
  'POST /api/comments/:id/reply': COMMENT,
  'POST /api/comments/:id/react': { type: 'LIKE', visitorId: '7d0b5f5e-9b7c-4c1e-8a8b-2f1f6f3c1a11' },
  'POST /api/blogs': POST,
  'PUT /api/blogs/:id': POST,
  'POST /api/email/send': { to: 'a@example.com', subject: 'Chào', content: 'Nội dung' },
  'POST /api/email/send-payment-confirmation': {
    patientEmail: 'a@example.com',
    patientName: 'Lan',
    appointmentDate: '2027-03-02',
    appointmentTime: '09:00',
    department: 'Phụ khoa',
    paymentAmount: 200000,
  },
  'POST /api/appointments/bulk/cancel': { ids: [3, 4, 99999], reason: 'Bận việc' },
  'POST /api/appointments/bulk/mark-paid': { ids: [3, 4, 99999] },
  'POST /api/appointments/bulk/request-payment': { ids: [3, 4, 99999], amount: 200000 },
  'POST /api/appointments/bulk/delete': { ids: [99998, 99999] },
  'POST /api/appointments/bulk/create-accounts': { ids: [3, 4, 99999] },
  // Never the admin's own account (id 1): the run needs it.
  'POST /api/users/bulk/activate': { ids: [5, 99999] },
  'POST /api/users/bulk/deactivate': { ids: [99998, 99999] },
  'POST /api/users/bulk/delete': { ids: [99998, 99999] },
  'POST /api/blogs/bulk/status': { ids: [1, 2, 99999], status: 'DRAFT' },
  'POST /api/blogs/bulk/delete': { ids: [99998, 99999] },
  'PUT /api/appointments/:id/cancel': { reason: 'Bận việc' },
  'PUT /api/appointments/:id/doctor-decline': { reason: 'Bận việc' },
  'PUT /api/appointments/:id/request-payment': { amount: 200000 },
  'POST /api/auth/change-password': {
    currentPassword: 'wrong-password',
    newPassword: 'Admin@1234',
    confirmPassword: 'Admin@1234',
  },
};

/** The valid body with one field replaced, extended with nasty text, or left out. */
function oneFieldWrong(base: Record<string, unknown>, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(key, nastyString)
        .map(([k, v]) => ({ ...base, [k]: typeof base[k] === 'string' ? `${base[k] as string}${v}` : v })),
    },
    { weight: 2, arbitrary: key.chain((k) => shaped(schema?.properties?.[k]).map((v) => ({ ...base, [k]: v }))) },
    { weight: 1, arbitrary: fc.tuple(key, anyBad).map(([k, v]) => ({ ...base, [k]: v })) },
    { weight: 1, arbitrary: key.map((k) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== k))) },
  );
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

type Route = { method: string; url: string };

/** Every route of the instance, read from `printRoutes({ commonPrefix: false })`: each node's text continues its parent's path. */
export function parseRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ├└─]*?)(?:[├└]── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\s+$/, ''));
    if (!m) continue;
    const depth = m[1]!.length;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + m[2]!;
    stack.push({ depth, path });
    for (const method of m[3]?.split(',').map((s) => s.trim()) ?? []) routes.push({ method, url: path });
  }
  return routes;
}

type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const UPLOAD_ROUTES = new Set(['POST /api/blogs/upload-image', 'POST /api/users/import']);

// ---------------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------------

function answerProblem(res: LightMyRequestResponse, api: boolean): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || !api) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    return `a ${res.statusCode} that is not JSON: ${res.headers['content-type']}`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `a ${res.statusCode} whose body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const ok =
    body.statusCode === res.statusCode &&
    typeof body.code === 'string' &&
    body.code.length > 0 &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    body.error === body.message;
  return ok ? null : `a ${res.statusCode} not in the error shape: ${res.body.slice(0, 300)}`;
}

const FINGERPRINT_TABLES = [
  'appointments',
  'users',
  'blogs',
  'comments',
  'newsletter_subscribers',
  'email_outbox',
  'images',
];

async function fingerprint(t: TestContext): Promise<string> {
  const selects = FINGERPRINT_TABLES.map((name) => `(select count(*) from ${name}) as ${name}`).join(', ');
  const result = (await t.testDb.database.db.execute(sql.raw(`select ${selects}`))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return JSON.stringify(result.rows[0]);
}

type Request = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

/** Sends the request and says what is wrong with the answer, or null. */
async function probe(t: TestContext, req: Request, mustRefuse = false): Promise<string | null> {
  const before = await fingerprint(t);
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    payload: req.payload,
  });
  const problem = answerProblem(res, req.url.startsWith('/api'));
  if (problem) return problem;
  if (mustRefuse && res.statusCode < 400) return `accepted with ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    const after = await fingerprint(t);
    if (after !== before)
      return `a refused request (${res.statusCode} ${res.body.slice(0, 200)}) changed the stored rows: ${before} -> ${after}`;
  }
  return null;
}

function describeRequest(req: Request): string {
  const payload =
    typeof req.payload === 'string' && req.payload.length > 300
      ? `${req.payload.slice(0, 300)}... (${req.payload.length} chars)`
      : req.payload;
  return JSON.stringify({ ...req, payload, url: req.url.length > 300 ? `${req.url.slice(0, 300)}...` : req.url });
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('regressions found by the generators', () => {
  it('a PNG signature alone, or a PNG cut off, is no image (it was stored as image/png with 201)', () => {
    expect(detectImageType(IMAGES.png.subarray(0, 8))).toBeNull();
    expect(detectImageType(IMAGES.png.subarray(0, 12))).toBeNull();
    expect(detectImageType(IMAGES.png.subarray(0, IMAGES.png.length - 1))).toBeNull();
    expect(detectImageType(IMAGES.png)).toBe('image/png');
  });
});

for (const kind of dbKinds()) {
  describe(`bad input on every route [${kind}]`, () => {
    let t: TestContext;
    let adminToken = '';
    let adminId = 0;
    let routes: Route[] = [];
    let operations: Record<string, Record<string, Operation>> = {};

    beforeAll(async () => {
      // Limits that would turn most of the generated requests into 429s stay out of the way.
      t = await buildTestApp(kind, { env: { RATE_LIMIT_LOGIN: '1000000', RATE_LIMIT_PUBLIC: '1000000' } });
      const login = await loginAs(t.app, ...DEMO.admin);
      adminToken = login.token;
      adminId = login.userId;
      routes = parseRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
        // HEAD answers as GET does; the API explorer's static files take no input.
        (r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
      );
      const doc = (await SwaggerParser.dereference((await t.app.inject({ url: '/api/docs/json' })).json())) as {
        paths: Record<string, Record<string, Operation>>;
      };
      operations = doc.paths;
    });
    afterAll(async () => t?.close());

    it('finds the routes of the instance', () => {
      expect(routes.length).toBeGreaterThan(80);
      expect(routes).toContainEqual({ method: 'PUT', url: '/api/appointments/:id/confirm-with-doctor' });
      expect(routes).toContainEqual({ method: 'POST', url: '/api/email/send-payment-confirmation' });
      expect(routes).toContainEqual({ method: 'GET', url: '/blog/:id' });
    });

    /** The generator of whole requests to one route, as the given caller. */
    function requests(route: Route, auth: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Request> {
      const op = operations[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const names = route.url.match(/:\w+/g) ?? [];
      // The admin's own account stays out of /users/:id, or a generated body could take away the role the rest of the run needs.
      const ids = route.url.startsWith('/api/users/') ? pathId.filter((id) => id !== String(adminId)) : pathId;
      const pathArb = fc
        .tuple(...names.map(() => ids))
        .map((values) => names.reduce((url, name, i) => url.replace(name, values[i]!), route.url));
      const queryParams = op?.parameters?.filter((p) => p.in === 'query') ?? [];
      const queryArb = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, shaped(p.schema)])), {
            requiredKeys: [],
          }),
        },
        {
          weight: 1,
          arbitrary: fc.dictionary(
            fc.constantFrom('page', 'size', 'limit', 'q', 'date', 'status', 'sort', 'x'),
            anyBad,
            { maxKeys: 3 },
          ),
        },
      );
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const validBody = VALID_BODIES[`${route.method} ${route.url}`];
      const json = (v: unknown) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' });
      const bodyArb: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
        ? fc.oneof(
            { weight: validBody ? 3 : 6, arbitrary: shaped(bodySchema ?? { type: 'object' }).map(json) },
            ...(validBody ? [{ weight: 6, arbitrary: oneFieldWrong(validBody, bodySchema).map(json) }] : []),
            { weight: 2, arbitrary: anyBad.map(json) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
            { weight: 1, arbitrary: fc.constant({}) },
          )
        : fc.oneof(
            { weight: 5, arbitrary: fc.constant({}) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES.slice(0, 4)) },
          );
      return fc.record({ path: pathArb, query: queryArb, body: bodyArb, auth }).map(({ path, query, body, auth }) => ({
        method: route.method,
        url: path + queryString(query),
        headers: { ...auth, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      }));
    }

    async function checkEveryRoute(auth: fc.Arbitrary<Record<string, string>>, numRuns: number) {
      const failures: string[] = [];
      for (const route of routes) {
        if (UPLOAD_ROUTES.has(`${route.method} ${route.url}`)) continue;
        const details = await fc.check(
          fc.asyncProperty(requests(route, auth), async (req) => {
            const problem = await probe(t, req);
            if (problem) throw new Error(`${problem}\n    request: ${describeRequest(req)}`);
          }),
          { seed: SEED, numRuns, endOnFailure: true },
        );
        if (details.failed) failures.push(`${route.method} ${route.url}: ${fc.defaultReportMessage(details)}`);
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    }

    it('as an ADMIN: never a 5xx, one error shape, nothing stored by a refusal', async () => {
      await checkEveryRoute(fc.constant(bearer(adminToken)), RUNS_ADMIN);
      // The run kept its admin: a later refusal was about the input, not a lost account.
      expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(adminToken) })).statusCode).toBe(200);
    }, 300_000); // every case compares the whole database before and after: minutes on a busy 2-core machine

    it('anonymously or with a broken token: never a 5xx, one error shape, nothing stored by a refusal', async () => {
      const broken = fc.constantFrom<Record<string, string>>(
        {},
        {},
        { authorization: 'Bearer garbage' },
        { authorization: 'Bearer ' },
        { authorization: 'Basic YWRtaW46QWRtaW5AMTIz' },
        { authorization: `Bearer ${'a'.repeat(10_000)}` },
        { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
      );
      await checkEveryRoute(broken, RUNS_ANONYMOUS);
    }, 300_000); // every case compares the whole database before and after: minutes on a busy 2-core machine

    describe('uploads', () => {
      const PNG_SIGNATURE = IMAGES.png.subarray(0, 8);
      const BAD_FILES: [string, Buffer][] = [
        ['zero bytes', Buffer.alloc(0)],
        ['wrong magic bytes', Buffer.from('GIF00a not really an image')],
        ['an executable', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
        ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ['the PNG signature alone', PNG_SIGNATURE],
        ['a truncated PNG', IMAGES.png.subarray(0, 12)],
        ['a PNG cut off halfway', IMAGES.png.subarray(0, IMAGES.png.length >> 1)],
        ['a zip that is no workbook', Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00broken')],
        ['NUL bytes', Buffer.alloc(64)],
      ];
      const OVERSIZED = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024, 1)]);

      const cases = [
        { url: '/api/blogs/upload-image', field: 'image' },
        { url: '/api/users/import', field: 'file' },
      ];

      async function send(
        url: string,
        payload: Buffer | string,
        headers: Record<string, string>,
        authorised = true,
        refused = false,
      ) {
        const req: Request = {
          method: 'POST',
          url,
          payload,
          headers: { ...headers, ...(authorised ? bearer(adminToken) : {}) },
        };
        const problem = await probe(t, req, refused);
        return problem
          ? `${problem}\n    request: ${describeRequest({ ...req, payload: `<${payload.length} bytes>` })}`
          : null;
      }

      it.each(cases)(
        '$url refuses what is no file of its kind with a 4xx in the error shape',
        async ({ url, field }) => {
          const problems: string[] = [];
          for (const [what, bytes] of [...BAD_FILES, ['an oversized body', OVERSIZED] as [string, Buffer]]) {
            const body = multipart(field, 'anh.png', 'image/png', bytes);
            const problem = await send(url, body.payload, body.headers, true, true);
            if (problem) problems.push(`${what}: ${problem}`);
          }
          // Not multipart at all, a multipart without its boundary, the wrong field, a body cut off midway, anonymous.
          const good = multipart(field, 'anh.png', 'image/png', IMAGES.png);
          const others: [string, Buffer | string, Record<string, string>, boolean?][] = [
            ['JSON', '{"image":"x"}', { 'content-type': 'application/json' }],
            ['no boundary', good.payload, { 'content-type': 'multipart/form-data' }],
            [
              'wrong field',
              multipart('other', 'anh.png', 'image/png', IMAGES.png).payload,
              multipart('other', 'a', 'b', IMAGES.png).headers,
            ],
            ['cut off', good.payload.subarray(0, good.payload.length - 20), good.headers],
            ['empty', Buffer.alloc(0), good.headers],
            ['anonymous', good.payload, good.headers, false],
          ];
          for (const [what, payload, headers, authorised] of others) {
            const problem = await send(url, payload, headers, authorised ?? true, true);
            if (problem) problems.push(`${what}: ${problem}`);
          }
          expect(problems, problems.join('\n')).toEqual([]);
        },
      );

      it.each(cases)('$url: generated bytes, names and types never give a 5xx', async ({ url, field }) => {
        const property = fc.asyncProperty(
          fc.oneof(
            fc.uint8Array({ maxLength: 64 }),
            fc.uint8Array({ maxLength: 16 }).map((tail) => Buffer.concat([PNG_SIGNATURE, Buffer.from(tail)])),
          ),
          nastyString.filter((s) => s.length < 300),
          fc.constantFrom(
            'image/png',
            'application/octet-stream',
            '',
            'text/html',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
          async (bytes, filename, contentType) => {
            // Header values cannot carry control characters or non-Latin-1 text; the name is sent as the browser would, escaped.
            const body = multipart(
              field,
              encodeURIComponent(filename.replace(/[\uD800-\uDFFF]/g, '?')),
              contentType,
              Buffer.from(bytes),
            );
            const problem = await send(url, body.payload, body.headers);
            if (problem) throw new Error(problem);
          },
        );
        await fc.assert(property, { seed: SEED, numRuns: 30 });
      });
    });
  });
}
