import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';

for (const kind of dbKinds()) {
  describe(`users [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(async () => t?.close());

    describe('PUT /api/users/{id}/deactivate', () => {
      it('does not let anyone deactivate an administrator', async () => {
        const admin = await loginAs(t.app, ...DEMO.admin);
        const res = await t.app.inject({ method: 'PUT', url: `/api/users/${admin.userId}/deactivate`, headers: bearer(admin.token) });
        expect(res.statusCode).toBe(403);
      });
    });

    describe('role guards', () => {
      it('answers 401 without a token and 403 to a role that may not act', async () => {
        const anonymous = await t.app.inject({ method: 'PUT', url: '/api/users/2/deactivate' });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().code).toBe('UNAUTHORIZED');

        const patient = await loginAs(t.app, ...DEMO.patient);
        const refused = await t.app.inject({ method: 'PUT', url: '/api/users/2/deactivate', headers: bearer(patient.token) });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: MSG.forbidden });

        const staff = await loginAs(t.app, ...DEMO.staff);
        expect((await t.app.inject({ url: '/api/users/specialties', headers: bearer(staff.token) })).statusCode).toBe(200);
        expect((await t.app.inject({ url: '/api/users/specialties', headers: bearer(patient.token) })).statusCode).toBe(403);
      });

      it('answers 400 to a non-numeric id and 404 to an unknown one', async () => {
        const admin = await loginAs(t.app, ...DEMO.admin);
        const bad = await t.app.inject({ method: 'PUT', url: '/api/users/abc/deactivate', headers: bearer(admin.token) });
        expect(bad.statusCode).toBe(400);
        const unknown = await t.app.inject({ method: 'PUT', url: '/api/users/999999/deactivate', headers: bearer(admin.token) });
        expect(unknown.statusCode).toBe(404);
      });
    });

    describe('GET /api/users/profile', () => {
      it('returns the signed-in user without any password field', async () => {
        const { token } = await loginAs(t.app, ...DEMO.patient);
        const res = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ username: 'patient', role: 'PATIENT', fullName: 'Nguyễn Thị Mai', phone: '0912345678', gender: 'FEMALE', birth: '1995-04-12', active: true });
        expect(Object.keys(body)).not.toContain('passwordHash');
        expect(Object.keys(body)).not.toContain('tokenVersion');
      });
    });
  });
}
