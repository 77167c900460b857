import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { MSG } from '@clinic/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { systemClock } from './lib/clock';
import { createMemoryRateLimiter } from './lib/rate-limiter';
import { createTokenService } from './lib/tokens';
import { buildTestApp, type TestContext } from '../test/build-app';
import { createTestDatabase, dbKinds } from '../test/databases';

for (const kind of dbKinds()) {
  describe(`the API shell [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(async () => t?.close());

    it('GET /api/health answers 200 while the database answers', async () => {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: kind, limiter: 'memory' });
    });

    it('answers an unknown /api path with the JSON error shape', async () => {
      const res = await t.app.inject({ url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
      expect(res.json().message).toBe(res.json().error);
    });

    it('sends security headers with a Content-Security-Policy', async () => {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
    });

    it('tells browsers never to keep a signed-in answer (a shared computer must not show the last patient’s list) and to revalidate public ones', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: 'staff', password: 'Staff@123' },
      });
      expect(login.headers['cache-control']).toBe('no-store');
      const headers = { authorization: `Bearer ${login.json().token}` };
      for (const url of ['/api/users/profile', '/api/appointments?page=1&size=5', '/api/dashboard']) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      // The same route a second time is answered from the kept copy: still not for the browser to keep.
      expect((await t.app.inject({ url: '/api/appointments?page=1&size=5', headers })).headers['cache-control']).toBe(
        'no-store',
      );
      const unauthorised = await t.app.inject({ url: '/api/users/profile' });
      expect(unauthorised.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/api/public/blogs/published?page=1&size=3' })).headers['cache-control']).toBe(
        'no-cache',
      );
    });

    it('serves an OpenAPI document built from the route schemas', async () => {
      const res = await t.app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/auth/validate', '/api/users/profile', '/api/health']),
      );
      expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
      const ui = await t.app.inject({ url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
    });

    it('compresses large responses for clients that accept it', async () => {
      const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
    });
  });
}

describe('the web app behind the API', () => {
  const web = mkdtempSync(join(tmpdir(), 'clinic-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Clinic</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const testDb = await createTestDatabase('pglite');
    drop = testDb.drop;
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    app = await buildApp(
      {
        config,
        database: testDb.database,
        clock: systemClock,
        limiter: createMemoryRateLimiter(),
        tokens: createTokenService(config.jwtSecret),
      },
      { webDist: web },
    );
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('gives index.html to a client-side route, so a deep link works on reload', async () => {
    for (const url of ['/', '/admin/bookings', '/blog/12', '/login?next=%2Fadmin']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never answers a FHIR address with the app’s page: an unknown one is a FHIR 404 (issue 38)', async () => {
    for (const url of ['/fhir', '/fhir/Observation', '/fhir/Patient/1/_history', '/fhir/x.html']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/fhir\+json/);
      expect(res.json().resourceType, url).toBe('OperationOutcome');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('tells the page the clinic\'s time zone, so the browser reads the same "today" as the server', async () => {
    for (const url of ['/', '/appointment', '/blog/999999']) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain('<meta name="clinic-time-zone" content="Asia/Ho_Chi_Minh" />');
    }
    const tokyoDb = await createTestDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), CLINIC_TZ: 'Asia/Tokyo' });
    const tokyo = await buildApp(
      {
        config,
        database: tokyoDb.database,
        clock: systemClock,
        limiter: createMemoryRateLimiter(),
        tokens: createTokenService(config.jwtSecret),
      },
      { webDist: web },
    );
    try {
      for (const url of ['/', '/my-appointments', '/blog/1']) {
        const res = await tokyo.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<meta name="clinic-time-zone" content="Asia/Tokyo" />');
        expect(res.body.match(/clinic-time-zone/g), url).toHaveLength(1);
      }
    } finally {
      await tokyo.close();
      await tokyoDb.drop();
    }
  });

  it('still answers unknown /api paths with JSON, not the web page', async () => {
    const res = await app.inject({ url: '/api/missing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Writes raw HTTP on one socket (the steps run in order) and reads every response until the server closes it. */
function rawHttp(port: number, steps: ((socket: Socket) => Promise<void> | void)[]): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => (data = Buffer.concat([data, d])));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponses(data)));
    socket.once('connect', async () => {
      try {
        for (const step of steps) await step(socket);
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}

function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = data;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? rest.length - end - 4);
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return responses;
}

describe('answers Node and Fastify give on a real socket, before or around the routes', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let port: number;

  beforeAll(async () => {
    const testDb = await createTestDatabase('pglite');
    drop = testDb.drop;
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    app = await buildApp({
      config,
      database: testDb.database,
      clock: systemClock,
      limiter: createMemoryRateLimiter(),
      tokens: createTokenService(config.jwtSecret),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('answers headers too large for Node with 431 in the JSON error shape', async () => {
    const [res] = await rawHttp(port, [
      (s) => void s.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    ]);
    expect(res!.status).toBe(431);
    expect(res!.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res!.body)).toEqual({
      statusCode: 431,
      code: 'HEADERS_TOO_LARGE',
      message: MSG.headersTooLarge,
      error: MSG.headersTooLarge,
    });
  });

  it('serves a request that arrives while the server stops, and closes its connection: nothing half-done, no reset', async () => {
    let closed: Promise<void> | undefined;
    const responses = await rawHttp(port, [
      // Half a request: the connection is busy, so the stop waits for it instead of closing it.
      (s) => void s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'),
      () => new Promise((resolve) => setTimeout(resolve, 50)),
      async () => {
        closed = app.close();
        // Once the listener refuses connections, the server is stopping.
        await waitUntilRefused(port);
      },
      (s) => void s.write('\r\n'),
    ]);
    await closed;
    expect(responses.map((r) => r.status)).toEqual([503]);
    expect(responses[0]!.headers.connection).toBe('close');
    expect(responses[0]!.headers['x-content-type-options']).toBe('nosniff');
    // The health check itself says the process is stopping, so a balancer sends nothing more.
    expect(JSON.parse(responses[0]!.body)).toEqual({ status: 'stopping', database: 'pglite', limiter: 'memory' });
  });
});

async function waitUntilRefused(port: number) {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
