import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG, CLINIC } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { booking, MONDAY_9AM } from '../../../../test/appointments';
import { dbKinds } from '../../../../test/databases';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter';
import { shortCodeOf } from './manage-token';

/** GET /l/{code}, the short link an SMS carries (issue 27), and its limit on codes that open nothing (issue 34, item 10). */
for (const kind of dbKinds()) {
  describe(`GET /l/:code [${kind}]`, () => {
    let t: TestContext;
    let limiterNow = new Date(MONDAY_9AM).getTime();
    /** The statements the database ran while `recorded` is set. */
    let recorded: string[] | null = null;
    let shortCode = '';
    let manageToken = '';

    beforeAll(async () => {
      t = await buildTestApp(kind, {
        clock: fixedClock(MONDAY_9AM),
        env: { RATE_LIMIT_LINK_MISSES: '3' },
        limiter: createMemoryRateLimiter(() => limiterNow),
        logger: { logQuery: (query) => recorded?.push(query) },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ phone: '0912340001', email: 'short-link@example.org', appointmentTime: '14:00' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      manageToken = res.json().manageToken;
      shortCode = shortCodeOf(manageToken);
    });
    afterAll(async () => t?.close());

    /** Opens /l/{code} from an address, with the statements the database ran for it. */
    async function open(code: string, remoteAddress: string) {
      recorded = [];
      const res = await t.app.inject({ method: 'GET', url: `/l/${code}`, remoteAddress });
      const statements = recorded;
      recorded = null;
      return { res, statements };
    }
    const randomCode = () => randomBytes(16).toString('base64url');

    it('opens the booking behind a short code, with one lookup', async () => {
      const { res, statements } = await open(shortCode, '198.51.100.1');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/appointment/manage/${manageToken}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(statements).toHaveLength(1);
    });

    it('answers a code that opens nothing with a page in Vietnamese, for one lookup; past the limit the address waits, without a lookup', async () => {
      const address = '198.51.100.7';
      for (let i = 1; i <= 3; i++) {
        const { res, statements } = await open(randomCode(), address);
        expect(res.statusCode, `miss ${i}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(APPOINTMENT_MSG.shortLinkInvalidTitle);
        expect(res.body).toContain(CLINIC.phone);
        expect(statements, `miss ${i}`).toHaveLength(1);
      }
      // The fourth miss in ten minutes, and even a real code, from that address: a 429 page that says what to do.
      for (const code of [randomCode(), shortCode]) {
        const { res, statements } = await open(code, address);
        expect(res.statusCode).toBe(429);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['retry-after']).toBe('600');
        expect(res.body).toContain(APPOINTMENT_MSG.shortLinkTooManyTitle);
        expect(res.body).toContain('thử lại sau 10 phút');
        expect(res.body).toContain(CLINIC.phone);
        expect(res.body).not.toContain(code);
        expect(statements).toHaveLength(0);
      }
      // Another address is not held by this one's misses.
      expect((await open(shortCode, '198.51.100.8')).res.statusCode).toBe(302);
      // Ten minutes later the address opens links again.
      limiterNow += 600_000 + 1000;
      const later = await open(shortCode, address);
      expect(later.res.statusCode).toBe(302);
      expect(later.res.headers.location).toBe(`/appointment/manage/${manageToken}`);
    });

    it('counts only misses: a real link opened many times never holds the address', async () => {
      for (let i = 0; i < 10; i++) expect((await open(shortCode, '198.51.100.9')).res.statusCode).toBe(302);
      expect((await open(randomCode(), '198.51.100.9')).res.statusCode).toBe(404);
    });
  });
}
