import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { findAppointment, listAppointmentEvents } from '../appointments.repository';

for (const kind of dbKinds()) {
  describe(`public booking [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    let ip = 0;
    // Every booking from its own address, so the address's ceiling (3) only bites where a test wants it
    // to; many bookings share one contact, so its budget is wide (public-limits.test.ts spends it).
    const book = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: payload as object,
        headers,
        remoteAddress: `10.1.0.${++ip % 250}`,
      });
    const availability = (query: string) => t.app.inject({ url: `/api/appointments/public/availability?${query}` });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000', RATE_LIMIT_PUBLIC_PER_ADDRESS: '3' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    describe('GET /api/appointments/public/departments', () => {
      it('lists the eight departments without a token', async () => {
        const res = await t.app.inject({ url: '/api/appointments/public/departments' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(8);
        expect(res.json()[1]).toEqual({
          code: 'GYNECOLOGY',
          departmentName: 'Khoa Phụ khoa',
          specialtyName: 'Phụ khoa',
          slotCapacity: 3,
          // No deposit unless ADMIN sets one (issue 28).
          depositAmount: null,
        });
      });
    });

    describe('GET /api/appointments/public/availability', () => {
      it('says a free slot is available and how many places are left', async () => {
        const res = await availability(`date=${DAYS.tue}&time=10:00&department=OBSTETRICS`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          available: true,
          code: 'AVAILABLE',
          message: APPOINTMENT_MSG.slotAvailable,
          remaining: 3,
        });
      });

      it.each([
        ['a Sunday', `date=${DAYS.sun}&time=09:00`, 'SUNDAY_CLOSED', 'Phòng khám không làm việc vào Chủ nhật'],
        ['a past date', 'date=2027-02-27&time=09:00', 'PAST_DATE', 'Ngày khám không thể là ngày đã qua'],
        ['a slot less than 2 hours ahead today', `date=${DAYS.mon}&time=10:30`, 'TOO_SOON', APPOINTMENT_MSG.tooSoon],
        ['a slot already begun today', `date=${DAYS.mon}&time=08:30`, 'PAST_TIME', APPOINTMENT_MSG.pastTime],
        ['a date beyond two years', 'date=2029-03-02&time=09:00', 'BEYOND_WINDOW', APPOINTMENT_MSG.beyondWindow],
        ['a time that is not a slot', `date=${DAYS.tue}&time=12:00`, 'INVALID_TIME', APPOINTMENT_MSG.invalidTime],
        ['a date that does not exist', 'date=2027-02-30&time=09:00', 'INVALID_DATE', APPOINTMENT_MSG.invalidDate],
      ])('refuses %s with the reason in Vietnamese', async (_name, query, code, message) => {
        const res = await availability(`${query}&department=GYNECOLOGY`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ available: false, code, message });
      });

      it('offers a slot exactly 2 hours ahead today', async () => {
        expect((await availability(`date=${DAYS.mon}&time=11:00&department=GYNECOLOGY`)).json().available).toBe(true);
      });

      it('refuses an unknown department, and answers 400 when a parameter is missing', async () => {
        expect((await availability(`date=${DAYS.tue}&time=09:00&department=DENTISTRY`)).json()).toMatchObject({
          available: false,
          code: 'UNKNOWN_DEPARTMENT',
        });
        const missing = await availability(`date=${DAYS.tue}&time=09:00`);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
      });
    });

    describe('POST /api/appointments/public', () => {
      it('books a PENDING appointment, records who and when, and queues the booking e-mail', async () => {
        const res = await book(
          booking({ phone: '+84 901.111.222', email: 'Hoa.Le@Example.com', fullName: 'Lê Thị Hoa' }),
        );
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body).toEqual({
          message: APPOINTMENT_MSG.bookingReceived,
          appointmentId: expect.any(Number),
          manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          // Where her link went (issue 35): her e-mail and her mobile.
          reachedBy: { email: true, phone: true },
        });
        const row = await findAppointment(t.testDb.database.db, body.appointmentId);
        expect(row).toMatchObject({
          status: 'PENDING',
          phone: '0901111222',
          email: 'hoa.le@example.com',
          userId: null,
          department: 'GYNECOLOGY',
        });
        expect(row!.createdAt.toISOString()).toBe(new Date(MONDAY_9AM).toISOString());
        const events = await listAppointmentEvents(t.testDb.database.db, body.appointmentId);
        expect(events.map((e) => [e.action, e.toStatus])).toEqual([['CREATED', 'PENDING']]);
        const mails = await listOutboxEmails(t.testDb.database.db, { appointmentId: body.appointmentId });
        expect(mails).toHaveLength(1);
        expect(mails[0]).toMatchObject({ kind: 'BOOKING_RECEIVED', toAddress: 'hoa.le@example.com', status: 'queued' });
        expect(mails[0]!.text).toContain('Khoa Phụ khoa');
        expect(mails[0]!.text).toContain('đến trước 15 phút');
      });

      it('queues no e-mail when none was given', async () => {
        const res = await book(booking({ email: '', phone: '0902000111', appointmentTime: '14:00' }));
        expect(res.statusCode).toBe(201);
        expect(await listOutboxEmails(t.testDb.database.db, { appointmentId: res.json().appointmentId })).toHaveLength(
          0,
        );
      });

      it.each(['fullName', 'phone', 'appointmentDate', 'appointmentTime', 'department'])(
        'answers a missing %s with 400 and the specification message in message and error',
        async (field) => {
          const res = await book(booking({ [field]: undefined }));
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({
            message: 'Vui lòng điền đầy đủ thông tin bắt buộc',
            error: 'Vui lòng điền đầy đủ thông tin bắt buộc',
          });
        },
      );

      it('answers an empty body, a bad phone and a bad e-mail with 400', async () => {
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/appointments/public', remoteAddress: '10.2.0.1' })).json()
            .message,
        ).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
        expect((await book(booking({ phone: '12ab' }))).json()).toMatchObject({
          statusCode: 400,
          message: 'Số điện thoại không hợp lệ',
        });
        expect((await book(booking({ email: 'lan@' }))).json()).toMatchObject({
          statusCode: 400,
          message: 'Email không hợp lệ',
        });
        expect((await book(booking({ fullName: 'x'.repeat(101) }))).json().message).toBe(
          APPOINTMENT_MSG.fullNameTooLong,
        );
      });

      it('refuses a Sunday, a past date, a slot too soon and an unknown department with 400 and the reason', async () => {
        const sunday = await book(booking({ appointmentDate: DAYS.sun }));
        expect(sunday.statusCode).toBe(400);
        expect(sunday.json()).toMatchObject({
          code: 'SUNDAY_CLOSED',
          message: 'Phòng khám không làm việc vào Chủ nhật',
          error: 'Phòng khám không làm việc vào Chủ nhật',
        });
        expect((await book(booking({ appointmentDate: '2027-02-26' }))).json()).toMatchObject({
          code: 'PAST_DATE',
          message: 'Ngày khám không thể là ngày đã qua',
        });
        expect((await book(booking({ appointmentDate: DAYS.mon, appointmentTime: '10:00' }))).json().code).toBe(
          'TOO_SOON',
        );
        expect((await book(booking({ department: 'DENTISTRY' }))).json()).toMatchObject({
          statusCode: 400,
          code: 'UNKNOWN_DEPARTMENT',
        });
      });

      it('holds a slot to its capacity of 3 and says so, and frees a place when one is cancelled', async () => {
        const slot = { appointmentDate: DAYS.thu, appointmentTime: '15:00', department: 'FERTILITY' };
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await book(booking({ ...slot, phone: `091100000${i}`, email: `cap${i}@example.com` }));
          expect(res.statusCode).toBe(201);
          ids.push(res.json().appointmentId);
        }
        const fourth = await book(booking({ ...slot, phone: '0911000009', email: 'cap9@example.com' }));
        expect(fourth.statusCode).toBe(409);
        expect(fourth.json()).toMatchObject({
          code: 'SLOT_FULL',
          message: APPOINTMENT_MSG.slotFull,
          error: APPOINTMENT_MSG.slotFull,
        });
        expect(
          (await availability(`date=${slot.appointmentDate}&time=15:00&department=FERTILITY`)).json(),
        ).toMatchObject({ available: false, code: 'SLOT_FULL' });
        // Other departments at the same time are not affected.
        expect(
          (await availability(`date=${slot.appointmentDate}&time=15:00&department=OBSTETRICS`)).json().available,
        ).toBe(true);

        const cancel = await call(t.app, s.staff, 'PUT', `/api/appointments/${ids[0]}/cancel`, {
          reason: 'Bệnh nhân đổi lịch',
        });
        expect(cancel.statusCode).toBe(200);
        expect(
          (await availability(`date=${slot.appointmentDate}&time=15:00&department=FERTILITY`)).json(),
        ).toMatchObject({ available: true, remaining: 1 });
      });

      it('does not let one person hold two places in a slot, by phone or by e-mail', async () => {
        const slot = { appointmentDate: DAYS.fri, appointmentTime: '08:30', department: 'OBSTETRICS' };
        expect((await book(booking({ ...slot, phone: '0933000001', email: 'same@example.com' }))).statusCode).toBe(201);
        const samePhone = await book(booking({ ...slot, phone: '0933 000 001', email: 'other@example.com' }));
        expect(samePhone.statusCode).toBe(409);
        expect(samePhone.json()).toMatchObject({ code: 'ALREADY_BOOKED', message: APPOINTMENT_MSG.alreadyBooked });
        const sameEmail = await book(booking({ ...slot, phone: '0933000002', email: 'SAME@example.com' }));
        expect(sameEmail.json().code).toBe('ALREADY_BOOKED');
        expect((await book(booking({ ...slot, phone: '0933000003', email: 'third@example.com' }))).statusCode).toBe(
          201,
        );
      });

      it('links a signed-in patient’s booking to her account, and nobody else’s', async () => {
        const mine = await book(
          booking({ appointmentDate: DAYS.sat, phone: '0912345678', email: 'patient@example.com' }),
          { authorization: `Bearer ${s.patient.token}` },
        );
        expect(mine.statusCode).toBe(201);
        expect((await findAppointment(t.testDb.database.db, mine.json().appointmentId))?.userId).toBe(s.patient.userId);
        const list = await call(t.app, s.patient, 'GET', '/api/appointments/my-appointments');
        expect(list.json().items.map((a: { id: number }) => a.id)).toContain(mine.json().appointmentId);

        const byStaff = await book(
          booking({ appointmentDate: DAYS.sat, phone: '0944000001', email: 'walkin@example.com' }),
          { authorization: `Bearer ${s.staff.token}` },
        );
        expect((await findAppointment(t.testDb.database.db, byStaff.json().appointmentId))?.userId).toBeNull();
        const badToken = await book(
          booking({ appointmentDate: DAYS.sat, phone: '0944000002', email: 'x2@example.com' }),
          { authorization: 'Bearer nonsense' },
        );
        expect(badToken.statusCode).toBe(201);
        expect((await findAppointment(t.testDb.database.db, badToken.json().appointmentId))?.userId).toBeNull();
      });

      it('limits public bookings per address, whoever they are for, past RATE_LIMIT_PUBLIC_PER_ADDRESS (429 in Vietnamese)', async () => {
        const from = (i: number) =>
          t.app.inject({
            method: 'POST',
            url: '/api/appointments/public',
            remoteAddress: '10.3.3.3',
            payload: booking({
              appointmentDate: DAYS.sat,
              appointmentTime: '16:00',
              phone: `095500000${i}`,
              email: `rl${i}@example.com`,
              department: 'STI_TESTING',
            }),
          });
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await from(i)).statusCode);
        expect(statuses).toEqual([201, 201, 201, 429]);
        expect((await from(5)).json().message).toMatch(/quá nhiều yêu cầu/);
      });
    });
  });
}
