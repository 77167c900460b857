import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';

type Row = {
  email: string;
  fullName: string;
  totalAppointments: number;
  confirmedAppointments: number;
  lastAppointment: { id: number; appointmentDate: string } | null;
  nextAppointment: { id: number; appointmentDate: string } | null;
  actionableAppointment: { id: number } | null;
  actionableAppointments: { id: number; status: string; paymentAmount: number | null }[];
  user: { username: string } | null;
};
type Page = {
  items: Row[];
  total: number;
  totalPages: number;
  cards: { totalPatients: number; withUpcoming: number; totalConfirmed: number };
};

for (const kind of dbKinds()) {
  describe(`Patient Control [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Monday 1 March 2027, 09:00 at the clinic.
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const MARK = 'Kiểm Soát';
    const list = async (who: keyof Sessions, query = '') => {
      const res = await call(t.app, s[who], 'GET', `/api/patients?q=${encodeURIComponent('kiem soat')}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      const add = async (key: string, o: Parameters<typeof seedAppointment>[1]) =>
        (ids[key] = (await seedAppointment(db(), o)).id);
      const doctorA = s.doctor.userId;
      const doctorB = s.doctor2.userId;
      // Chương: seen by doctor A (upcoming, confirmed) and doctor B (a past visit).
      await add('chuongPast', {
        fullName: `Chương ${MARK}`,
        email: 'chuong@example.com',
        appointmentDate: '2027-01-11',
        status: 'COMPLETED',
        doctorId: doctorB,
      });
      await add('chuongNext', {
        fullName: `Chương ${MARK}`,
        email: 'chuong@example.com',
        appointmentDate: DAYS.wed,
        status: 'CONFIRMED',
        doctorId: doctorA,
      });
      // Căng: doctor A only, visits in the past only, booked from the demo patient's account.
      await add('cangPast', {
        fullName: `Căng ${MARK}`,
        email: 'cang@example.com',
        userId: s.patient.userId,
        appointmentDate: '2027-02-01',
        status: 'COMPLETED',
        doctorId: doctorA,
      });
      await add('cangOld', {
        fullName: `Căng ${MARK}`,
        email: 'cang@example.com',
        appointmentDate: '2027-01-04',
        status: 'NEEDS_PAYMENT',
        doctorId: doctorA,
      });
      await add('cangCancelled', {
        fullName: `Căng ${MARK}`,
        email: 'cang@example.com',
        appointmentDate: DAYS.fri,
        status: 'CANCELLED',
      });
      // Bình: only a pending request: not a patient yet.
      await add('binh', {
        fullName: `Bình ${MARK}`,
        email: 'binh@example.com',
        appointmentDate: DAYS.thu,
        status: 'PENDING',
      });
    });
    afterAll(async () => t?.close());

    describe('POST /api/patients (Add Patient)', () => {
      it('lets the front desk create a patient account whose user name is the e-mail, linked to her bookings, to be changed at first sign-in', async () => {
        const res = await call(t.app, s.staff, 'POST', '/api/patients', {
          fullName: `Bình ${MARK}`,
          email: 'Binh@Example.com',
          phone: '0912 000 111',
          gender: 'FEMALE',
        });
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json();
        expect(body).toMatchObject({
          message: 'Đã tạo tài khoản bệnh nhân',
          linkedAppointments: 1,
          user: { username: 'binh@example.com', role: 'PATIENT', phone: '0912000111', mustChangePassword: true },
        });
        expect(body.temporaryPassword).toEqual(expect.any(String));
        expect(JSON.stringify(body)).not.toContain('passwordHash');

        const login = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { usernameOrEmail: 'binh@example.com', password: body.temporaryPassword },
        });
        expect(login.json()).toMatchObject({ role: 'PATIENT', mustChangePassword: true });
        // Her booking made before the account now belongs to it.
        expect((await call(t.app, s.staff, 'GET', `/api/appointments/${ids.binh}`)).json()).toMatchObject({
          userId: body.user.id,
        });
      });

      it('refuses an e-mail that already has an account, a missing name, a doctor and a patient', async () => {
        const taken = await call(t.app, s.admin, 'POST', '/api/patients', {
          fullName: 'Trùng',
          email: 'patient@example.com',
        });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().message).toBe('Tài khoản với email patient@example.com đã tồn tại');
        const noName = await call(t.app, s.staff, 'POST', '/api/patients', { fullName: ' ', email: 'moi@example.com' });
        expect(noName.statusCode).toBe(400);
        expect(noName.json().message).toBe('Vui lòng nhập họ và tên');
        for (const who of ['doctor', 'patient'] as const) {
          expect(
            (await call(t.app, s[who], 'POST', '/api/patients', { fullName: 'Ai đó', email: 'aido@example.com' }))
              .statusCode,
            who,
          ).toBe(403);
        }
      });
    });

    it('lists people with a confirmed (or later) appointment, grouped by e-mail, in Vietnamese name order', async () => {
      const page = await list('staff');
      expect(page.items.map((r) => r.fullName)).toEqual([`Căng ${MARK}`, `Chương ${MARK}`]);
      const [cang, chuong] = page.items;
      expect(cang).toMatchObject({
        email: 'cang@example.com',
        totalAppointments: 3,
        confirmedAppointments: 2,
        user: { username: 'patient' },
        nextAppointment: null,
      });
      expect(cang!.lastAppointment).toMatchObject({ id: ids.cangPast, appointmentDate: '2027-02-01' });
      expect(chuong).toMatchObject({ totalAppointments: 2, confirmedAppointments: 2, user: null });
      expect(chuong!.nextAppointment).toMatchObject({ id: ids.chuongNext, appointmentDate: DAYS.wed });
      expect(page.cards).toEqual({ totalPatients: 2, withUpcoming: 1, totalConfirmed: 4 });
    });

    it('filters patients with upcoming appointments and those with past ones only', async () => {
      expect((await list('staff', '&filter=upcoming')).items.map((r) => r.email)).toEqual(['chuong@example.com']);
      const past = await list('staff', '&filter=past');
      expect(past.items.map((r) => r.email)).toEqual(['cang@example.com']);
      expect(past.total).toBe(1);
      // The cards describe the search, whatever the filter.
      expect(past.cards.totalPatients).toBe(2);
    });

    it('shows a doctor only the patients and figures of his own appointments', async () => {
      const a = await list('doctor');
      expect(a.items.map((r) => [r.email, r.totalAppointments])).toEqual([
        ['cang@example.com', 2],
        ['chuong@example.com', 1],
      ]);
      // The appointment his row actions act on by default: the earliest he can write notes for that
      // has come; Chương's is on Wednesday, so nothing can be done for her yet.
      expect(a.items[1]!.actionableAppointment).toBeNull();
      expect(a.items[1]!.actionableAppointments).toEqual([]);
      expect(a.items[0]!.actionableAppointment).toMatchObject({ id: ids.cangOld });
      expect(a.items[0]!.actionableAppointments.map((v) => v.id)).toEqual([ids.cangOld]);
      expect(a.cards).toEqual({ totalPatients: 2, withUpcoming: 1, totalConfirmed: 3 });
      const b = await list('doctor2');
      expect(b.items.map((r) => [r.email, r.totalAppointments])).toEqual([['chuong@example.com', 1]]);
      expect(b.items[0]!.nextAppointment).toBeNull();
      expect(b.cards).toEqual({ totalPatients: 1, withUpcoming: 0, totalConfirmed: 1 });
    });

    it("offers the doctor the visits he can act on, today's first, then the earlier days' oldest first, never a later day's", async () => {
      const add = (o: Parameters<typeof seedAppointment>[1]) =>
        seedAppointment(db(), {
          fullName: 'Dung Lựa Chọn',
          email: 'dung@example.com',
          doctorId: s.doctor.userId,
          ...o,
        });
      const lastWeek = await add({ appointmentDate: '2027-02-22', status: 'CONFIRMED' });
      const twoWeeksAgo = await add({ appointmentDate: '2027-02-15', status: 'NEEDS_PAYMENT' });
      const todayAfternoon = await add({
        appointmentDate: DAYS.mon,
        appointmentTime: '14:00',
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 300_000,
      });
      const todayMorning = await add({ appointmentDate: DAYS.mon, appointmentTime: '08:30', status: 'CONFIRMED' });
      await add({ appointmentDate: DAYS.tue, status: 'CONFIRMED' });
      await add({ appointmentDate: '2027-02-08', status: 'COMPLETED' });
      await seedAppointment(db(), {
        fullName: 'Dung Lựa Chọn',
        email: 'dung@example.com',
        appointmentDate: DAYS.mon,
        status: 'CONFIRMED',
        doctorId: s.doctor2.userId,
      });

      const res = await call(t.app, s.doctor, 'GET', `/api/patients?q=${encodeURIComponent('lua chon')}`);
      const [dung] = (res.json() as Page).items;
      expect(dung!.actionableAppointments.map((v) => v.id)).toEqual([
        todayMorning.id,
        todayAfternoon.id,
        twoWeeksAgo.id,
        lastWeek.id,
      ]);
      expect(dung!.actionableAppointment).toMatchObject({ id: todayMorning.id });
      expect(dung!.actionableAppointments[1]).toMatchObject({ status: 'PAID', paymentAmount: 300_000 });
      // The front desk has no row actions, so no choice either.
      const desk = await call(t.app, s.staff, 'GET', `/api/patients?q=${encodeURIComponent('lua chon')}`);
      expect((desk.json() as Page).items[0]).toMatchObject({ actionableAppointment: null, actionableAppointments: [] });
    });

    it('shows as next appointment the first one after now in the clinic, not one earlier today', async () => {
      const add = (o: Parameters<typeof seedAppointment>[1]) =>
        seedAppointment(db(), { fullName: 'Em Kế Tiếp', email: 'em@example.com', status: 'CONFIRMED', ...o });
      const thisAfternoon = await add({ appointmentDate: DAYS.mon, appointmentTime: '16:30' });
      await add({ appointmentDate: DAYS.mon, appointmentTime: '08:30' });
      const tomorrow = await add({ appointmentDate: DAYS.tue, appointmentTime: '08:00' });
      const next = async () => {
        const res = await call(t.app, s.staff, 'GET', `/api/patients?q=${encodeURIComponent('ke tiep')}`);
        return (res.json() as Page).items[0]!.nextAppointment;
      };
      try {
        // 09:00: the 08:30 visit is past, 16:30 is next.
        expect(await next()).toMatchObject({ id: thisAfternoon.id });
        // 20:50 the same day (13:50 UTC): 16:30 is past too, tomorrow's is next.
        clock.set('2027-03-01T13:50:00Z');
        expect(await next()).toMatchObject({ id: tomorrow.id });
        const detail = await call(t.app, s.staff, 'GET', '/api/patients/detail?email=em%40example.com');
        expect(detail.json().patient.nextAppointment).toMatchObject({ id: tomorrow.id });
      } finally {
        clock.set(MONDAY_9AM);
      }
    });

    it("opens a patient's visit history, and refuses a patient outside the doctor's appointments", async () => {
      const detail = async (who: keyof Sessions, email: string) =>
        call(t.app, s[who], 'GET', `/api/patients/detail?email=${encodeURIComponent(email)}`);
      const all = await detail('staff', 'Cang@Example.com');
      expect(all.statusCode).toBe(200);
      expect(all.json().visits.map((v: { id: number }) => v.id)).toEqual([
        ids.cangCancelled,
        ids.cangPast,
        ids.cangOld,
      ]);
      const mine = await detail('doctor2', 'chuong@example.com');
      expect(mine.json().visits.map((v: { id: number }) => v.id)).toEqual([ids.chuongPast]);
      const other = await detail('doctor2', 'cang@example.com');
      expect(other.statusCode).toBe(404);
      expect((await detail('staff', 'binh@example.com')).statusCode).toBe(404);
      expect((await detail('staff', 'not-an-email')).statusCode).toBe(400);
    });

    it('follows the appointments as they change', async () => {
      const accepted = await call(t.app, s.staff, 'PUT', `/api/appointments/${ids.binh}/confirm`);
      expect(accepted.statusCode).toBe(200);
      const page = await list('staff');
      expect(page.items.map((r) => r.fullName)).toEqual([`Bình ${MARK}`, `Căng ${MARK}`, `Chương ${MARK}`]);
      expect(page.cards).toMatchObject({ totalPatients: 3, withUpcoming: 2 });
    });

    it('is for the back-office only', async () => {
      expect((await call(t.app, s.patient, 'GET', '/api/patients')).statusCode).toBe(403);
      expect((await call(t.app, null, 'GET', '/api/patients')).statusCode).toBe(401);
      expect((await call(t.app, s.staff, 'GET', '/api/patients?filter=soon')).statusCode).toBe(400);
    });
  });
}
