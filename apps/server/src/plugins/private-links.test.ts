import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../test/build-app';
import { dbKinds } from '../../test/databases';
import { booking, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../test/appointments';
import { loggableUrl, redactPrivateLink } from '../lib/private-links';

/**
 * Issue 29, defects 4 and 11: a private link's token (a booking's management link, a place in a
 * waiting list, a doctor's calendar feed) opens what it names, so it is never written to the request
 * log, and no answer at such an address may be kept by a browser or a shared cache.
 */
describe('redactPrivateLink', () => {
  it('hides the token of every private address, however it is written, and leaves other addresses alone', () => {
    const token = 'AbC_d-1234567890123456789012345678901234567';
    expect(redactPrivateLink(`/api/appointments/manage/${token}/cancel`)).toBe(
      '/api/appointments/manage/[redacted]/cancel',
    );
    expect(redactPrivateLink(`/api/appointments/%6Danage/${token}`)).toBe('/api/appointments/manage/[redacted]');
    expect(redactPrivateLink(`//api//appointments/waiting-list/${token}/claim`)).not.toContain(token);
    expect(redactPrivateLink(`/api/appointments/calendar-feed/${token}?x=1`)).not.toContain(token);
    expect(redactPrivateLink(`/appointment/waiting/${token}`)).toBe('/appointment/waiting/[redacted]');
    expect(redactPrivateLink('/api/appointments/calendar-feed')).toBe('/api/appointments/calendar-feed');
    expect(redactPrivateLink('/api/appointments/waiting-list?date=2027-03-01')).toBe(
      '/api/appointments/waiting-list?date=2027-03-01',
    );
    expect(redactPrivateLink('/blog/12')).toBe('/blog/12');
  });
});

describe('loggableUrl', () => {
  it("keeps a list's page, sort and filters and hides what was searched for", () => {
    expect(loggableUrl('/api/patients?page=2&size=10&q=bui.ngoc%40example.com&filter=all')).toBe(
      '/api/patients?page=2&size=10&q=[redacted]&filter=all',
    );
    expect(loggableUrl('/api/users/check-email?email=lan%40example.vn')).toBe(
      '/api/users/check-email?email=[redacted]',
    );
    expect(loggableUrl(`/api/appointments/calendar-feed/${'A'.repeat(43)}?q=x`)).toBe(
      '/api/appointments/calendar-feed/[redacted]?q=[redacted]',
    );
    expect(loggableUrl('/api/appointments?status=PENDING&sort=date')).toBe(
      '/api/appointments?status=PENDING&sort=date',
    );
    expect(loggableUrl('/blog')).toBe('/blog');
  });
});

for (const kind of dbKinds()) {
  describe(`private links in the log and in caches [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let log = '';
    const clock = fixedClock(MONDAY_9AM);
    const dist = mkdtempSync(join(tmpdir(), 'clinic-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="vi"><head><title>An Tâm</title></head><body><div id="root"></div></body></html>',
    );
    const tokens: Record<'manage' | 'waiting' | 'feed', string> = { manage: '', waiting: '', feed: '' };
    let n = 0;
    const person = () => {
      n += 1;
      return { fullName: `Khách ${n}`, phone: `0988${String(n).padStart(6, '0')}`, email: `k${n}@example.com` };
    };

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      });
      t = await buildTestApp(kind, {
        clock,
        env: { RATE_LIMIT_PUBLIC: '1000' },
        // The default level, as production runs it.
        build: { logger: { level: 'info', stream }, webDist: dist },
      });
      s = await signInAll(t.app);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '14:00', department: 'OBSTETRICS' };
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, ...person() }),
        });
        expect(res.statusCode, res.body).toBe(201);
        tokens.manage = res.json().manageToken;
      }
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: { ...slot, ...person(), consentContact: true },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      tokens.waiting = joined.json().token;
      const feed = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/calendar-feed',
        headers: { authorization: `Bearer ${s.doctor.token}` },
      });
      tokens.feed = /\/calendar-feed\/([^/?#]+)$/.exec(feed.json().url)![1]!;
    });
    afterAll(async () => t?.close());

    const privateAnswers = () => [
      { method: 'GET', url: `/appointment/manage/${tokens.manage}` },
      { method: 'GET', url: `/appointment/waiting/${tokens.waiting}` },
      { method: 'GET', url: `/api/appointments/manage/${tokens.manage}` },
      { method: 'GET', url: `/api/appointments/manage/${tokens.manage}/calendar.ics` },
      { method: 'GET', url: `/api/appointments/waiting-list/${tokens.waiting}` },
      { method: 'GET', url: `/api/appointments/calendar-feed/${tokens.feed}` },
      // An answer that is an error is still about the link: a wrong token, a bad body.
      { method: 'GET', url: `/api/appointments/manage/${'B'.repeat(43)}` },
      { method: 'POST', url: `/api/appointments/manage/${tokens.manage}/reschedule`, payload: {} },
    ];

    it('writes no token to the request log, whatever private address was asked', async () => {
      for (const req of privateAnswers()) {
        const res = await t.app.inject({ ...(req as object), url: req.url });
        expect(res.statusCode, req.url).toBeLessThan(500);
      }
      // Written as a browser or a prober might: encoded, doubled slashes.
      await t.app.inject({ url: `/api/appointments/%6Danage/${tokens.manage}` });
      await t.app.inject({ url: `//api/appointments/waiting-list/${tokens.waiting}` });
      for (const [name, token] of Object.entries(tokens)) expect(log, name).not.toContain(token);
      expect(log).toContain('"url":"/api/appointments/manage/[redacted]"');
      expect(log).toContain('"url":"/appointment/waiting/[redacted]"');
      expect(log).toContain('"url":"/api/appointments/calendar-feed/[redacted]"');
    });

    it("writes no searched-for patient to the request log: a doctor's search names her", async () => {
      const res = await t.app.inject({
        url: '/api/patients?page=1&size=10&q=tran.thi.lan%40example.com&filter=all',
        headers: { authorization: `Bearer ${s.doctor.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(log).not.toMatch(/tran\.thi\.lan/);
      expect(log).toContain('"url":"/api/patients?page=1&size=10&q=[redacted]&filter=all"');
    });

    it('tells browsers and caches to keep no answer at a private address: the page, the API, the feeds, the errors', async () => {
      for (const req of privateAnswers()) {
        const res = await t.app.inject({ ...(req as object), url: req.url });
        expect(res.headers['cache-control'], `${req.method} ${req.url} ${res.statusCode}`).toBe('no-store');
        expect(res.headers['x-robots-tag'], req.url).toMatch(/noindex/);
      }
      // The public pages and reads keep theirs.
      expect((await t.app.inject({ url: '/appointment' })).headers['cache-control']).toBe('no-cache');
      expect((await t.app.inject({ url: '/api/appointments/public/departments' })).headers['cache-control']).toBe(
        'no-cache',
      );
    });
  });
}
