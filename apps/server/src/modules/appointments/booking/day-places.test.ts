import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM, seedAppointment } from '../../../../test/appointments';

/** Issue 25: the time tiles say which slots are full or nearly so before she picks one. */
for (const kind of dbKinds()) {
  describe(`places left in each slot of a day [${kind}]`, () => {
    let t: TestContext;
    let ip = 0;
    const day = (query: string) => t.app.inject({ url: `/api/appointments/public/slots?${query}` });
    const slotOf = (body: { slots: { time: string; remaining: number; capacity: number }[] }, time: string) =>
      body.slots.find((s) => s.time === time);
    const book = (overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking(overrides),
        remoteAddress: `10.7.0.${++ip}`,
      });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM) });
    });
    afterAll(async () => t?.close());

    it('lists every slot of the day with its capacity and the places left, without a token', async () => {
      const res = await day(`date=${DAYS.thu}&department=OBSTETRICS`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.date).toBe(DAYS.thu);
      expect(body.slots.map((s: { time: string }) => s.time)).toEqual([...TIME_SLOTS]);
      expect(slotOf(body, '09:00')).toEqual({ time: '09:00', capacity: 3, remaining: 3 });
    });

    it('counts what the one-slot answer counts: bookings and cancelled ones not, and a full slot has 0', async () => {
      await seedAppointment(t.testDb.database.db, {
        appointmentDate: DAYS.thu,
        appointmentTime: '10:00',
        department: 'GYNECOLOGY',
      });
      await seedAppointment(t.testDb.database.db, {
        appointmentDate: DAYS.thu,
        appointmentTime: '10:00',
        department: 'GYNECOLOGY',
        status: 'CANCELLED',
      });
      let body = (await day(`date=${DAYS.thu}&department=GYNECOLOGY`)).json();
      expect(slotOf(body, '10:00')?.remaining).toBe(2);
      expect(slotOf(body, '10:30')?.remaining).toBe(3);

      // Two more bookings through the form fill the slot; the day's answer is not kept stale.
      expect(
        (await book({ appointmentDate: DAYS.thu, appointmentTime: '10:00', phone: '0907000001', email: null }))
          .statusCode,
      ).toBe(201);
      body = (await day(`date=${DAYS.thu}&department=GYNECOLOGY`)).json();
      expect(slotOf(body, '10:00')?.remaining).toBe(1);
      expect(
        (await book({ appointmentDate: DAYS.thu, appointmentTime: '10:00', phone: '0907000002', email: null }))
          .statusCode,
      ).toBe(201);
      body = (await day(`date=${DAYS.thu}&department=GYNECOLOGY`)).json();
      expect(slotOf(body, '10:00')?.remaining).toBe(0);

      const one = await t.app.inject({
        url: `/api/appointments/public/availability?date=${DAYS.thu}&time=10:00&department=GYNECOLOGY`,
      });
      expect(one.json()).toMatchObject({ available: false, code: 'SLOT_FULL', remaining: 0 });
      // Another department's same slot is untouched.
      expect(slotOf((await day(`date=${DAYS.thu}&department=OBSTETRICS`)).json(), '10:00')?.remaining).toBe(3);
    });

    it('answers no slots for a malformed date or an unknown department, and 400 without a department', async () => {
      expect((await day(`date=2027-02-30&department=GYNECOLOGY`)).json().slots).toEqual([]);
      expect((await day(`date=${DAYS.thu}&department=DENTISTRY`)).json().slots).toEqual([]);
      expect((await day(`date=${DAYS.thu}`)).statusCode).toBe(400);
    });
  });
}
