import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinic/shared';
import { processDueEmails } from '../modules/email/email.service';
import { buildTestApp, type TestContext } from '../../test/build-app';
import { dbKinds } from '../../test/databases';
import { openDay } from '../../test/system/server-process';

const TOKEN = 'metrics-token-of-the-clinic-2026';

/** The value of one series in Prometheus' text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

for (const kind of dbKinds()) {
  describe(`GET /metrics [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.50.0.0/16, 10.60.0.7', RATE_LIMIT_LOGIN: '2' },
      });
    });
    afterAll(async () => t?.close());

    const scrape = (headers: Record<string, string> = {}, remoteAddress = '10.1.2.3') =>
      t.app.inject({ url: '/metrics', headers, remoteAddress });

    it('opens only to the configured addresses or with the token; to anyone else it is 403 in the one error shape', async () => {
      const refused = await scrape();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: MSG.forbidden,
        error: MSG.forbidden,
      });
      expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
      expect((await scrape({ authorization: 'Bearer ' })).statusCode).toBe(403);
      // A signed-in administrator is not an operator's scraper either.
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: 'admin', password: 'Admin@123' },
      });
      expect((await scrape({ authorization: `Bearer ${admin.json().token}` })).statusCode).toBe(403);

      const byToken = await scrape({ authorization: `Bearer ${TOKEN}` });
      expect(byToken.statusCode).toBe(200);
      expect(byToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect((await scrape({}, '10.50.9.9')).statusCode).toBe(200);
      expect((await scrape({}, '::ffff:10.60.0.7')).statusCode).toBe(200);
      expect((await scrape({}, '10.60.0.8')).statusCode).toBe(403);
    });

    it('counts requests by route pattern and status with their times, and the rate limits’ refusals', async () => {
      for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/health' });
      await t.app.inject({ url: '/api/blogs/987654' });
      for (let i = 0; i < 3; i++)
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { usernameOrEmail: 'doctor5', password: 'wrong' },
          remoteAddress: `10.70.0.${i + 1}`,
        });
      const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
      const health = { method: 'GET', route: '/api/health', status: '200' };
      expect(series(text, 'clinic_http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(3);
      expect(
        series(text, 'clinic_http_request_duration_seconds_bucket', { ...health, le: '+Inf' }),
      ).toBeGreaterThanOrEqual(3);
      // The pattern, never the id typed in the path.
      expect(text).not.toContain('987654');
      expect(
        series(text, 'clinic_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/auth/login',
          status: '429',
        }),
      ).toBe(1);
      expect(series(text, 'clinic_rate_limit_refusals_total', { rule: 'login-account' })).toBe(1);
      expect(series(text, 'clinic_rate_limiter_degraded')).toBe(0);
      expect(series(text, 'clinic_database_up')).toBe(1);
    });

    it('shows the outbox’s depth, its oldest message’s age and failed sends', async () => {
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        remoteAddress: '10.71.0.1',
        payload: {
          fullName: 'Khách Theo Dõi',
          phone: '0912333444',
          email: 'theo.doi@example.com',
          appointmentDate: openDay(5),
          appointmentTime: '14:00',
          department: 'GYNECOLOGY',
          reason: 'Khám định kỳ',
          consentHealthData: true,
        },
      });
      expect(booked.statusCode).toBe(201);
      const before = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
      expect(series(before, 'clinic_outbox_depth', { channel: 'email' })).toBeGreaterThanOrEqual(1);
      expect(series(before, 'clinic_outbox_oldest_age_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(0);

      // The SMTP server refuses: each send is counted as failed, to be retried.
      const refusing = {
        kind: 'smtp' as const,
        async send() {
          throw new Error('421 try again later');
        },
        close() {},
      };
      const run = await processDueEmails({ ...t.app.deps, mailer: refusing });
      expect(run.retry).toBeGreaterThanOrEqual(1);
      const after = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
      expect(series(after, 'clinic_outbox_send_failures_total', { channel: 'email', outcome: 'retry' })).toBe(
        run.retry,
      );
      // Still waiting: retried later.
      expect(series(after, 'clinic_outbox_depth', { channel: 'email' })).toBeGreaterThanOrEqual(1);
    });

    it('shows the kept reads’ hits and misses and, on PostgreSQL, the connection pool', async () => {
      for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/public/blogs/published?page=1&size=6' });
      const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
      expect(series(text, 'clinic_read_cache_hits_total')).toBe(t.app.deps.cache.hits);
      expect(series(text, 'clinic_read_cache_misses_total')).toBe(t.app.deps.cache.misses);
      expect(t.app.deps.cache.hits).toBeGreaterThanOrEqual(2);
      if (kind === 'postgres') {
        expect(series(text, 'clinic_db_pool_connections', { state: 'max' })).toBe(20);
        expect(series(text, 'clinic_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
        expect(series(text, 'clinic_db_pool_waiting')).toBe(0);
        expect(series(text, 'clinic_db_pool_waits_total')).toBeGreaterThanOrEqual(0);
      } else {
        // PGlite runs in the process: no pool to show.
        expect(series(text, 'clinic_db_pool_connections', { state: 'max' })).toBeUndefined();
      }
    });
  });
}
