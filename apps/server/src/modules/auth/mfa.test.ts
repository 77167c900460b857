import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MFA_CHALLENGE_TTL_SECONDS, MFA_MSG, MSG, type Role } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, fixedClock, loginAs, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { challengeFor, codeAt, enrolThroughApi, secondStep } from '../../../test/mfa';
import { hashPassword } from '../../lib/password';
import { insertUser } from '../users/users.repository';
import { accountEventsOf } from './mfa.service';

const PASSWORD = 'Blue-Lotus#2026';

for (const kind of dbKinds()) {
  describe(`two-factor sign-in [${kind}]`, () => {
    let t: TestContext;
    // TOTP windows are read from this clock; each test moves it on so no two share a 30-second step.
    const clock = fixedClock('2026-11-20T03:00:00Z');
    let passwordHash: string;
    let n = 0;
    const db = () => t.testDb.database.db;
    const nextStep = () => clock.set(new Date(clock.now().getTime() + 30_000));

    /** An account of its own for each test, signed in with its password. */
    async function person(role: Role = 'STAFF') {
      n += 1;
      const username = `mfa${n}`;
      const user = await insertUser(db(), {
        username,
        email: `${username}@example.com`,
        fullName: `Hai Bước ${n}`,
        role,
        passwordHash,
      });
      const { token } = await loginAs(t.app, username, PASSWORD);
      return { id: user.id, username, token };
    }

    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const post = (url: string, token: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_LOGIN_PER_ADDRESS: '1000' } });
      passwordHash = await hashPassword(PASSWORD);
    });
    afterAll(async () => t?.close());

    describe('enrolment from /settings', () => {
      it('gives a 160-bit key, its otpauth:// URI and a QR code, and stores the key only sealed', async () => {
        const me = await person();
        const res = await post('/api/auth/mfa/setup', me.token);
        expect(res.statusCode).toBe(200);
        const { secret, otpauthUri, qrCode } = res.json();
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        expect(otpauthUri).toBe(
          `otpauth://totp/An%20T%C3%A2m%20Clinic:${me.username}?secret=${secret}&issuer=An%20T%C3%A2m%20Clinic&algorithm=SHA1&digits=6&period=30`,
        );
        expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
        expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
        const stored = (await db().execute(
          sql`select mfa_secret, mfa_enabled_at from users where id = ${me.id}`,
        )) as unknown as {
          rows: { mfa_secret: string; mfa_enabled_at: unknown }[];
        };
        expect(stored.rows[0]!.mfa_secret).not.toContain(secret);
        expect(stored.rows[0]!.mfa_enabled_at).toBeNull();
        // Not in force until a code confirms it: the password alone still signs in.
        expect((await loginAs(t.app, me.username, PASSWORD)).token).toEqual(expect.any(String));
      });

      it('refuses a wrong code, then puts the key in force with a right one: ten recovery codes, the other sessions ended', async () => {
        const me = await person();
        const elsewhere = (await loginAs(t.app, me.username, PASSWORD)).token;
        const { secret } = (await post('/api/auth/mfa/setup', me.token)).json();
        const wrong = await post('/api/auth/mfa/enable', me.token, { code: codeAt(secret, clock, 3) });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ code: 'INVALID_MFA_CODE', message: MFA_MSG.wrongCode });

        const res = await post('/api/auth/mfa/enable', me.token, { code: codeAt(secret, clock) });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.message).toBe(MFA_MSG.enabled);
        expect(body.recoveryCodes).toHaveLength(10);
        expect(new Set(body.recoveryCodes).size).toBe(10);
        for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
        // The session that enrolled goes on with its new token; every earlier token is over.
        expect((await get('/api/auth/mfa', body.token)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
        expect((await get('/api/users/profile', me.token)).statusCode).toBe(401);
        expect((await get('/api/users/profile', elsewhere)).statusCode).toBe(401);
        // Recovery codes are kept only as hashes.
        const stored = (await db().execute(
          sql`select code_hash from mfa_recovery_codes where user_id = ${me.id}`,
        )) as unknown as { rows: { code_hash: string }[] };
        expect(stored.rows).toHaveLength(10);
        for (const { code_hash } of stored.rows)
          for (const code of body.recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
        expect((await accountEventsOf(db(), me.id)).map((e) => e.kind)).toEqual(['MFA_ENABLED']);
        // Set up again while in force: refused, the key stays.
        const again = await post('/api/auth/mfa/setup', body.token);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(MFA_MSG.alreadyEnabled);
      });

      it('refuses to enable without a setup first, with 400 and a Vietnamese message', async () => {
        const me = await person();
        const res = await post('/api/auth/mfa/enable', me.token, { code: '123456' });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MFA_MSG.noPendingSetup);
        const bad = await post('/api/auth/mfa/enable', me.token, { code: '12ab!' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(MFA_MSG.codeInvalidFormat);
      });
    });

    describe('signing in with a second factor', () => {
      it('answers a right password with a challenge and no token, and the code with the session', async () => {
        const me = await person();
        const { secret } = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { usernameOrEmail: me.username, password: PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ mfaRequired: true, challenge: expect.any(String), expiresIn: 300 });
        expect(res.json().token).toBeUndefined();
        // The challenge opens no session.
        expect((await get('/api/users/profile', res.json().challenge)).statusCode).toBe(401);

        const done = await secondStep(t.app, res.json().challenge, codeAt(secret, clock));
        expect(done.statusCode).toBe(200);
        expect(done.json()).toMatchObject({
          userId: me.id,
          username: me.username,
          role: 'STAFF',
          mustChangePassword: false,
          mfaEnrolmentRequired: false,
        });
        expect((await get('/api/users/profile', done.json().token)).json().mfaEnabled).toBe(true);
      });

      it('accepts the code of the step before or after (a clock a little off), with spaces as apps show it', async () => {
        const me = await person();
        const { secret } = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        nextStep();
        const before = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          codeAt(secret, clock, -1),
        );
        expect(before.statusCode).toBe(200);
        const code = codeAt(secret, clock, 1);
        const after = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          `${code.slice(0, 3)} ${code.slice(3)}`,
        );
        expect(after.statusCode).toBe(200);
        const tooFar = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          codeAt(secret, clock, 3),
        );
        expect(tooFar.statusCode).toBe(401);
      });

      it('never accepts a code twice, even within its 30 seconds', async () => {
        const me = await person();
        const { secret } = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const code = codeAt(secret, clock);
        expect((await secondStep(t.app, await challengeFor(t.app, me.username, PASSWORD), code)).statusCode).toBe(200);
        const replay = await secondStep(t.app, await challengeFor(t.app, me.username, PASSWORD), code);
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toEqual({
          statusCode: 401,
          code: 'INVALID_MFA_CODE',
          message: MFA_MSG.wrongCode,
          error: MFA_MSG.wrongCode,
        });
        // The code used at enrolment counts too.
        const enrolled = await person();
        const second = await enrolThroughApi(t.app, enrolled.token, clock);
        const reuse = await secondStep(
          t.app,
          await challengeFor(t.app, enrolled.username, PASSWORD),
          codeAt(second.secret, clock),
        );
        expect(reuse.statusCode).toBe(401);
      });

      it('gives one of two simultaneous sign-ins with the same code the session, and refuses the other', async () => {
        const me = await person();
        const { secret } = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const code = codeAt(secret, clock);
        const [a, b] = await Promise.all([
          challengeFor(t.app, me.username, PASSWORD),
          challengeFor(t.app, me.username, PASSWORD),
        ]);
        const answers = await Promise.all([secondStep(t.app, a, code), secondStep(t.app, b, code)]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      });

      it('accepts each recovery code once, in any letter case, and records its use', async () => {
        const me = await person();
        const { recoveryCodes, token } = await enrolThroughApi(t.app, me.token, clock);
        const first = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          recoveryCodes[0]!.toUpperCase(),
        );
        expect(first.statusCode).toBe(200);
        const again = await secondStep(t.app, await challengeFor(t.app, me.username, PASSWORD), recoveryCodes[0]!);
        expect(again.statusCode).toBe(401);
        expect(again.json().message).toBe(MFA_MSG.wrongCode);
        expect((await get('/api/auth/mfa', first.json().token)).json().recoveryCodesLeft).toBe(9);
        expect((await accountEventsOf(db(), me.id)).map((e) => e.kind)).toEqual([
          'MFA_ENABLED',
          'MFA_RECOVERY_CODE_USED',
        ]);
        expect(token).toEqual(expect.any(String));
      });

      it('lets a challenge live five minutes, and not past a password change', async () => {
        const me = await person();
        const { secret, token } = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const challenge = await challengeFor(t.app, me.username, PASSWORD);
        clock.set(new Date(clock.now().getTime() + (MFA_CHALLENGE_TTL_SECONDS + 1) * 1000));
        const late = await secondStep(t.app, challenge, codeAt(secret, clock));
        expect(late.statusCode).toBe(401);
        expect(late.json()).toMatchObject({ code: 'MFA_CHALLENGE_EXPIRED', message: MFA_MSG.challengeExpired });

        const fresh = await challengeFor(t.app, me.username, PASSWORD);
        const changed = await post('/api/auth/change-password', token, {
          currentPassword: PASSWORD,
          newPassword: 'Green-Heron#2031',
        });
        expect(changed.statusCode).toBe(200);
        nextStep();
        expect((await secondStep(t.app, fresh, codeAt(secret, clock))).json().code).toBe('MFA_CHALLENGE_EXPIRED');
        const tampered = await secondStep(t.app, `${fresh.slice(0, -2)}xx`, codeAt(secret, clock));
        expect(tampered.statusCode).toBe(401);
      });

      it('counts wrong codes with wrong passwords in the account’s sign-in budget: 429 with a Vietnamese message', async () => {
        const limited = await buildTestApp(kind, { clock, env: { RATE_LIMIT_LOGIN: '6' } });
        try {
          const user = await insertUser(limited.testDb.database.db, {
            username: 'limited',
            email: 'limited@example.com',
            fullName: 'Giới Hạn',
            role: 'ADMIN',
            passwordHash,
          });
          const { token } = await loginAs(limited.app, 'limited', PASSWORD);
          const { secret } = await enrolThroughApi(limited.app, token, clock);
          nextStep();
          // 6 a minute for the account: its sign-in, its enrolment's code, the password steps and the
          // wrong codes all count, from whichever address.
          const challenge = await challengeFor(limited.app, 'limited', PASSWORD, '10.9.0.1');
          const statuses: number[] = [];
          for (const ip of ['10.9.0.2', '10.9.0.3'])
            statuses.push((await secondStep(limited.app, challenge, '000000', ip)).statusCode);
          const wrongPassword = await limited.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { usernameOrEmail: 'limited', password: 'Wrong-Password#1' },
            remoteAddress: '10.9.0.4',
          });
          statuses.push(wrongPassword.statusCode);
          const right = await secondStep(limited.app, challenge, codeAt(secret, clock), '10.9.0.5');
          statuses.push(right.statusCode);
          expect(statuses).toEqual([401, 401, 401, 429]);
          expect(right.json()).toEqual({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: MSG.tooManyLogins,
            error: MSG.tooManyLogins,
          });
          expect(user.id).toBeGreaterThan(0);
        } finally {
          await limited.close();
        }
      });
    });

    describe('turning it off and renewing recovery codes', () => {
      it('turns off with the password; the password alone signs in again and other sessions end', async () => {
        const me = await person();
        const enrolled = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const other = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          codeAt(enrolled.secret, clock),
        );
        const none = await post('/api/auth/mfa/disable', enrolled.token, {});
        expect(none.statusCode).toBe(400);
        expect(none.json().message).toBe(MFA_MSG.codeOrPasswordRequired);
        const wrong = await post('/api/auth/mfa/disable', enrolled.token, { password: 'Not-It#2026' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe(MFA_MSG.wrongCodeOrPassword);

        const res = await post('/api/auth/mfa/disable', enrolled.token, { password: PASSWORD });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(MFA_MSG.disabled);
        expect((await get('/api/auth/mfa', res.json().token)).json()).toMatchObject({
          enabled: false,
          recoveryCodesLeft: 0,
        });
        expect((await get('/api/users/profile', other.json().token)).statusCode).toBe(401);
        expect((await loginAs(t.app, me.username, PASSWORD)).token).toEqual(expect.any(String));
        const left = (await db().execute(
          sql`select count(*)::int as n from mfa_recovery_codes where user_id = ${me.id}`,
        )) as unknown as { rows: { n: number }[] };
        expect(left.rows[0]!.n).toBe(0);
        expect((await accountEventsOf(db(), me.id)).map((e) => e.kind)).toEqual(['MFA_ENABLED', 'MFA_DISABLED']);
      });

      it('turns off with a current code, and renews the recovery codes with one: the old ones stop working', async () => {
        const me = await person();
        const enrolled = await enrolThroughApi(t.app, me.token, clock);
        nextStep();
        const renewed = await post('/api/auth/mfa/recovery-codes', enrolled.token, {
          code: codeAt(enrolled.secret, clock),
        });
        expect(renewed.statusCode).toBe(200);
        expect(renewed.json().recoveryCodes).toHaveLength(10);
        const old = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          enrolled.recoveryCodes[1]!,
        );
        expect(old.statusCode).toBe(401);
        const fresh = await secondStep(
          t.app,
          await challengeFor(t.app, me.username, PASSWORD),
          renewed.json().recoveryCodes[1],
        );
        expect(fresh.statusCode).toBe(200);
        nextStep();
        const off = await post('/api/auth/mfa/disable', enrolled.token, { code: codeAt(enrolled.secret, clock) });
        expect(off.statusCode).toBe(200);
      });
    });

    describe('POST /api/users/:id/reset-mfa (Users screen)', () => {
      it('lets an administrator remove another account’s second factor, administrators’ too; its sessions end, the reset is recorded', async () => {
        const admin = await loginAs(t.app, ...DEMO.admin);
        for (const role of ['STAFF', 'ADMIN'] as const) {
          const me = await person(role);
          const enrolled = await enrolThroughApi(t.app, me.token, clock);
          const res = await post(`/api/users/${me.id}/reset-mfa`, admin.token);
          expect(res.statusCode).toBe(200);
          expect(res.json().message).toBe(MFA_MSG.resetDone);
          expect((await get('/api/users/profile', enrolled.token)).statusCode).toBe(401);
          const signIn = await loginAs(t.app, me.username, PASSWORD);
          expect(signIn.token).toEqual(expect.any(String));
          const events = await accountEventsOf(db(), me.id);
          expect(events.at(-1)).toMatchObject({ kind: 'MFA_RESET', actorId: admin.userId });
          const user = (await get(`/api/users/${me.id}`, admin.token)).json();
          expect(user.mfaEnabled).toBe(false);
        }
      });

      it('refuses one’s own (403), an account without one (409), an unknown one (404), and any other role (403)', async () => {
        const admin = await loginAs(t.app, ...DEMO.admin);
        const self = await post(`/api/users/${admin.userId}/reset-mfa`, admin.token);
        expect(self.statusCode).toBe(403);
        expect(self.json().message).toBe(MFA_MSG.resetSelf);
        const plain = await person();
        const none = await post(`/api/users/${plain.id}/reset-mfa`, admin.token);
        expect(none.statusCode).toBe(409);
        expect(none.json().message).toBe(MFA_MSG.resetNotEnabled);
        expect((await post('/api/users/999999/reset-mfa', admin.token)).statusCode).toBe(404);
        const enrolled = await person();
        await enrolThroughApi(t.app, enrolled.token, clock);
        const staff = await loginAs(t.app, ...DEMO.staff);
        expect((await post(`/api/users/${enrolled.id}/reset-mfa`, staff.token)).statusCode).toBe(403);
      });
    });
  });

  describe(`MFA_REQUIRED_ROLES=ADMIN [${kind}]`, () => {
    let t: TestContext;
    const clock = fixedClock('2026-11-20T03:00:00Z');
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { MFA_REQUIRED_ROLES: 'ADMIN' } });
    });
    afterAll(async () => t?.close());

    it('gives an administrator without a second factor a session that opens only enrolment, until she enrols', async () => {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: 'admin', password: 'Admin@123' },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ role: 'ADMIN', mfaEnrolmentRequired: true, token: expect.any(String) });
      const token = signIn.json().token as string;

      const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
      expect(users.statusCode).toBe(403);
      expect(users.json()).toEqual({
        statusCode: 403,
        code: 'MFA_ENROLMENT_REQUIRED',
        message: MFA_MSG.enrolmentRequired,
        error: MFA_MSG.enrolmentRequired,
      });
      const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(profile.json()).toMatchObject({ username: 'admin', mfaEnabled: false, mfaEnrolmentRequired: true });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(token) })).json(),
      ).toMatchObject({ enabled: false, required: true });

      const enrolled = await enrolThroughApi(t.app, token, clock);
      const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(enrolled.token) });
      expect(after.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(enrolled.token) });
      expect(me.json()).toMatchObject({ mfaEnabled: true, mfaEnrolmentRequired: false });
    });

    it('leaves the other roles to sign in with their password', async () => {
      const staff = await loginAs(t.app, ...DEMO.staff);
      expect(staff).toMatchObject({ role: 'STAFF' });
      const res = await t.app.inject({ method: 'GET', url: '/api/appointments', headers: bearer(staff.token) });
      expect(res.statusCode).toBe(200);
    });
  });
}
