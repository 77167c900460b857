import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG as M } from '@clinic/shared';
import { buildTestApp, fixedClock, loginAs, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';

for (const kind of dbKinds()) {
  describe(`a doctor's calendar subscription [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const feed = (url: string) => t.app.inject({ url: new URL(url).pathname });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { PUBLIC_URL: 'https://antamclinic.vn' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('is the doctor’s own: others get 401 or 403', async () => {
      expect((await call(t.app, null, 'GET', '/api/appointments/calendar-feed')).statusCode).toBe(401);
      for (const who of [s.patient, s.staff, s.admin]) {
        expect((await call(t.app, who, 'POST', '/api/appointments/calendar-feed')).statusCode).toBe(403);
      }
      expect((await call(t.app, s.doctor, 'GET', '/api/appointments/calendar-feed')).json()).toEqual({
        active: false,
        createdAt: null,
      });
    });

    it('lists his confirmed and paid visits of the coming weeks, with names but no phone, e-mail or reason', async () => {
      const doctor = s.doctor.userId;
      const mine = { doctorId: doctor, phone: '0911222333', email: 'rieng.tu@example.com', reason: 'Lý do riêng tư' };
      const confirmed = await seedAppointment(db(), {
        ...mine,
        status: 'CONFIRMED',
        fullName: 'Trần Thị Xác Nhận',
        appointmentDate: DAYS.wed,
        appointmentTime: '09:00',
      });
      const paid = await seedAppointment(db(), {
        ...mine,
        status: 'PAID',
        fullName: 'Lê Thị Đã Trả',
        appointmentDate: DAYS.thu,
        appointmentTime: '14:00',
      });
      const pending = await seedAppointment(db(), {
        ...mine,
        status: 'AWAITING_DOCTOR_APPROVAL',
        fullName: 'Chờ Duyệt',
        appointmentDate: DAYS.wed,
        appointmentTime: '10:00',
      });
      const far = await seedAppointment(db(), {
        ...mine,
        status: 'CONFIRMED',
        fullName: 'Xa Lắm',
        appointmentDate: '2027-06-01',
        appointmentTime: '09:00',
      });
      const other = await seedAppointment(db(), {
        status: 'CONFIRMED',
        doctorId: s.doctor2.userId,
        fullName: 'Bác Sĩ Khác',
        appointmentDate: DAYS.wed,
        appointmentTime: '09:00',
      });

      const created = await call(t.app, s.doctor, 'POST', '/api/appointments/calendar-feed');
      expect(created.statusCode).toBe(200);
      const { url, message } = created.json() as { url: string; message: string };
      expect(message).toBe(M.calendarFeedCreated);
      expect(url).toMatch(/^https:\/\/antamclinic\.vn\/api\/appointments\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
      const token = url.split('/').at(-1)!;
      // Only its hash is stored.
      const stored = (await db().execute(
        sql`select token_hash from doctor_calendar_feeds where doctor_id = ${doctor}`,
      )) as unknown as { rows: { token_hash: string }[] };
      expect(stored.rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect((await call(t.app, s.doctor, 'GET', '/api/appointments/calendar-feed')).json()).toEqual({
        active: true,
        createdAt: new Date(MONDAY_9AM).toISOString(),
      });

      const res = await feed(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.body.replace(/\r\n /g, '');
      expect(body).toContain(`UID:appointment-${confirmed.id}@antamclinic.vn`);
      expect(body).toContain('SUMMARY:Khám: Trần Thị Xác Nhận');
      expect(body).toContain('DTSTART:20270303T020000Z');
      expect(body).toContain(`UID:appointment-${paid.id}@`);
      for (const absent of [pending, far, other]) expect(body).not.toContain(`UID:appointment-${absent.id}@`);
      for (const secret of ['0911222333', 'rieng.tu@example.com', 'Lý do riêng tư']) expect(body).not.toContain(secret);

      // Updated as the appointments change: a cancelled visit leaves it at the next fetch.
      expect(
        (await call(t.app, s.staff, 'PUT', `/api/appointments/${confirmed.id}/cancel`, { reason: 'Bận' })).statusCode,
      ).toBe(200);
      expect((await feed(url)).body).not.toContain(`UID:appointment-${confirmed.id}@`);
    });

    it('ends with a new address, with revocation and with the doctor’s deactivation', async () => {
      const first = ((await call(t.app, s.doctor, 'POST', '/api/appointments/calendar-feed')).json() as { url: string })
        .url;
      const second = (
        (await call(t.app, s.doctor, 'POST', '/api/appointments/calendar-feed')).json() as { url: string }
      ).url;
      expect(second).not.toBe(first);
      const gone = await feed(first);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'CALENDAR_FEED_INVALID', message: M.calendarFeedInvalid });
      expect((await feed(second)).statusCode).toBe(200);
      expect((await feed('https://x/api/appointments/calendar-feed/short')).statusCode).toBe(400);

      const third = (
        (await call(t.app, s.doctor2, 'POST', '/api/appointments/calendar-feed')).json() as { url: string }
      ).url;
      expect((await call(t.app, s.doctor, 'DELETE', '/api/appointments/calendar-feed')).json()).toEqual({
        message: M.calendarFeedRevoked,
      });
      expect((await feed(second)).statusCode).toBe(404);
      expect((await call(t.app, s.doctor, 'GET', '/api/appointments/calendar-feed')).json()).toEqual({
        active: false,
        createdAt: null,
      });

      expect((await feed(third)).statusCode).toBe(200);
      expect((await call(t.app, s.admin, 'PUT', `/api/users/${s.doctor2.userId}/deactivate`)).statusCode).toBe(200);
      expect((await feed(third)).statusCode).toBe(404);
      // Issue 29: the ended address stays ended when he is switched on again.
      expect((await call(t.app, s.admin, 'PUT', `/api/users/${s.doctor2.userId}/activate`)).statusCode).toBe(200);
      expect((await feed(third)).statusCode).toBe(404);
      const doctor2 = await loginAs(t.app, 'doctor2', 'Doctor@123');
      expect((await call(t.app, doctor2, 'GET', '/api/appointments/calendar-feed')).json()).toEqual({
        active: false,
        createdAt: null,
      });
    });

    it('ends for good when an administrator makes the doctor another role, even if he is made a doctor again', async () => {
      const doctor3 = await loginAs(t.app, 'doctor3', 'Doctor@123');
      const url = ((await call(t.app, doctor3, 'POST', '/api/appointments/calendar-feed')).json() as { url: string })
        .url;
      expect((await feed(url)).statusCode).toBe(200);
      const account = (await call(t.app, s.admin, 'GET', `/api/users/${doctor3.userId}`)).json();
      const edit = (role: string, specialty: string | null) =>
        call(t.app, s.admin, 'PUT', `/api/users/${doctor3.userId}`, {
          username: account.username,
          email: account.email,
          fullName: account.fullName,
          role,
          specialty,
          active: true,
        });
      expect((await edit('STAFF', null)).statusCode).toBe(200);
      expect((await feed(url)).statusCode).toBe(404);
      const back = await edit('DOCTOR', account.specialty);
      expect(back.statusCode, back.body).toBe(200);
      expect((await feed(url)).statusCode).toBe(404);
      const again = await loginAs(t.app, 'doctor3', 'Doctor@123');
      expect((await call(t.app, again, 'GET', '/api/appointments/calendar-feed')).json()).toMatchObject({
        active: false,
      });
    });
  });
}
