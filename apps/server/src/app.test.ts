import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
      expect(res.json()).toEqual({ status: 'ok', database: kind });
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

    it('serves an OpenAPI document built from the route schemas', async () => {
      const res = await t.app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/validate', '/api/users/profile', '/api/health']));
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
      { config, database: testDb.database, clock: systemClock, limiter: createMemoryRateLimiter(), tokens: createTokenService(config.jwtSecret) },
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
      { config, database: tokyoDb.database, clock: systemClock, limiter: createMemoryRateLimiter(), tokens: createTokenService(config.jwtSecret) },
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
