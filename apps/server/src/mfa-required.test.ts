import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, RouteOptions } from 'fastify';
import { MFA_MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../test/build-app';
import { dbKinds } from '../test/databases';

/**
 * Issue 29's "done": with MFA_REQUIRED_ROLES=ADMIN an administrator cannot reach any back-office call
 * with a password alone. Every route the server registers is called with such a session; a route
 * added later is covered without anyone listing it.
 */

/** What a session of a password alone may still do: see who she is, enrol (and change a temporary password first). */
const ENROLMENT = new Set([
  'GET /api/users/profile',
  'GET /api/auth/mfa',
  'POST /api/auth/mfa/setup',
  'POST /api/auth/mfa/enable',
  'POST /api/auth/change-password',
]);

const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  postId: '1',
  role: 'DOCTOR',
  status: 'PENDING',
  token: 'not-a-real-token',
  '*': 'index.html',
};

for (const kind of dbKinds()) {
  describe(`MFA_REQUIRED_ROLES=ADMIN and a password alone [${kind}]`, () => {
    let t: TestContext;
    const routes = new Set<string>();
    let token: string;

    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: { MFA_REQUIRED_ROLES: 'ADMIN', RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_PUBLIC: '10000' },
        build: {
          onRoute: (route: RouteOptions) => {
            for (const method of [route.method].flat())
              if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.add(`${method} ${route.url}`);
          },
        },
      });
      token = (await loginAs(t.app, ...DEMO.admin)).token;
    }, 60_000);
    afterAll(async () => t?.close());

    it('refuses every back-office call with 403 MFA_ENROLMENT_REQUIRED, and opens only enrolment', async () => {
      const problems: string[] = [];
      let backOffice = 0;
      for (const route of [...routes].sort()) {
        const [method, path] = route.split(' ') as [InjectOptions['method'], string];
        const url = path.replace(/:(\w+)|\*/g, (m, name: string | undefined) => SAMPLE_PARAMS[name ?? m]!);
        const body = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
        const anonymous = await t.app.inject({ method, url, ...body });
        const admin = await t.app.inject({ method, url, headers: bearer(token), ...body });
        const got = `${admin.statusCode} ${admin.body.slice(0, 120)}`;
        if (ENROLMENT.has(route)) {
          if (admin.statusCode === 401 || admin.statusCode === 403)
            problems.push(`${route}: ${got} (enrolment must stay open)`);
        } else if (anonymous.statusCode === 401) {
          backOffice += 1;
          if (admin.statusCode !== 403 || admin.json().code !== 'MFA_ENROLMENT_REQUIRED')
            problems.push(`${route}: ${got} (expected 403 MFA_ENROLMENT_REQUIRED)`);
          else expect(admin.json().message).toBe(MFA_MSG.enrolmentRequired);
        } else if (admin.statusCode !== anonymous.statusCode) {
          // A public call: the session must count for nothing there either.
          problems.push(`${route}: ${got}, anonymous ${anonymous.statusCode} (the session changed a public answer)`);
        }
      }
      expect(problems).toEqual([]);
      // Every back-office route of the matrix, not a handful: a broken URL filling would show here.
      expect(backOffice).toBeGreaterThan(70);
    }, 120_000);

    it('leaves a role that need not use a second factor to work with its password', async () => {
      const staff = await loginAs(t.app, ...DEMO.staff);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(staff.token) })).statusCode,
      ).toBe(200);
    });
  });
}
