import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, call, signInAll, type Sessions } from '../../../../test/appointments';
import { queueDayBeforeReminders } from '../reminders/reminders.service';

/**
 * The slot rules read the clinic's clock (CLINIC_TZ), never the machine's: the same answers with
 * the process in UTC and in New York, around the clinic's midnight and 22:00.
 */
const MACHINE_ZONES = [
  ['UTC', 0],
  ['America/New_York', 300],
] as const;

for (const kind of dbKinds()) {
  describe(`time rules in the clinic's zone [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock('2027-03-08T02:00:00Z');
    const previousTz = process.env.TZ;
    let phone = 0;
    /** The bookings made for Tuesday 2027-03-09 so far: that day's list must hold exactly these. */
    const bookedForTuesday: number[] = [];
    const available = async (date: string, time: string) =>
      (
        await t.app.inject({
          url: `/api/appointments/public/availability?date=${date}&time=${time}&department=GENERAL_MEDICINE`,
        })
      ).json();
    const book = (date: string, time: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        remoteAddress: `10.5.0.${++phone}`,
        payload: booking({
          appointmentDate: date,
          appointmentTime: time,
          department: 'GENERAL_MEDICINE',
          phone: `0945${String(phone).padStart(6, '0')}`,
          email: `tz${phone}@example.com`,
        }),
      });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
      await t?.close();
    });

    for (const [zone, offset] of MACHINE_ZONES) {
      describe(`with the server process in ${zone}`, () => {
        beforeAll(() => {
          process.env.TZ = zone;
        });

        it('really runs in that zone', () => {
          expect(new Date(2027, 0, 15, 12).getTimezoneOffset()).toBe(offset);
        });

        it('at 23:30 in the clinic, today is over and tomorrow 08:00 can be booked and is stored as that date', async () => {
          clock.set('2027-03-08T16:30:00Z'); // Monday 23:30 in Ho Chi Minh City
          expect(await available('2027-03-08', '17:00')).toMatchObject({ available: false, code: 'PAST_TIME' });
          expect(await available('2027-03-09', '08:00')).toMatchObject({ available: true });
          const res = await book('2027-03-09', '08:00');
          expect(res.statusCode).toBe(201);
          bookedForTuesday.push(res.json().appointmentId);
          const stored = await call(t.app, s.staff, 'GET', `/api/appointments/${res.json().appointmentId}`);
          expect(stored.json()).toMatchObject({ appointmentDate: '2027-03-09', appointmentTime: '08:00' });
        });

        it('just after the clinic’s midnight, yesterday is in the past though UTC and New York still call it today', async () => {
          clock.set('2027-03-08T17:30:00Z'); // Tuesday 00:30 in Ho Chi Minh City
          expect(await available('2027-03-08', '17:00')).toMatchObject({
            available: false,
            code: 'PAST_DATE',
            message: 'Ngày khám không thể là ngày đã qua',
          });
          expect((await book('2027-03-08', '17:00')).json().code).toBe('PAST_DATE');
          expect(await available('2027-03-09', '08:00')).toMatchObject({ available: true });
          const today = (await call(t.app, s.staff, 'GET', '/api/appointments/today?size=100')).json();
          const byId = (a: number, b: number) => a - b;
          expect(today.items.map((a: { id: number }) => a.id).sort(byId)).toEqual([...bookedForTuesday].sort(byId));
          expect(
            (await queueDayBeforeReminders({ db: t.testDb.database.db, clock, timeZone: t.config.clinicTz })).date,
          ).toBe('2027-03-10');
        });

        it('from 22:00 in the clinic, no slot is left today', async () => {
          clock.set('2027-03-09T15:00:00Z'); // Tuesday 22:00
          for (const time of ['08:00', '13:30', '17:00'])
            expect((await available('2027-03-09', time)).available).toBe(false);
          expect((await available('2027-03-10', '08:00')).available).toBe(true);
        });

        it('early in the morning, 08:00 is offered exactly 2 hours ahead and not a second later', async () => {
          clock.set('2027-03-09T23:00:00Z'); // Wednesday 06:00
          expect((await available('2027-03-10', '08:00')).available).toBe(true);
          clock.set('2027-03-09T23:00:01Z');
          expect(await available('2027-03-10', '08:00')).toMatchObject({ available: false, code: 'TOO_SOON' });
          expect((await available('2027-03-10', '08:30')).available).toBe(true);
        });
      });
    }
  });
}
