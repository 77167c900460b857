import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, fixedClock, loginAs, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { changePassword, resolveSession } from './auth.service';

for (const kind of dbKinds()) {
  describe(`auth [${kind}]`, () => {
    let t: TestContext;
    const clock = fixedClock('2026-11-20T03:00:00Z');
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_LOGIN: '5' } });
    });
    afterAll(async () => t?.close());

    const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

    describe('POST /api/auth/login', () => {
      it('signs in by user name, in any letter case, and says who signed in', async () => {
        const res = await login({ usernameOrEmail: 'Doctor', password: 'Doctor@123' });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({
          username: 'doctor',
          email: 'doctor@antamclinic.vn',
          role: 'DOCTOR',
          fullName: 'BS. Nguyễn Văn An',
        });
        expect(typeof body.token).toBe('string');
        expect(Number.isInteger(body.userId)).toBe(true);
        expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|argon2/);
      });

      it('signs in by e-mail address', async () => {
        const res = await login({ usernameOrEmail: 'PATIENT@example.com', password: 'Patient@123' });
        expect(res.statusCode).toBe(200);
        expect(res.json().role).toBe('PATIENT');
      });

      it('refuses a wrong password with 401 and a Vietnamese message, the same as an unknown user', async () => {
        const wrong = await login({ usernameOrEmail: 'staff', password: 'nope' });
        const unknown = await login({ usernameOrEmail: 'nobody-here', password: 'nope' });
        expect(wrong.statusCode).toBe(401);
        expect(unknown.statusCode).toBe(401);
        expect(wrong.json()).toEqual({
          statusCode: 401,
          code: 'INVALID_CREDENTIALS',
          message: MSG.invalidCredentials,
          error: MSG.invalidCredentials,
        });
        expect(unknown.json().message).toBe(wrong.json().message);
      });

      it('answers 400 with the field message when a field is missing', async () => {
        const res = await login({ usernameOrEmail: '  ', password: 'x' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: MSG.usernameOrEmailRequired });
        const noPassword = await login({ usernameOrEmail: 'admin' });
        expect(noPassword.statusCode).toBe(400);
        expect(noPassword.json().message).toBe(MSG.passwordRequired);
      });

      it('answers 400, not 500, to a body that is not JSON', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"usernameOrEmail":',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String), error: expect.any(String) });
      });

      it('gives a 12-hour token, or a 30-day one when "Ghi nhớ đăng nhập" is ticked', async () => {
        const exp = (token: string) =>
          JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
        const now = Math.floor(clock.now().getTime() / 1000);
        const short = (await loginAs(t.app, 'staff', 'Staff@123')).token;
        const long = (await loginAs(t.app, 'staff', 'Staff@123', true)).token;
        expect(exp(short) - now).toBe(12 * 3600);
        expect(exp(long) - now).toBe(30 * 24 * 3600);
      });

      it('stops after 5 tries a minute for one account, from any address (429), and lets other accounts in', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++)
          statuses.push((await login({ usernameOrEmail: 'doctor2', password: 'bad' }, '10.9.9.9')).statusCode);
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
        const limited = await login({ usernameOrEmail: 'doctor2', password: 'Doctor@123' }, '10.9.9.9');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toBe(MSG.tooManyLogins);
        expect(limited.headers['retry-after']).toBeDefined();
        expect((await login({ usernameOrEmail: 'doctor2', password: 'Doctor@123' }, '10.9.9.10')).statusCode).toBe(429);
        expect((await login({ usernameOrEmail: 'doctor3', password: 'Doctor@123' }, '10.9.9.10')).statusCode).toBe(200);
        expect((await login({ usernameOrEmail: 'doctor3', password: 'Doctor@123' }, '10.9.9.9')).statusCode).toBe(200);
      });
    });

    describe('client addresses', () => {
      it('ignores X-Forwarded-For unless a proxy is trusted, so a client cannot choose its way past the limit', async () => {
        // A different name each time, so only the address budget can stop them.
        const perAddress = t.config.rateLimitLoginPerAddress;
        const statuses: number[] = [];
        for (let i = 0; i <= perAddress; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '10.7.7.7',
            headers: { 'x-forwarded-for': `203.0.113.${i}` },
            payload: { usernameOrEmail: `spray${i}`, password: 'bad' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([...Array<number>(perAddress).fill(401), 429]);
      });
    });

    describe('bad input that the database would refuse', () => {
      it('answers 400, not 500, to a NUL character and to an id beyond the integer range', async () => {
        const nul = await login({ usernameOrEmail: 'adm\u0000in', password: 'x' }, '10.0.0.9');
        expect(nul.statusCode).toBe(400);
        expect(nul.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
        const admin = await loginAs(t.app, ...DEMO.admin);
        const huge = await t.app.inject({
          method: 'PUT',
          url: '/api/users/99999999999/deactivate',
          headers: bearer(admin.token),
        });
        expect(huge.statusCode).toBe(400);
      });
    });

    describe('inactive accounts', () => {
      it('refuses to sign in a deactivated user with 403, and ends the tokens it already had', async () => {
        const admin = await loginAs(t.app, ...DEMO.admin);
        const victim = await loginAs(t.app, 'doctor4', 'Doctor@123');
        expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(victim.token) })).statusCode).toBe(200);

        const off = await t.app.inject({
          method: 'PUT',
          url: `/api/users/${victim.userId}/deactivate`,
          headers: bearer(admin.token),
        });
        expect(off.statusCode).toBe(200);

        const res = await login({ usernameOrEmail: 'doctor4', password: 'Doctor@123' }, '10.0.0.4');
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Tài khoản đã bị vô hiệu hóa');

        const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(victim.token) });
        expect(profile.statusCode).toBe(401);
        const validate = await t.app.inject({
          method: 'POST',
          url: '/api/auth/validate',
          payload: { token: victim.token },
        });
        expect(validate.json()).toEqual({ valid: false });
      });
    });

    describe('POST /api/auth/validate', () => {
      it('says a fresh token is valid', async () => {
        const { token } = await loginAs(t.app, ...DEMO.patient);
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/validate', payload: { token } });
        expect(res.json()).toEqual({ valid: true });
      });

      it('says garbage, an empty token and a token signed with another key are not valid', async () => {
        for (const token of ['garbage', '', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.c2lnbmF0dXJl']) {
          const res = await t.app.inject({ method: 'POST', url: '/api/auth/validate', payload: { token } });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ valid: false });
        }
      });

      it('says an expired token is not valid, and the API refuses it with the session-expired message', async () => {
        const { token } = await loginAs(t.app, ...DEMO.staff);
        clock.set(new Date(clock.now().getTime() + 12 * 3600 * 1000 + 1000));
        try {
          const res = await t.app.inject({ method: 'POST', url: '/api/auth/validate', payload: { token } });
          expect(res.json()).toEqual({ valid: false });
          const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
          expect(profile.statusCode).toBe(401);
          expect(profile.json().message).toBe(MSG.sessionExpired);
        } finally {
          clock.set('2026-11-20T03:00:00Z');
        }
      });
    });

    describe('POST /api/auth/change-password', () => {
      it('ends every earlier token and hands back one that works', async () => {
        const first = await loginAs(t.app, 'doctor5', 'Doctor@123');
        const second = await loginAs(t.app, 'doctor5', 'Doctor@123');
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(first.token),
          payload: { currentPassword: 'Doctor@123', newPassword: 'NewSecret#2026' },
        });
        expect(res.statusCode).toBe(200);
        const fresh = res.json().token as string;
        for (const old of [first.token, second.token]) {
          expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(old) })).statusCode).toBe(401);
        }
        expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(fresh) })).statusCode).toBe(200);
        expect((await login({ usernameOrEmail: 'doctor5', password: 'Doctor@123' }, '10.0.0.5')).statusCode).toBe(401);
        expect((await login({ usernameOrEmail: 'doctor5', password: 'NewSecret#2026' }, '10.0.0.5')).statusCode).toBe(
          200,
        );
      });

      it('lets only one of two changes made at once with the same token win; the other gets 401', async () => {
        const { token } = await loginAs(t.app, 'doctor7', 'Doctor@123');
        const session = (await resolveSession(t.app.deps, token))!;
        const change = (newPassword: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: bearer(token),
            payload: { currentPassword: 'Doctor@123', newPassword },
          });
        const candidates = ['FirstRace#2026', 'SecondRace#2026'];
        const answers = await Promise.all(candidates.map(change));
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
        const winner = answers.findIndex((r) => r.statusCode === 200);
        const loser = answers[1 - winner]!;
        expect(loser.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: MSG.sessionExpired });

        const fresh = answers[winner]!.json().token as string;
        expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(fresh) })).statusCode).toBe(200);
        expect((await login({ usernameOrEmail: 'doctor7', password: candidates[winner] }, '10.0.0.7')).statusCode).toBe(
          200,
        );
        expect(
          (await login({ usernameOrEmail: 'doctor7', password: candidates[1 - winner] }, '10.0.0.7')).statusCode,
        ).toBe(401);
        expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(fresh) })).statusCode).toBe(200);

        // The loser whose token was checked before the winner committed, and whose row is read after:
        // the old password no longer matches, yet the answer is still the ended session, not 'wrong password'.
        await expect(
          changePassword(t.app.deps, session, { currentPassword: 'Doctor@123', newPassword: 'ThirdRace#2026' }),
        ).rejects.toMatchObject({ statusCode: 401, code: 'SESSION_EXPIRED' });
      });

      it('refuses a common new password and one made of the user’s own name or e-mail', async () => {
        const { token } = await loginAs(t.app, 'doctor8', 'Doctor@123');
        for (const newPassword of ['12345678', 'doctor8123', 'Doctor81234']) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: bearer(token),
            payload: { currentPassword: 'Doctor@123', newPassword },
          });
          expect(res.statusCode, newPassword).toBe(400);
          expect(res.json().message, newPassword).toBe(ACCOUNT_MSG.passwordTooCommon);
        }
        expect((await login({ usernameOrEmail: 'doctor8', password: 'Doctor@123' }, '10.0.0.8')).statusCode).toBe(200);
      });

      it('refuses a wrong current password with 400', async () => {
        const { token } = await loginAs(t.app, 'doctor6', 'Doctor@123');
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(token),
          payload: { currentPassword: 'wrong', newPassword: 'Another#2026' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('WRONG_PASSWORD');
      });
    });
  });
}
