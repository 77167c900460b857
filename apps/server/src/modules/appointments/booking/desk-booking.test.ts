import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPOINTMENT_MSG, DAY_SHEET_OPEN_STATUSES, PRIVACY_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import {
  booking,
  call,
  DAYS,
  MONDAY_9AM,
  seedAppointment,
  signInAll,
  type Sessions,
} from '../../../../test/appointments';
import { consents, users } from '../../../db/schema';
import { insertUser } from '../../users/users.repository';
import { listOutboxEmails } from '../../email/email.repository';
import { listAppointmentEvents } from '../appointments.repository';

/** What the desk's window sends: the public booking's fields, the in-person consent, maybe a doctor. */
const desk = (overrides: Record<string, unknown> = {}) => {
  const { consentHealthData: _, ...fields } = booking({ email: null, ...overrides });
  return { consentInPerson: true, ...fields };
};

for (const kind of dbKinds()) {
  describe(`POST /api/appointments/desk [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Monday 09:00 in the clinic: the 09:00 slot is under way, 08:30 is over, 09:30 is within two hours.
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    let n = 0;
    const phone = () => `0912${String(++n).padStart(6, '0')}`;
    const book = (session: Sessions[keyof Sessions] | null, payload: object) =>
      call(t.app, session, 'POST', '/api/appointments/desk', payload);
    const consentsOf = (appointmentId: number) =>
      db().select().from(consents).where(eq(consents.appointmentId, appointmentId));

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('books a walk-in without an e-mail for the slot under way, and records the consent she gave in person with the staff member', async () => {
      const res = await book(s.staff, desk({ phone: phone(), appointmentDate: DAYS.mon, appointmentTime: '09:00' }));
      expect(res.statusCode, res.body).toBe(201);
      const { message, appointment } = res.json();
      expect(message).toBe(APPOINTMENT_MSG.deskBooked);
      expect(appointment).toMatchObject({ status: 'PENDING', email: null, appointmentTime: '09:00', doctorId: null });

      const given = await consentsOf(appointment.id);
      expect(given).toHaveLength(1);
      expect(given[0]).toMatchObject({
        purpose: 'HEALTH_DATA',
        source: 'BOOKING',
        channel: 'DESK',
        recordedById: s.staff.userId,
        phone: appointment.phone,
        email: null,
      });
      const events = await listAppointmentEvents(db(), appointment.id);
      expect(events.map((e) => [e.action, e.note, e.actorId])).toEqual([
        ['CREATED', APPOINTMENT_MSG.deskBookedNote, s.staff.userId],
      ]);
      // No e-mail, no message to send.
      expect(await listOutboxEmails(db(), { appointmentId: appointment.id })).toEqual([]);
    });

    it('sends a patient who gave an e-mail the booking-received message with her private link', async () => {
      const res = await book(
        s.staff,
        desk({ phone: phone(), email: 'goi.dien@example.com', appointmentTime: '10:30' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const mails = await listOutboxEmails(db(), { appointmentId: res.json().appointment.id });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'BOOKING_RECEIVED', toAddress: 'goi.dien@example.com' });
    });

    it('has no two-hour rule for staff (the public form refuses the same slot as too soon)', async () => {
      const slot = { appointmentDate: DAYS.mon, appointmentTime: '09:30', department: 'OBSTETRICS' };
      const query = `date=${slot.appointmentDate}&time=${slot.appointmentTime}&department=${slot.department}`;
      const seen = await call(t.app, s.staff, 'GET', `/api/appointments/desk/availability?${query}`);
      expect(seen.json()).toMatchObject({ available: true, remaining: 3 });
      const publicSeen = await t.app.inject({ url: `/api/appointments/public/availability?${query}` });
      expect(publicSeen.json()).toMatchObject({ available: false, code: 'TOO_SOON' });
      const pub = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ ...slot, phone: phone(), email: null }),
      });
      expect(pub.statusCode).toBe(400);
      expect(pub.json().code).toBe('TOO_SOON');
      const res = await book(s.admin, desk({ ...slot, phone: phone() }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('refuses a slot of today that is over, with the reason, and keeps nothing', async () => {
      const p = phone();
      const res = await book(s.staff, desk({ phone: p, appointmentDate: DAYS.mon, appointmentTime: '08:30' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PAST_TIME', message: APPOINTMENT_MSG.pastTime });
      expect(await db().select().from(consents).where(eq(consents.phone, p))).toEqual([]);
    });

    it("refuses a full slot with the specification's message, the database holding the capacity, and records no consent", async () => {
      const slot = { appointmentDate: DAYS.mon, appointmentTime: '10:00', department: 'FERTILITY' };
      for (let i = 0; i < 3; i++) await seedAppointment(db(), { ...slot, phone: phone() });
      const p = phone();
      const res = await book(s.staff, desk({ ...slot, phone: p }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SLOT_FULL', message: APPOINTMENT_MSG.slotFull });
      expect(await db().select().from(consents).where(eq(consents.phone, p))).toEqual([]);
    });

    it('refuses the same phone twice in one slot', async () => {
      const payload = desk({ phone: phone(), appointmentDate: DAYS.tue, appointmentTime: '14:00' });
      expect((await book(s.staff, payload)).statusCode).toBe(201);
      const again = await book(s.staff, payload);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_BOOKED');
    });

    it('refuses a booking whose consent was not taken, with a Vietnamese message', async () => {
      const res = await book(s.staff, desk({ phone: phone(), consentInPerson: false }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRIVACY_MSG.deskConsentRequired);
    });

    it('is the front desk’s: a patient and a doctor are refused 403, a visitor 401', async () => {
      const payload = desk({ phone: phone() });
      expect((await book(s.patient, payload)).statusCode).toBe(403);
      expect((await book(s.doctor, payload)).statusCode).toBe(403);
      expect((await book(null, payload)).statusCode).toBe(401);
      expect(await db().select().from(consents).where(eq(consents.phone, payload.phone))).toEqual([]);
    });

    describe('confirmed with a doctor at once', () => {
      it('confirms with an active doctor who fits the department and is free at that hour', async () => {
        const res = await book(
          s.staff,
          desk({
            phone: phone(),
            email: 'walkin@example.com',
            department: 'REPRODUCTIVE_HEALTH',
            appointmentDate: DAYS.wed,
            appointmentTime: '10:30',
            doctorId: s.doctor2.userId,
          }),
        );
        expect(res.statusCode, res.body).toBe(201);
        const { message, appointment } = res.json();
        expect(message).toBe(APPOINTMENT_MSG.deskBookedConfirmed);
        expect(appointment).toMatchObject({ status: 'CONFIRMED', doctorId: s.doctor2.userId });
        expect(appointment.doctorNotifiedAt).not.toBeNull();
        const events = await listAppointmentEvents(db(), appointment.id);
        expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
          ['CREATED', null, 'PENDING'],
          ['CONFIRM', 'PENDING', 'CONFIRMED'],
        ]);
        // One message: the confirmation (with the doctor and her private link), not a booking-received one too.
        const mails = await listOutboxEmails(db(), { appointmentId: appointment.id });
        expect(mails.map((m) => m.kind)).toEqual(['APPOINTMENT_CONFIRMED']);
        expect(mails[0]!.text).toContain('/appointment/manage/');
      });

      it('refuses a doctor who already has a visit at that hour, in any department, and books nothing', async () => {
        const at = { appointmentDate: DAYS.thu, appointmentTime: '08:00' };
        await seedAppointment(db(), {
          ...at,
          department: 'GYNECOLOGY',
          status: 'CONFIRMED',
          doctorId: s.doctor.userId,
          phone: phone(),
        });
        const p = phone();
        const res = await book(s.staff, desk({ ...at, department: 'OBSTETRICS', phone: p, doctorId: s.doctor.userId }));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'DOCTOR_BUSY', message: APPOINTMENT_MSG.doctorBusy });
        expect(await db().select().from(consents).where(eq(consents.phone, p))).toEqual([]);
        // A cancelled visit of his at that hour does not hold him.
        const free = { appointmentDate: DAYS.thu, appointmentTime: '08:30' };
        await seedAppointment(db(), { ...free, status: 'CANCELLED', doctorId: s.doctor.userId, phone: phone() });
        const ok = await book(s.staff, desk({ ...free, phone: phone(), doctorId: s.doctor.userId }));
        expect(ok.statusCode, ok.body).toBe(201);
      });

      it('lets only one of two desks confirm the same doctor for the same hour in two departments at once', async () => {
        const at = { appointmentDate: DAYS.fri, appointmentTime: '16:30' };
        const answers = await Promise.all(
          ['OBSTETRICS', 'GYNECOLOGY', 'FERTILITY'].map((department) =>
            book(s.staff, desk({ ...at, department, phone: phone(), doctorId: s.doctor.userId })),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
        expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual([
          'DOCTOR_BUSY',
          'DOCTOR_BUSY',
        ]);
      });

      it('refuses an inactive doctor and one who does not fit the department, and books nothing', async () => {
        const gone = await insertUser(db(), {
          username: `gone${kind}`,
          email: `gone${kind}@example.com`,
          fullName: 'Bác sĩ Đã Nghỉ',
          role: 'DOCTOR',
          passwordHash: 'x',
        });
        await db().update(users).set({ active: false }).where(eq(users.id, gone.id));
        const slot = { appointmentDate: DAYS.fri, appointmentTime: '15:00', department: 'GYNECOLOGY' };
        const inactive = await book(s.staff, desk({ ...slot, phone: phone(), doctorId: gone.id }));
        expect(inactive.statusCode).toBe(400);
        expect(inactive.json()).toMatchObject({ code: 'DOCTOR_INACTIVE', message: APPOINTMENT_MSG.doctorInactive });
        // doctor2 is the reproductive-health doctor: not gynaecology's.
        const unfit = await book(s.staff, desk({ ...slot, phone: phone(), doctorId: s.doctor2.userId }));
        expect(unfit.statusCode).toBe(400);
        expect(unfit.json().code).toBe('DOCTOR_NOT_ELIGIBLE');
        const list = await call(t.app, s.staff, 'GET', `/api/appointments?from=${DAYS.fri}&to=${DAYS.fri}`);
        expect(list.json().items.filter((a: { appointmentTime: string }) => a.appointmentTime === '15:00')).toEqual([]);
      });
    });

    describe('GET /api/appointments as the day sheet', () => {
      it('lists one day in time order without the finished visits, or the oldest waiting first', async () => {
        const day = DAYS.sat;
        const made = async (
          time: string,
          status: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'CANCELLED',
          createdAt: string,
        ) =>
          seedAppointment(db(), {
            appointmentDate: day,
            appointmentTime: time,
            status,
            phone: phone(),
            createdAt: new Date(createdAt),
          });
        const late = await made('15:00', 'PENDING', '2027-02-20T02:00:00Z');
        const early = await made('08:00', 'CONFIRMED', '2027-02-25T02:00:00Z');
        const middle = await made('10:00', 'PENDING', '2027-02-10T02:00:00Z');
        await made('09:00', 'COMPLETED', '2027-02-01T02:00:00Z');
        await made('11:00', 'CANCELLED', '2027-02-01T02:00:00Z');
        const sheet = (sort: string) =>
          call(
            t.app,
            s.staff,
            'GET',
            `/api/appointments?from=${day}&to=${day}&status=${DAY_SHEET_OPEN_STATUSES.join(',')}&sort=${sort}`,
          );
        const byTime = await sheet('appointmentDate:asc');
        expect(byTime.statusCode).toBe(200);
        expect(byTime.json().items.map((a: { id: number }) => a.id)).toEqual([early.id, middle.id, late.id]);
        expect(byTime.json().total).toBe(3);
        const oldestFirst = await sheet('createdAt:asc');
        expect(oldestFirst.json().items.map((a: { id: number }) => a.id)).toEqual([middle.id, late.id, early.id]);
        const all = await call(t.app, s.staff, 'GET', `/api/appointments?from=${day}&to=${day}`);
        expect(all.json().total).toBe(5);
      });

      it('refuses a day that is not a date, with a Vietnamese message', async () => {
        const res = await call(t.app, s.staff, 'GET', '/api/appointments?from=2027-02-30&to=2027-02-30');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(APPOINTMENT_MSG.invalidQueryDate);
      });
    });
  });
}
