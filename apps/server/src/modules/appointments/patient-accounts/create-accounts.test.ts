import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG, CREATE_ACCOUNTS_MSG, MSG, type CreateAccountsResult } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { nextIp } from '../../../../test/blog-fixtures';

const URL = '/api/appointments/bulk/create-accounts';

for (const kind of dbKinds()) {
  describe(`POST ${URL} [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const db = () => t.testDb.database.db;
    const login = (usernameOrEmail: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail, password },
        remoteAddress: nextIp(),
      });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM) });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('makes one PATIENT account per e-mail and links every unlinked appointment of that e-mail', async () => {
      const xuan = { fullName: 'Hồ Thị Xuân', phone: '0977000111', email: 'xuan.ho@example.com' };
      const first = await seedAppointment(db(), xuan);
      const second = await seedAppointment(db(), {
        ...xuan,
        fullName: 'Xuân Hồ',
        phone: '0977000999',
        appointmentTime: '10:00',
      });
      const notChosen = await seedAppointment(db(), { ...xuan, appointmentTime: '13:30' });
      const someoneElses = await seedAppointment(db(), { ...xuan, appointmentTime: '14:00', userId: s.patient.userId });
      const khoa = await seedAppointment(db(), {
        fullName: 'Đỗ Minh Khoa',
        phone: '0977000222',
        email: 'khoa.do@example.com',
      });
      const existing = await seedAppointment(db(), {
        fullName: 'Nguyễn Thị Mai',
        phone: '0912345678',
        email: 'patient@example.com',
      });
      const noEmail = await seedAppointment(db(), { fullName: 'Không Thư', phone: '0977000333', email: null });

      const res = await call(t.app, s.staff, 'POST', URL, {
        ids: [khoa.id, first.id, second.id, existing.id, noEmail.id, 999999],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as CreateAccountsResult;

      expect(body.created.map((c) => c.email).sort()).toEqual(['khoa.do@example.com', 'xuan.ho@example.com']);
      const xuanAccount = body.created.find((c) => c.email === 'xuan.ho@example.com')!;
      expect(xuanAccount).toMatchObject({
        username: 'xuan.ho@example.com',
        fullName: 'Hồ Thị Xuân',
        linkedAppointments: 3,
      });
      expect(body.created.find((c) => c.email === 'khoa.do@example.com')).toMatchObject({
        fullName: 'Đỗ Minh Khoa',
        linkedAppointments: 1,
      });
      expect(body.created[0]!.temporaryPassword).not.toBe(body.created[1]!.temporaryPassword);
      expect(body.skipped).toEqual([
        {
          appointmentId: existing.id,
          email: 'patient@example.com',
          reason: CREATE_ACCOUNTS_MSG.exists('patient@example.com'),
        },
        { appointmentId: noEmail.id, email: null, reason: CREATE_ACCOUNTS_MSG.noEmail },
        { appointmentId: 999999, email: null, reason: APPOINTMENT_MSG.notFound },
      ]);
      expect(body.message).toBe(CREATE_ACCOUNTS_MSG.summary(2, 3));
      expect(res.body).not.toMatch(/passwordHash|argon2/);

      // Every appointment of the e-mail without an account now belongs to the new one; another account's stays its own.
      const owner = async (id: number) =>
        (await call(t.app, s.admin, 'GET', `/api/appointments/${id}`)).json().userId as number | null;
      for (const a of [first, second, notChosen]) expect(await owner(a.id)).toBe(xuanAccount.userId);
      expect(await owner(someoneElses.id)).toBe(s.patient.userId);
      expect(await owner(existing.id)).toBeNull();
      expect(await owner(noEmail.id)).toBeNull();

      const account = (await call(t.app, s.admin, 'GET', `/api/users/${xuanAccount.userId}`)).json();
      expect(account).toMatchObject({
        username: 'xuan.ho@example.com',
        role: 'PATIENT',
        active: true,
        phone: '0977000111',
        mustChangePassword: true,
      });
    });

    it('gives a temporary password that must be changed, after which the patient sees her appointments', async () => {
      const lan = await seedAppointment(db(), {
        fullName: 'Vũ Ngọc Lan',
        phone: '0977000444',
        email: 'lan.vu@example.com',
      });
      const res = await call(t.app, s.admin, 'POST', URL, { ids: [lan.id] });
      expect(res.statusCode).toBe(200);
      const [created] = (res.json() as CreateAccountsResult).created;
      const signIn = await login('lan.vu@example.com', created!.temporaryPassword);
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().mustChangePassword).toBe(true);
      const temporary = { token: signIn.json().token as string, userId: created!.userId };
      const blocked = await call(t.app, temporary, 'GET', '/api/appointments/my-appointments');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

      const changed = await call(t.app, temporary, 'POST', '/api/auth/change-password', {
        currentPassword: created!.temporaryPassword,
        newPassword: 'Lotus-Pond#2027',
      });
      expect(changed.statusCode).toBe(200);
      const mine = await call(
        t.app,
        { token: changed.json().token, userId: created!.userId },
        'GET',
        '/api/appointments/my-appointments',
      );
      expect(mine.statusCode).toBe(200);
      expect((mine.json().items as { id: number }[]).map((a) => a.id)).toEqual([lan.id]);
    });

    it('skips an e-mail that already has an account, the second time round', async () => {
      const hoa = await seedAppointment(db(), {
        fullName: 'Mai Thanh Hoa',
        phone: '0977000555',
        email: 'hoa.mai@example.com',
      });
      expect((await call(t.app, s.staff, 'POST', URL, { ids: [hoa.id] })).json().created).toHaveLength(1);
      const again = await call(t.app, s.staff, 'POST', URL, { ids: [hoa.id] });
      expect(again.json()).toEqual({
        created: [],
        skipped: [
          {
            appointmentId: hoa.id,
            email: 'hoa.mai@example.com',
            reason: CREATE_ACCOUNTS_MSG.exists('hoa.mai@example.com'),
          },
        ],
        message: CREATE_ACCOUNTS_MSG.summary(0, 1),
      });
    });

    it('is for ADMIN and STAFF only, and needs a selection', async () => {
      const a = await seedAppointment(db(), { email: 'guarded.booking@example.com' });
      expect((await call(t.app, null, 'POST', URL, { ids: [a.id] })).statusCode).toBe(401);
      for (const who of ['doctor', 'patient'] as const) {
        const refused = await call(t.app, s[who], 'POST', URL, { ids: [a.id] });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(MSG.forbidden);
      }
      expect((await login('guarded.booking@example.com', 'anything-at-all')).statusCode).toBe(401);
      const empty = await call(t.app, s.staff, 'POST', URL, { ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(APPOINTMENT_MSG.bulkNoSelection);
    });
  });
}
