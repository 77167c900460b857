import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';

for (const kind of dbKinds()) {
  describe(`Pending Approvals [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Monday 1 March 2027, 09:01 at the clinic (02:01 UTC).
    const clock = fixedClock('2027-03-01T02:01:00Z');
    const previousTz = process.env.TZ;
    const db = () => t.testDb.database.db;
    const summary = async (who: keyof Sessions = 'doctor2') => {
      const res = await call(t.app, s[who], 'GET', '/api/appointments/pending-my-approval/summary');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      process.env.TZ = 'UTC';
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      const awaiting = (appointmentDate: string, appointmentTime: string, doctorId = s.doctor2.userId) =>
        seedAppointment(db(), {
          appointmentDate,
          appointmentTime,
          status: 'AWAITING_DOCTOR_APPROVAL',
          doctorId,
          department: 'REPRODUCTIVE_HEALTH',
        });
      await awaiting(DAYS.mon, '15:00'); // today, in 6 hours
      await awaiting(DAYS.tue, '09:00'); // tomorrow, in 23 h 59
      await awaiting(DAYS.tue, '10:00'); // in 24 h 59
      await awaiting(DAYS.wed, '09:00');
      await awaiting(DAYS.mon, '16:00', s.doctor.userId); // another doctor's
      await seedAppointment(db(), {
        appointmentDate: DAYS.mon,
        appointmentTime: '16:30',
        status: 'CONFIRMED',
        doctorId: s.doctor2.userId,
      });
    });
    afterAll(async () => {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
      await t?.close();
    });

    it("counts the doctor's waiting appointments, today's, and those starting within 24 hours in the clinic's time", async () => {
      expect(await summary()).toEqual({ pending: 4, today: 1, urgent: 2 });
    });

    it('calls a visit 23 h 59 ahead urgent and one 24 h 01 ahead not', async () => {
      clock.set('2027-03-01T01:59:00Z'); // 08:59: tomorrow 09:00 is 24 h 01 away
      try {
        expect((await summary()).urgent).toBe(1);
      } finally {
        clock.set('2027-03-01T02:01:00Z');
      }
      expect((await summary()).urgent).toBe(2);
    });

    it("is the doctor's own screen", async () => {
      expect((await call(t.app, s.staff, 'GET', '/api/appointments/pending-my-approval/summary')).statusCode).toBe(403);
      const list = await call(
        t.app,
        s.doctor2,
        'GET',
        '/api/appointments/pending-my-approval?sort=appointmentDate:asc',
      );
      expect(
        list
          .json()
          .items.map(
            (a: { appointmentTime: string; appointmentDate: string }) => `${a.appointmentDate} ${a.appointmentTime}`,
          ),
      ).toEqual([`${DAYS.mon} 15:00`, `${DAYS.tue} 09:00`, `${DAYS.tue} 10:00`, `${DAYS.wed} 09:00`]);
    });
  });
}
