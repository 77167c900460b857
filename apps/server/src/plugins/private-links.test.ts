import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PAGES } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../test/build-app';
import { dbKinds } from '../../test/databases';
import { booking, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../test/appointments';
import { PrivateLinks } from '../lib/private-links';

/** The private addresses of issue 29, as the routes declare them (the app derives them from every route). */
const links = new PrivateLinks();
for (const url of [
  '/api/appointments/manage/:token/cancel',
  '/api/appointments/waiting-list/:token/claim',
  '/api/appointments/calendar-feed/:token',
  '/api/appointments/:id/history',
])
  links.addRoute({ url });
const redactPrivateLink = (url: string) => links.redact(url);
const loggableUrl = (url: string) => links.loggable(url);

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
    const routes: RouteOptions[] = [];
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
        build: { logger: { level: 'info', stream }, webDist: dist, onRoute: (route) => void routes.push(route) },
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
      { method: 'GET', url: `/api/care-plans/by-link/${tokens.manage}` },
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

    it('writes no token of any registered route whose path carries one, nor of the private pages (issue 34)', async () => {
      // Every path parameter but a record's number, a list's status or role, and a parameter its route
      // declares plain (a department's code) is a token: a route added with `:token` or `:code` is walked too.
      const plain = (name: string, route?: RouteOptions) =>
        /^(?:id|[a-z]+Id|status|role)$/.test(name) || (route?.config?.plainPathParams ?? []).includes(name);
      const addresses: { method: string; url: string; tokens: string[] }[] = [];
      const address = (method: string, pattern: string, route?: RouteOptions) => {
        const tokens: string[] = [];
        const url = pattern.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) => {
          if (plain(name, route)) return name === 'status' ? 'PENDING' : name === 'role' ? 'DOCTOR' : '987654';
          const token = `${name}${addresses.length}_`.padEnd(43, 'Q');
          tokens.push(token);
          return token;
        });
        addresses.push({ method, url, tokens });
      };
      for (const route of routes) {
        if (!route.url.includes('/:')) continue;
        for (const method of [route.method].flat()) if (method !== 'HEAD') address(method, route.url, route);
      }
      for (const page of Object.values(PRIVATE_PAGES)) address('GET', page);
      const carrying = addresses.filter((a) => a.tokens.length > 0);
      for (const { method, url } of carrying) {
        const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
      const leaked = carrying.filter((a) => a.tokens.some((token) => log.includes(token)));
      expect(leaked.map((a) => `${a.method} ${a.url}`)).toEqual([]);
      // The routes of issues 28-34 that carry a token (GET, POST… of each, the link's proof of its
      // e-mail or phone included), the two of her care plan behind her link (issue 37), and the four pages.
      expect(carrying.length).toBe(27);
      expect(log).toContain('"url":"/api/privacy/link/[redacted]/data"');
    });

    it('derives the private addresses from the routes: a new route that carries a token is in the list, and in the nginx map of docs/DEPLOYMENT.md', () => {
      expect(t.app.privateLinks.list()).toEqual([
        '/api/appointments/calendar-feed/:token',
        '/api/appointments/manage/:token',
        '/api/appointments/waiting-list/:token',
        '/api/care-plans/by-link/:token',
        '/api/payments/pay/:token',
        '/api/privacy/link/:token',
        '/appointment/manage/:token',
        '/appointment/waiting/:token',
        '/l/:code',
        '/pay/:token',
      ]);
      const deployment = readFileSync(new URL('../../../../docs/DEPLOYMENT.md', import.meta.url), 'utf8');
      const documented = /^map \$uri \$loggable_uri \{$[\s\S]*?^\}$/m.exec(deployment)?.[0];
      expect(documented, 'docs/DEPLOYMENT.md: replace its map with this one').toBe(t.app.privateLinks.nginxLogMap());
    });

    it('sends no Referer from any page: a private address in the browser never leaves in one', async () => {
      for (const url of [
        `/appointment/manage/${tokens.manage}`,
        '/appointment',
        '/api/appointments/public/departments',
      ])
        expect((await t.app.inject({ url })).headers['referrer-policy'], url).toBe('no-referrer');
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
