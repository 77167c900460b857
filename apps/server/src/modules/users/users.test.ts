import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { MSG, PROFILE_MSG, USER_LIMITS, USER_MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { seedAppointment } from '../../../test/appointments';
import { createPost, nextIp } from '../../../test/blog-fixtures';
import { hashPassword } from '../../lib/password';
import { insertUser } from './users.repository';

type UserBody = {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: string;
  specialty: string | null;
  active: boolean;
  phone: string | null;
  birth: string | null;
  gender: string | null;
  mustChangePassword: boolean;
};

const PASSWORD = 'Blue-Lotus#2026';

for (const kind of dbKinds()) {
  describe(`users [${kind}]`, () => {
    let t: TestContext;
    let admin: { token: string; userId: number };
    let staff: { token: string; userId: number };
    let doctor: { token: string; userId: number };
    let patient: { token: string; userId: number };
    /** A second administrator, made straight in the table: no screen can make one. */
    let otherAdminId: number;

    const call = (token: string | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      });
    const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
      call(admin.token, method, url, payload);
    const login = (usernameOrEmail: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail, password },
        remoteAddress: nextIp(),
      });

    let counter = 0;
    const account = (overrides: Record<string, unknown> = {}) => {
      counter += 1;
      return {
        username: `user${counter}`,
        email: `user${counter}@example.com`,
        fullName: `Người Dùng ${counter}`,
        password: PASSWORD,
        role: 'PATIENT',
        ...overrides,
      };
    };
    async function createUser(overrides: Record<string, unknown> = {}): Promise<UserBody> {
      const res = await asAdmin('POST', '/api/users', account(overrides));
      if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
      return res.json().user as UserBody;
    }
    const noSecrets = (body: string) =>
      expect(body).not.toMatch(/passwordHash|password_hash|tokenVersion|token_version|argon2/);

    beforeAll(async () => {
      t = await buildTestApp(kind);
      [admin, staff, doctor, patient] = await Promise.all([
        loginAs(t.app, ...DEMO.admin),
        loginAs(t.app, ...DEMO.staff),
        loginAs(t.app, ...DEMO.doctor),
        loginAs(t.app, ...DEMO.patient),
      ]);
      const other = await insertUser(t.testDb.database.db, {
        username: 'admin2',
        email: 'admin2@antamclinic.vn',
        fullName: 'Quản trị viên 2',
        role: 'ADMIN',
        passwordHash: await hashPassword('Admin2@123'),
      });
      otherAdminId = other.id;
    });
    afterAll(async () => t?.close());

    describe('who may call', () => {
      const adminCalls: [InjectOptions['method'], string, unknown?][] = [
        ['GET', '/api/users'],
        ['GET', '/api/users/999999'],
        ['GET', '/api/users/search?name=an'],
        ['GET', '/api/users/role/PATIENT'],
        [
          'POST',
          '/api/users',
          { username: 'guarded', email: 'guarded@example.com', fullName: 'Guarded', password: PASSWORD },
        ],
        ['PUT', '/api/users/999999', { username: 'guarded', email: 'guarded@example.com', fullName: 'Guarded' }],
        ['DELETE', '/api/users/999999'],
        ['PUT', '/api/users/999999/deactivate'],
        ['PUT', '/api/users/999999/activate'],
        ['POST', '/api/users/999999/reset-password'],
        ['POST', '/api/users/bulk/delete', { ids: [999999] }],
        ['POST', '/api/users/bulk/activate', { ids: [999999] }],
        ['POST', '/api/users/bulk/deactivate', { ids: [999999] }],
      ];

      it('answers 401 to a caller without a token before it looks at the body or the id', async () => {
        for (const [method, url, payload] of [
          ['POST', '/api/users', { username: 1, email: [] }],
          ['POST', '/api/users/bulk/delete', { ids: 'all' }],
          ['PUT', '/api/users/profile', null],
          ['GET', '/api/users/abc'],
        ] as const) {
          const res = await call(null, method, url, payload ?? undefined);
          expect(res.statusCode, url).toBe(401);
          expect(res.json().code, url).toBe('UNAUTHORIZED');
        }
      });

      it.each(adminCalls)(
        '%s %s: 401 without a token, 403 to STAFF, DOCTOR and PATIENT',
        async (method, url, payload) => {
          const anonymous = await call(null, method, url, payload);
          expect(anonymous.statusCode).toBe(401);
          expect(anonymous.json().code).toBe('UNAUTHORIZED');
          for (const who of [staff, doctor, patient]) {
            const refused = await call(who.token, method, url, payload);
            expect(refused.statusCode).toBe(403);
            expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
          }
        },
      );

      it('lets STAFF and DOCTOR read the active doctors in name order, but no other role list', async () => {
        for (const who of [staff, doctor, admin]) {
          const res = await call(who.token, 'GET', '/api/users/role/DOCTOR');
          expect(res.statusCode).toBe(200);
          const doctors = res.json() as UserBody[];
          expect(doctors.length).toBeGreaterThanOrEqual(8);
          expect(doctors.every((d) => d.role === 'DOCTOR' && d.active)).toBe(true);
          expect(doctors.map((d) => d.username)).toContain('doctor');
          noSecrets(res.body);
        }
        expect((await call(staff.token, 'GET', '/api/users/role/PATIENT')).statusCode).toBe(403);
        expect((await call(doctor.token, 'GET', '/api/users/role/STAFF')).statusCode).toBe(403);
        expect((await call(patient.token, 'GET', '/api/users/role/DOCTOR')).statusCode).toBe(403);
        expect((await call(null, 'GET', '/api/users/role/DOCTOR')).statusCode).toBe(401);
        const patients = await asAdmin('GET', '/api/users/role/PATIENT');
        expect(patients.statusCode).toBe(200);
        expect((patients.json() as UserBody[]).map((u) => u.username)).toContain('patient');
      });

      it('leaves a deactivated doctor out of the pickers', async () => {
        const off = await createUser({ role: 'DOCTOR', specialty: 'FERTILITY', fullName: 'BS. Nghỉ Việc' });
        expect((await asAdmin('PUT', `/api/users/${off.id}/deactivate`)).statusCode).toBe(200);
        const doctors = (await call(staff.token, 'GET', '/api/users/role/DOCTOR')).json() as UserBody[];
        expect(doctors.map((d) => d.id)).not.toContain(off.id);
      });

      it('answers 400 to an unknown role', async () => {
        const res = await asAdmin('GET', '/api/users/role/NURSE');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(USER_MSG.invalidRole);
      });
    });

    describe('GET /api/users', () => {
      it('pages by 10, says how many pages there are, and shows administrators too', async () => {
        const first = await asAdmin('GET', '/api/users');
        expect(first.statusCode).toBe(200);
        const page1 = first.json();
        expect(page1).toMatchObject({ page: 1, size: USER_LIMITS.pageSize });
        expect(page1.total).toBeGreaterThan(10);
        expect(page1.items).toHaveLength(10);
        expect(page1.totalPages).toBe(Math.ceil(page1.total / 10));
        noSecrets(first.body);

        const page2 = (await asAdmin('GET', '/api/users?page=2')).json();
        expect(page2.items).toHaveLength(Math.min(10, page1.total - 10));
        const ids1 = new Set((page1.items as UserBody[]).map((u) => u.id));
        expect((page2.items as UserBody[]).some((u) => ids1.has(u.id))).toBe(false);

        const admins = (await asAdmin('GET', '/api/users?role=ADMIN')).json();
        expect((admins.items as UserBody[]).map((u) => u.username).sort()).toEqual(['admin', 'admin2']);
      });

      it('refuses bad paging and filters with the screen’s messages', async () => {
        const cases: [string, string][] = [
          ['size=0', USER_MSG.invalidPageSize],
          ['size=101', USER_MSG.pageSizeTooLarge],
          ['page=abc', USER_MSG.invalidPage],
          ['status=gone', USER_MSG.invalidStatus],
          ['role=NURSE', USER_MSG.invalidRole],
          ['sort=email:asc', USER_MSG.invalidSort],
        ];
        for (const [query, message] of cases) {
          const res = await asAdmin('GET', `/api/users?${query}`);
          expect(res.statusCode, query).toBe(400);
          expect(res.json().message, query).toBe(message);
        }
      });

      it('searches name, user name, e-mail and phone, ignoring accents and letter case', async () => {
        const ung = await createUser({
          fullName: 'Trần Văn Ưng Qfind',
          username: 'qfind.ung',
          email: 'ung.q@example.com',
          phone: '0987 111 222',
        });
        const other = await createUser({ fullName: 'Lê Thị Qfind', username: 'qfind.le', email: 'le.q@example.com' });
        const ids = async (q: string) =>
          ((await asAdmin('GET', `/api/users?q=${encodeURIComponent(q)}`)).json().items as UserBody[])
            .map((u) => u.id)
            .sort();

        expect(await ids('qfind')).toEqual([ung.id, other.id].sort());
        expect(await ids('tran van ung')).toEqual([ung.id]);
        expect(await ids('TRẦN VĂN')).toEqual([ung.id]);
        expect(await ids('QFIND.LE')).toEqual([other.id]);
        expect(await ids('ung.q@example')).toEqual([ung.id]);
        expect(await ids('0987 111')).toEqual([ung.id]);
        expect(await ids('987111222')).toEqual([ung.id]);
        expect(await ids('qfind_')).toEqual([]);
      });

      it('filters by role and by status', async () => {
        const on = await createUser({ fullName: 'Qstatus Một', role: 'STAFF' });
        const off = await createUser({ fullName: 'Qstatus Hai', role: 'STAFF' });
        const doc = await createUser({ fullName: 'Qstatus Ba', role: 'DOCTOR', specialty: 'GYNECOLOGY' });
        await asAdmin('PUT', `/api/users/${off.id}/deactivate`);
        const ids = async (query: string) =>
          ((await asAdmin('GET', `/api/users?q=qstatus&${query}`)).json().items as UserBody[]).map((u) => u.id).sort();
        expect(await ids('status=inactive')).toEqual([off.id]);
        expect(await ids('status=active')).toEqual([on.id, doc.id].sort());
        expect(await ids('role=STAFF')).toEqual([on.id, off.id].sort());
        expect(await ids('role=STAFF&status=active')).toEqual([on.id]);
        const doctors = (await asAdmin('GET', '/api/users?role=DOCTOR&size=100')).json();
        expect((doctors.items as UserBody[]).map((u) => u.username)).toEqual(
          expect.arrayContaining(['doctor', 'doctor2', doc.username]),
        );
        expect((doctors.items as UserBody[]).every((u) => u.role === 'DOCTOR')).toBe(true);
        expect(doctors.total).toBe(doctors.items.length);
      });

      it('sorts names the Vietnamese way', async () => {
        for (const name of ['Chương Vsort', 'Đào Vsort', 'An Vsort', 'Dung Vsort', 'Căng Vsort', 'Bình Vsort'])
          await createUser({ fullName: name });
        const names = async (sort: string) =>
          ((await asAdmin('GET', `/api/users?q=vsort&sort=${sort}`)).json().items as UserBody[]).map(
            (u) => u.fullName!.split(' ')[0],
          );
        const asc = await names('fullName:asc');
        // Code-point order would put "Chương" before "Căng" (ă is U+0103) and "Đào" after "Dung" and everything.
        expect(asc.slice(0, 4)).toEqual(['An', 'Bình', 'Căng', 'Chương']);
        expect(asc.slice(4).sort()).toEqual(['Dung', 'Đào'].sort());
        const result = await t.testDb.database.db.execute(
          sql`select 1 from pg_collation where collname = 'vi-VN-x-icu'`,
        );
        if ((result as unknown as { rows: unknown[] }).rows.length > 0) {
          // With ICU's Vietnamese data, Đ is a letter of its own after D.
          expect(asc).toEqual(['An', 'Bình', 'Căng', 'Chương', 'Dung', 'Đào']);
        }
        expect(await names('fullName:desc')).toEqual([...asc].reverse());
      });
    });

    describe('GET /api/users/{id} and /api/users/search', () => {
      it('returns one account without any secret, 404 for an unknown id and 400 for a bad one', async () => {
        const res = await asAdmin('GET', `/api/users/${patient.userId}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: patient.userId,
          username: 'patient',
          role: 'PATIENT',
          email: 'patient@example.com',
        });
        noSecrets(res.body);
        const unknown = await asAdmin('GET', '/api/users/999999');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toBe(USER_MSG.userNotFound);
        const bad = await asAdmin('GET', '/api/users/abc');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(USER_MSG.invalidUserId);
      });

      it('finds accounts by name without accents, by user name and by e-mail', async () => {
        const byName = (await asAdmin('GET', '/api/users/search?name=nguyen')).json() as UserBody[];
        expect(byName.map((u) => u.username)).toEqual(expect.arrayContaining(['patient', 'doctor']));
        expect(byName.every((u) => /nguy[eễ]n/i.test(u.fullName ?? '') || /nguyen/.test(u.username + u.email))).toBe(
          true,
        );
        const byEmail = (await asAdmin('GET', '/api/users/search?name=STAFF%40antamclinic')).json() as UserBody[];
        expect(byEmail.map((u) => u.username)).toEqual(['staff']);
        const nothing = (await asAdmin('GET', '/api/users/search?name=zzzz-nobody')).json();
        expect(nothing).toEqual([]);
      });

      it(`answers at most ${USER_LIMITS.searchResults} accounts, in name order`, async () => {
        const passwordHash = await hashPassword(PASSWORD);
        for (let i = 0; i < USER_LIMITS.searchResults + 5; i++) {
          const n = String(i).padStart(2, '0');
          await insertUser(t.testDb.database.db, {
            username: `many${n}`,
            email: `many${n}@example.com`,
            fullName: `Nhiều Kết Quả ${n}`,
            role: 'PATIENT',
            passwordHash,
          });
        }
        const res = (await asAdmin('GET', '/api/users/search?name=nhieu%20ket%20qua')).json() as UserBody[];
        expect(res).toHaveLength(USER_LIMITS.searchResults);
        expect(res.map((u) => u.username)).toEqual(
          Array.from({ length: USER_LIMITS.searchResults }, (_, i) => `many${String(i).padStart(2, '0')}`),
        );
      });
    });

    describe('POST /api/users', () => {
      it('creates an account that can sign in, and never shows its password', async () => {
        const input = account({
          username: 'Hoa.Le',
          email: 'Hoa.Le@Example.com',
          fullName: 'Lê Thị Hoa',
          phone: '0901 222 333',
          birth: '1990-02-03',
          gender: 'FEMALE',
        });
        const res = await asAdmin('POST', '/api/users', input);
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body.message).toBe(USER_MSG.created);
        expect(body.user).toMatchObject({
          username: 'Hoa.Le',
          email: 'hoa.le@example.com',
          fullName: 'Lê Thị Hoa',
          role: 'PATIENT',
          phone: '0901222333',
          birth: '1990-02-03',
          gender: 'FEMALE',
          active: true,
          specialty: null,
        });
        expect(res.body).not.toContain(PASSWORD);
        noSecrets(res.body);
        const signIn = await login('hoa.le', PASSWORD);
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json().role).toBe('PATIENT');
      });

      it('keeps a doctor’s specialty and drops it for other roles', async () => {
        const doc = await createUser({ role: 'DOCTOR', specialty: 'OBSTETRICS' });
        expect(doc.specialty).toBe('OBSTETRICS');
        const staffUser = await createUser({ role: 'STAFF', specialty: 'OBSTETRICS' });
        expect(staffUser.specialty).toBeNull();
      });

      it.each([
        ['username', USER_MSG.usernameRequired],
        ['email', USER_MSG.emailRequired],
        ['fullName', USER_MSG.fullNameRequired],
        ['password', USER_MSG.passwordRequired],
      ])('names the missing %s', async (field, message) => {
        const input: Record<string, unknown> = account();
        delete input[field];
        const res = await asAdmin('POST', '/api/users', input);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
        const blank = await asAdmin('POST', '/api/users', { ...account(), [field]: '' });
        expect(blank.json().message).toBe(message);
      });

      it.each([
        ['a doctor without a specialty', { role: 'DOCTOR' }, USER_MSG.specialtyRequired],
        ['an unknown specialty', { role: 'DOCTOR', specialty: 'ASTROLOGY' }, USER_MSG.specialtyUnknown],
        ['a common password', { password: '12345678' }, USER_MSG.passwordTooCommon],
        [
          'a password made of the user name',
          { username: 'hoangyen', password: 'hoangyen123' },
          USER_MSG.passwordTooCommon,
        ],
        [
          'a password made of the e-mail',
          { email: 'thanhvan@example.com', password: 'thanhvan1234' },
          USER_MSG.passwordTooCommon,
        ],
        ['a short password', { password: 'Ab#1' }, USER_MSG.passwordTooShort],
        ['a bad e-mail', { email: 'not-an-email' }, USER_MSG.emailInvalid],
        ['the ADMIN role', { role: 'ADMIN' }, USER_MSG.roleInvalid],
        ['a bad phone', { phone: '12' }, USER_MSG.phoneInvalid],
      ])('refuses %s with 400', async (_name, overrides, message) => {
        const input = account(overrides);
        const res = await asAdmin('POST', '/api/users', input);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        expect((await login(input.username, input.password)).statusCode).toBe(401);
      });

      it('refuses a user name or e-mail already taken, in any letter case, with 409', async () => {
        const first = await createUser({ username: 'minh.tran', email: 'minh.tran@example.com' });
        const sameName = await asAdmin('POST', '/api/users', account({ username: 'MINH.TRAN' }));
        expect(sameName.statusCode).toBe(409);
        expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: USER_MSG.usernameTaken });
        const sameEmail = await asAdmin('POST', '/api/users', account({ email: 'Minh.Tran@EXAMPLE.com' }));
        expect(sameEmail.statusCode).toBe(409);
        expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: USER_MSG.emailTaken });
        // A user name equal to someone's e-mail would make sign-in ambiguous.
        const nameIsEmail = await asAdmin('POST', '/api/users', account({ username: first.email }));
        expect(nameIsEmail.statusCode).toBe(409);
      });

      it('gives exactly one of several simultaneous requests for one name, and 409 (never 500) to the rest', async () => {
        const input = account({ username: 'race.name', email: 'race@example.com' });
        const results = await Promise.all(Array.from({ length: 4 }, () => asAdmin('POST', '/api/users', input)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
        for (const r of results.filter((r) => r.statusCode === 409))
          expect([USER_MSG.usernameTaken, USER_MSG.emailTaken]).toContain(r.json().message);
      });
    });

    describe('PUT /api/users/{id}', () => {
      const edit = (u: UserBody, changes: Record<string, unknown> = {}) => ({
        username: u.username,
        email: u.email,
        fullName: u.fullName,
        role: u.role,
        specialty: u.specialty,
        gender: u.gender ?? 'MALE',
        birth: u.birth,
        phone: u.phone,
        active: u.active,
        ...changes,
      });

      it('saves the changes and answers with the account', async () => {
        const u = await createUser({ role: 'DOCTOR', specialty: 'FERTILITY' });
        const res = await asAdmin(
          'PUT',
          `/api/users/${u.id}`,
          edit(u, { fullName: 'BS. Đổi Tên', phone: '0933444555', role: 'PATIENT' }),
        );
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          message: USER_MSG.updated,
          user: { id: u.id, fullName: 'BS. Đổi Tên', phone: '0933444555', role: 'PATIENT', specialty: null },
        });
        noSecrets(res.body);
        expect((await asAdmin('GET', `/api/users/${u.id}`)).json()).toMatchObject({
          fullName: 'BS. Đổi Tên',
          role: 'PATIENT',
        });
      });

      it('refuses an administrator’s account and one’s own with 403', async () => {
        const adminRow = (await asAdmin('GET', `/api/users/${otherAdminId}`)).json() as UserBody;
        const other = await asAdmin(
          'PUT',
          `/api/users/${otherAdminId}`,
          edit(adminRow, { fullName: 'Hacked', role: 'PATIENT' }),
        );
        expect(other.statusCode).toBe(403);
        expect(other.json()).toMatchObject({ code: 'ADMIN_PROTECTED', message: USER_MSG.adminProtected });
        const me = (await asAdmin('GET', `/api/users/${admin.userId}`)).json() as UserBody;
        const self = await asAdmin(
          'PUT',
          `/api/users/${admin.userId}`,
          edit(me, { fullName: 'Hacked', role: 'PATIENT' }),
        );
        expect(self.statusCode).toBe(403);
        expect(self.json()).toMatchObject({ code: 'SELF_PROTECTED', message: USER_MSG.selfProtected });
        expect((await asAdmin('GET', `/api/users/${otherAdminId}`)).json().fullName).toBe('Quản trị viên 2');
      });

      it('refuses another account’s user name or e-mail with 409, but keeps one’s own', async () => {
        const a = await createUser();
        const b = await createUser();
        const taken = await asAdmin('PUT', `/api/users/${b.id}`, edit(b, { email: a.email.toUpperCase() }));
        expect(taken.statusCode).toBe(409);
        expect(taken.json().message).toBe(USER_MSG.emailTaken);
        const nameTaken = await asAdmin('PUT', `/api/users/${b.id}`, edit(b, { username: a.username.toUpperCase() }));
        expect(nameTaken.statusCode).toBe(409);
        expect(nameTaken.json().message).toBe(USER_MSG.usernameTaken);
        const same = await asAdmin('PUT', `/api/users/${b.id}`, edit(b, { username: b.username.toUpperCase() }));
        expect(same.statusCode).toBe(200);
      });

      it('refuses a doctor without a specialty, an unknown id and a bad id', async () => {
        const u = await createUser();
        const noSpecialty = await asAdmin('PUT', `/api/users/${u.id}`, edit(u, { role: 'DOCTOR', specialty: null }));
        expect(noSpecialty.statusCode).toBe(400);
        expect(noSpecialty.json().message).toBe(USER_MSG.specialtyRequired);
        expect((await asAdmin('PUT', '/api/users/999999', edit(u))).statusCode).toBe(404);
        expect((await asAdmin('PUT', '/api/users/0', edit(u))).json().message).toBe(USER_MSG.invalidUserId);
      });

      it('ends the account’s sessions when it is switched off or its role changes', async () => {
        const u = await createUser();
        const before = await loginAs(t.app, u.username, PASSWORD);
        const promoted = await asAdmin('PUT', `/api/users/${u.id}`, edit(u, { role: 'STAFF' }));
        expect(promoted.statusCode).toBe(200);
        expect((await call(before.token, 'GET', '/api/users/profile')).statusCode).toBe(401);

        const again = await loginAs(t.app, u.username, PASSWORD);
        expect(again.role).toBe('STAFF');
        expect((await call(again.token, 'GET', '/api/users/profile')).statusCode).toBe(200);
        const renamed = await asAdmin(
          'PUT',
          `/api/users/${u.id}`,
          edit({ ...u, role: 'STAFF' }, { fullName: 'Chỉ Đổi Tên' }),
        );
        expect(renamed.statusCode).toBe(200);
        expect((await call(again.token, 'GET', '/api/users/profile')).statusCode).toBe(200);

        await asAdmin('PUT', `/api/users/${u.id}`, edit({ ...u, role: 'STAFF' }, { active: false }));
        expect((await call(again.token, 'GET', '/api/users/profile')).statusCode).toBe(401);
        expect((await login(u.username, PASSWORD)).statusCode).toBe(403);
        await asAdmin('PUT', `/api/users/${u.id}`, edit({ ...u, role: 'STAFF' }, { active: true }));
        expect((await login(u.username, PASSWORD)).statusCode).toBe(200);
      });
    });

    describe('deactivate and activate', () => {
      it('stops the tokens at once, refuses sign-in, and lets the user in again once activated', async () => {
        const u = await createUser();
        const session = await loginAs(t.app, u.username, PASSWORD);
        const off = await asAdmin('PUT', `/api/users/${u.id}/deactivate`);
        expect(off.statusCode).toBe(200);
        expect(off.json()).toEqual({ message: USER_MSG.deactivated });
        expect((await call(session.token, 'GET', '/api/users/profile')).statusCode).toBe(401);
        const refused = await login(u.username, PASSWORD);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('ACCOUNT_DISABLED');

        const on = await asAdmin('PUT', `/api/users/${u.id}/activate`);
        expect(on.statusCode).toBe(200);
        expect(on.json()).toEqual({ message: USER_MSG.activated });
        const back = await login(u.username, PASSWORD);
        expect(back.statusCode).toBe(200);
        expect((await call(back.json().token, 'GET', '/api/users/profile')).statusCode).toBe(200);
        // A token from before the deactivation does not come back to life.
        expect((await call(session.token, 'GET', '/api/users/profile')).statusCode).toBe(401);
      });

      it('refuses to switch an administrator on or off', async () => {
        for (const action of ['deactivate', 'activate']) {
          const res = await asAdmin('PUT', `/api/users/${otherAdminId}/${action}`);
          expect(res.statusCode).toBe(403);
          expect(res.json().message).toBe(USER_MSG.adminProtected);
        }
        expect((await login('admin2', 'Admin2@123')).statusCode).toBe(200);
        expect((await asAdmin('PUT', '/api/users/999999/activate')).statusCode).toBe(404);
      });
    });

    describe('POST /api/users/{id}/reset-password', () => {
      it('replaces the password by a temporary one that must be changed before anything else', async () => {
        const u = await createUser();
        const before = await loginAs(t.app, u.username, PASSWORD);
        const res = await asAdmin('POST', `/api/users/${u.id}/reset-password`);
        expect(res.statusCode).toBe(200);
        const { message, temporaryPassword } = res.json() as { message: string; temporaryPassword: string };
        expect(message).toBe(USER_MSG.passwordReset);
        expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);

        expect((await login(u.username, PASSWORD)).statusCode).toBe(401);
        expect((await call(before.token, 'GET', '/api/users/profile')).statusCode).toBe(401);
        const signIn = await login(u.username, temporaryPassword);
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json().mustChangePassword).toBe(true);
        const temporary = signIn.json().token as string;

        const elsewhere = await call(temporary, 'GET', '/api/appointments/my-appointments');
        expect(elsewhere.statusCode).toBe(403);
        expect(elsewhere.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
        expect((await call(temporary, 'PUT', '/api/users/profile', { fullName: 'X' })).json().code).toBe(
          'PASSWORD_CHANGE_REQUIRED',
        );

        const changed = await call(temporary, 'POST', '/api/auth/change-password', {
          currentPassword: temporaryPassword,
          newPassword: 'Green-Bamboo#77',
        });
        expect(changed.statusCode).toBe(200);
        expect((await call(changed.json().token, 'GET', '/api/appointments/my-appointments')).statusCode).toBe(200);
        expect((await login(u.username, 'Green-Bamboo#77')).json().mustChangePassword).toBe(false);
      });

      it('gives a different temporary password each time', async () => {
        const u = await createUser();
        const a = (await asAdmin('POST', `/api/users/${u.id}/reset-password`)).json().temporaryPassword;
        const b = (await asAdmin('POST', `/api/users/${u.id}/reset-password`)).json().temporaryPassword;
        expect(a).not.toBe(b);
        expect((await login(u.username, a)).statusCode).toBe(401);
        expect((await login(u.username, b)).statusCode).toBe(200);
      });

      it('refuses an administrator’s account', async () => {
        const res = await asAdmin('POST', `/api/users/${otherAdminId}/reset-password`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(USER_MSG.adminProtected);
        expect((await login('admin2', 'Admin2@123')).statusCode).toBe(200);
      });
    });

    describe('DELETE /api/users/{id}', () => {
      it('deletes the account and keeps its appointments, posts and comments', async () => {
        const writer = await createUser({ role: 'STAFF', fullName: 'Nhân Viên Viết Bài' });
        const doc = await createUser({ role: 'DOCTOR', specialty: 'GENERAL_PRACTICE' });
        const owner = await createUser();
        const writerSession = await loginAs(t.app, writer.username, PASSWORD);
        const post = await createPost(t.app, writerSession.token);
        const comment = await t.app.inject({
          method: 'POST',
          url: `/api/comments/blog/${post.id}`,
          headers: bearer(writerSession.token),
          remoteAddress: nextIp(),
          payload: { authorName: 'Nhân viên', content: 'Bình luận của nhân viên' },
        });
        expect(comment.statusCode).toBe(201);
        const visit = await seedAppointment(t.testDb.database.db, {
          doctorId: doc.id,
          userId: owner.id,
          status: 'CONFIRMED',
        });

        for (const u of [writer, doc, owner]) {
          const res = await asAdmin('DELETE', `/api/users/${u.id}`);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ message: USER_MSG.deleted });
          expect((await asAdmin('GET', `/api/users/${u.id}`)).statusCode).toBe(404);
        }
        expect((await call(writerSession.token, 'GET', '/api/users/profile')).statusCode).toBe(401);

        const appointment = await asAdmin('GET', `/api/appointments/${visit.id}`);
        expect(appointment.statusCode).toBe(200);
        expect(appointment.json()).toMatchObject({ id: visit.id, status: 'CONFIRMED', doctorId: null, userId: null });
        expect((await asAdmin('GET', `/api/blogs/${post.id}`)).statusCode).toBe(200);
        const comments = await t.app.inject({ url: `/api/comments/blog/${post.id}` });
        expect(comments.body).toContain('Bình luận của nhân viên');
      });

      it('refuses an administrator and oneself, and 404 for an unknown id', async () => {
        expect((await asAdmin('DELETE', `/api/users/${otherAdminId}`)).json().code).toBe('ADMIN_PROTECTED');
        expect((await asAdmin('DELETE', `/api/users/${admin.userId}`)).json().code).toBe('SELF_PROTECTED');
        expect((await asAdmin('DELETE', '/api/users/999999')).statusCode).toBe(404);
        expect((await asAdmin('GET', `/api/users/${otherAdminId}`)).statusCode).toBe(200);
      });
    });

    describe('POST /api/users/bulk/{action}', () => {
      it('acts on each account on its own, skipping administrators and oneself, and failing unknown ids', async () => {
        const [a, b, c] = [await createUser(), await createUser(), await createUser()];
        const off = await asAdmin('POST', '/api/users/bulk/deactivate', {
          ids: [a.id, otherAdminId, admin.userId, 999999, b.id],
        });
        expect(off.statusCode).toBe(200);
        expect(off.json()).toEqual({
          success: 2,
          skipped: 2,
          failed: 1,
          message: USER_MSG.bulkSummary(2, 2, 1),
          results: [
            { id: a.id, outcome: 'success', code: null, reason: null },
            { id: otherAdminId, outcome: 'skipped', code: 'ADMIN_PROTECTED', reason: USER_MSG.adminProtected },
            { id: admin.userId, outcome: 'skipped', code: 'SELF_PROTECTED', reason: USER_MSG.selfProtected },
            { id: 999999, outcome: 'failed', code: 'NOT_FOUND', reason: USER_MSG.userNotFound },
            { id: b.id, outcome: 'success', code: null, reason: null },
          ],
        });
        expect((await login(a.username, PASSWORD)).statusCode).toBe(403);
        expect((await login('admin2', 'Admin2@123')).statusCode).toBe(200);

        const on = await asAdmin('POST', '/api/users/bulk/activate', { ids: [a.id, c.id] });
        expect(on.json()).toMatchObject({ success: 1, skipped: 1, failed: 0 });
        expect(on.json().results[1]).toMatchObject({ id: c.id, outcome: 'skipped', code: 'ALREADY_ACTIVE' });
        expect((await login(a.username, PASSWORD)).statusCode).toBe(200);

        const gone = await asAdmin('POST', '/api/users/bulk/delete', { ids: [a.id, b.id, otherAdminId] });
        expect(gone.json()).toMatchObject({ success: 2, skipped: 1, failed: 0 });
        expect((await asAdmin('GET', `/api/users/${a.id}`)).statusCode).toBe(404);
        expect((await asAdmin('GET', `/api/users/${b.id}`)).statusCode).toBe(404);
        expect((await asAdmin('GET', `/api/users/${otherAdminId}`)).statusCode).toBe(200);
      });

      it('refuses an empty, oversized or malformed selection with 400', async () => {
        const empty = await asAdmin('POST', '/api/users/bulk/delete', { ids: [] });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toBe(USER_MSG.bulkNoSelection);
        const many = await asAdmin('POST', '/api/users/bulk/delete', {
          ids: Array.from({ length: USER_LIMITS.bulkMax + 1 }, (_, i) => i + 1),
        });
        expect(many.statusCode).toBe(400);
        expect(many.json().message).toBe(USER_MSG.bulkTooMany);
        const bad = await asAdmin('POST', '/api/users/bulk/activate', { ids: ['x'] });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(USER_MSG.invalidUserId);
      });
    });

    describe('/api/users/profile', () => {
      it('returns the signed-in user without any password field', async () => {
        const res = await call(patient.token, 'GET', '/api/users/profile');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          username: 'patient',
          role: 'PATIENT',
          fullName: 'Nguyễn Thị Mai',
          phone: '0912345678',
          gender: 'FEMALE',
          birth: '1995-04-12',
          active: true,
        });
        noSecrets(res.body);
      });

      it('updates one’s own name, birth date, gender and phone, and answers with the profile', async () => {
        const u = await createUser({ email: 'profile.owner@example.com' });
        const { token } = await loginAs(t.app, u.username, PASSWORD);
        const res = await call(token, 'PUT', '/api/users/profile', {
          fullName: ' Phạm Thu Hà ',
          birth: '1992-07-08',
          gender: 'FEMALE',
          phone: '0912 000 111',
          email: 'changed@example.com',
          role: 'ADMIN',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: u.id,
          fullName: 'Phạm Thu Hà',
          birth: '1992-07-08',
          gender: 'FEMALE',
          phone: '0912000111',
          email: 'profile.owner@example.com',
          role: 'PATIENT',
        });
        noSecrets(res.body);

        // Birth and gender absent stay as they are; a null phone clears it.
        const again = await call(token, 'PUT', '/api/users/profile', { fullName: 'Phạm Thu Hà', phone: null });
        expect(again.json()).toMatchObject({ birth: '1992-07-08', gender: 'FEMALE', phone: null });
        expect((await call(token, 'GET', '/api/users/profile')).json()).toMatchObject({
          fullName: 'Phạm Thu Hà',
          birth: '1992-07-08',
          phone: null,
        });
      });

      it('refuses a missing name or a bad phone with the Vietnamese message, and a caller without a token', async () => {
        const noName = await call(patient.token, 'PUT', '/api/users/profile', { fullName: '  ' });
        expect(noName.statusCode).toBe(400);
        expect(noName.json().message).toBe(PROFILE_MSG.fullNameRequired);
        const badPhone = await call(patient.token, 'PUT', '/api/users/profile', {
          fullName: 'Nguyễn Thị Mai',
          phone: 'abc',
        });
        expect(badPhone.statusCode).toBe(400);
        expect(badPhone.json().message).toBe(PROFILE_MSG.phoneInvalid);
        expect((await call(null, 'PUT', '/api/users/profile', { fullName: 'X' })).statusCode).toBe(401);
        expect((await call(patient.token, 'GET', '/api/users/profile')).json().phone).toBe('0912345678');
      });

      it('keeps the back-office language on the account: English by default, Vietnamese once chosen, from any sign-in', async () => {
        const u = await createUser({ email: 'language.owner@example.com' });
        const first = await loginAs(t.app, u.username, PASSWORD);
        expect((await call(first.token, 'GET', '/api/users/profile')).json().backOfficeLanguage).toBe('en');

        const chosen = await call(first.token, 'PATCH', '/api/users/profile/preferences', { backOfficeLanguage: 'vi' });
        expect(chosen.statusCode).toBe(200);
        expect(chosen.json()).toEqual({ backOfficeLanguage: 'vi' });

        // Another device: a new sign-in reads the same choice.
        const second = await loginAs(t.app, u.username, PASSWORD);
        expect((await call(second.token, 'GET', '/api/users/profile')).json().backOfficeLanguage).toBe('vi');
        // Someone else's stays English.
        expect((await call(patient.token, 'GET', '/api/users/profile')).json().backOfficeLanguage).toBe('en');

        const back = await call(second.token, 'PATCH', '/api/users/profile/preferences', { backOfficeLanguage: 'en' });
        expect(back.json()).toEqual({ backOfficeLanguage: 'en' });
        expect((await call(first.token, 'GET', '/api/users/profile')).json().backOfficeLanguage).toBe('en');
      });

      it('refuses a language it does not know with the error shape, ignores anything else sent, and needs a token', async () => {
        for (const body of [{ backOfficeLanguage: 'fr' }, { backOfficeLanguage: null }, {}]) {
          const bad = await call(patient.token, 'PATCH', '/api/users/profile/preferences', body);
          expect(bad.statusCode, JSON.stringify(body)).toBe(400);
          expect(bad.json()).toMatchObject({ message: PROFILE_MSG.backOfficeLanguageInvalid });
        }
        const extra = await call(patient.token, 'PATCH', '/api/users/profile/preferences', {
          backOfficeLanguage: 'vi',
          role: 'ADMIN',
        });
        expect(extra.statusCode).toBe(200);
        const anonymous = await call(null, 'PATCH', '/api/users/profile/preferences', { backOfficeLanguage: 'vi' });
        expect(anonymous.statusCode).toBe(401);
        const profile = (await call(patient.token, 'GET', '/api/users/profile')).json();
        expect(profile).toMatchObject({ role: 'PATIENT', backOfficeLanguage: 'vi' });
        await call(patient.token, 'PATCH', '/api/users/profile/preferences', { backOfficeLanguage: 'en' });
      });
    });
  });
}
