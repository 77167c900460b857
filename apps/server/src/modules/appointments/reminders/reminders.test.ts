import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { openPostgres, type Database } from '../../../db/client';
import { listOutboxEmails } from '../../email/email.repository';
import { listMessages } from '../../messaging/messaging.repository';
import { findAppointment } from '../appointments.repository';
import { queueDayBeforeReminders } from './reminders.service';

const TZ = 'Asia/Ho_Chi_Minh';

for (const kind of dbKinds()) {
  describe(`day-before reminders [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Monday 8 March 2027, 20:00 in Ho Chi Minh City.
    const clock = fixedClock('2027-03-08T13:00:00Z');
    const db = () => t.testDb.database.db;
    const run = (database = db()) => queueDayBeforeReminders({ db: database, clock, timeZone: TZ });
    const reminders = async (id: number) => listOutboxEmails(db(), { appointmentId: id, kind: 'REMINDER' });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('queues tomorrow’s reminders once, for appointments still ahead: by e-mail, and to the phone of one without e-mail', async () => {
      const tue = '2027-03-09';
      const confirmed = await seedAppointment(db(), {
        appointmentDate: tue,
        status: 'CONFIRMED',
        email: 'r1@example.com',
      });
      const pending = await seedAppointment(db(), { appointmentDate: tue, status: 'PENDING', email: 'r2@example.com' });
      const cancelled = await seedAppointment(db(), {
        appointmentDate: tue,
        status: 'CANCELLED',
        email: 'r3@example.com',
      });
      const noEmail = await seedAppointment(db(), { appointmentDate: tue, status: 'PAID', email: null });
      const later = await seedAppointment(db(), {
        appointmentDate: '2027-03-10',
        status: 'CONFIRMED',
        email: 'r4@example.com',
      });

      expect(await run()).toEqual({ date: tue, queued: 3 });
      // Without an e-mail address, her reminder goes to her phone only (issue 27).
      expect((await findAppointment(db(), noEmail.id))?.reminderSent).toBe(true);
      expect(await reminders(noEmail.id)).toHaveLength(0);
      expect((await listMessages(db(), { appointmentId: noEmail.id })).map((m) => [m.channel, m.template])).toEqual([
        ['zalo', 'REMINDER'],
      ]);
      for (const a of [confirmed, pending]) {
        expect((await findAppointment(db(), a.id))?.reminderSent).toBe(true);
        const mail = await reminders(a.id);
        expect(mail).toHaveLength(1);
        expect(mail[0]!.subject).toContain('Nhắc lịch khám ngày mai');
        expect(mail[0]!.text).toContain('đến trước 15 phút');
      }
      for (const a of [cancelled, later]) {
        expect((await findAppointment(db(), a.id))?.reminderSent).toBe(false);
        expect(await reminders(a.id)).toHaveLength(0);
      }
      // Never twice.
      expect(await run()).toEqual({ date: tue, queued: 0 });
      expect(await reminders(confirmed.id)).toHaveLength(1);

      // Moved to another day, the appointment is reminded again for that day.
      const moved = await call(t.app, s.staff, 'PUT', `/api/appointments/${confirmed.id}`, {
        fullName: confirmed.fullName,
        phone: confirmed.phone,
        email: confirmed.email,
        appointmentDate: '2027-03-11',
        appointmentTime: confirmed.appointmentTime,
        department: confirmed.department,
        reason: confirmed.reason,
      });
      expect(moved.statusCode).toBe(200);
      expect((await findAppointment(db(), confirmed.id))?.reminderSent).toBe(false);
    });

    it('reads "tomorrow" in the clinic’s zone: after the clinic’s midnight it is the day after, though UTC still shows yesterday', async () => {
      const wed = await seedAppointment(db(), {
        appointmentDate: '2027-03-17',
        status: 'CONFIRMED',
        email: 'mid1@example.com',
      });
      const thu = await seedAppointment(db(), {
        appointmentDate: '2027-03-18',
        status: 'CONFIRMED',
        email: 'mid2@example.com',
      });
      try {
        clock.set('2027-03-16T16:59:00Z'); // Tuesday 23:59 in the clinic
        expect((await run()).date).toBe('2027-03-17');
        clock.set('2027-03-16T17:01:00Z'); // Wednesday 00:01 in the clinic, Tuesday in UTC
        expect((await run()).date).toBe('2027-03-18');
      } finally {
        clock.set('2027-03-08T13:00:00Z');
      }
      expect(await reminders(wed.id)).toHaveLength(1);
      expect(await reminders(thu.id)).toHaveLength(1);
    });

    // PGlite has one connection: only PostgreSQL can run the job twice at the same moment.
    if (kind === 'postgres')
      it('queues each reminder once when two server processes run the job at the same moment', async () => {
        const ids: number[] = [];
        for (let i = 0; i < 20; i++)
          ids.push(
            (
              await seedAppointment(db(), {
                appointmentDate: '2027-03-24',
                appointmentTime: i % 2 ? '10:00' : '14:00',
                status: 'CONFIRMED',
                email: `twice${i}@example.com`,
              })
            ).id,
          );
        let second: Database | undefined;
        try {
          second = await openPostgres(t.testDb.url!, { max: 2 });
          clock.set('2027-03-23T03:00:00Z');
          const runs = await Promise.all([run(), run(second.db), run(second.db), run()]);
          expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(20);
        } finally {
          clock.set('2027-03-08T13:00:00Z');
          await second?.close();
        }
        for (const id of ids) expect(await reminders(id), String(id)).toHaveLength(1);
      });
  });
}
