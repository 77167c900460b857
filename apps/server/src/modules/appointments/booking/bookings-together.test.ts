import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { eq } from 'drizzle-orm';
import { departments } from '../../../db/schema';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import {
  drawAppointmentIds,
  findAppointment,
  listAppointmentEvents,
  slotPlaces,
  type OneCallBooking,
} from '../appointments.repository';
import { book } from './bookings-together';

// Bookings sent at the same moment reach the database together (bookings-together.ts: one call of
// src/db/functions/appointments-made.sql for the process's waiting bookings). On PGlite too: its one connection is busy with the first booking
// while the others arrive, so they go in one call after it.
for (const kind of dbKinds()) {
  describe(`bookings sent at the same moment [${kind}]`, () => {
    let t: TestContext;
    const clock = fixedClock(MONDAY_9AM);
    let ip = 0;
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: payload as object,
        remoteAddress: `10.3.0.${++ip % 250}`,
      });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '10000' } });
    });
    afterAll(async () => t?.close());

    it('are judged one after the other: the capacity holds, one person gets one place, each booking keeps its own id, e-mail and history', async () => {
      const slot = { appointmentDate: DAYS.wed, appointmentTime: '08:30', department: 'STI_TESTING' };
      const people = Array.from({ length: 6 }, (_, i) => ({
        fullName: `Khách cùng lúc ${i}`,
        phone: `0933${String(i).padStart(6, '0')}`,
        email: `together${i}@example.com`,
      }));
      // The second person sends her booking twice.
      const sent = [people[0]!, people[1]!, people[1]!, people[2]!, people[3]!, people[4]!, people[5]!];
      const responses = await Promise.all(sent.map((p) => post(booking({ ...slot, ...p }))));

      const made = responses.filter((r) => r.statusCode === 201);
      expect(made).toHaveLength(3);
      const refusals = responses.filter((r) => r.statusCode === 409).map((r) => r.json().code);
      expect(refusals).toHaveLength(4);
      expect(refusals.filter((c) => c === 'SLOT_FULL').length).toBeGreaterThanOrEqual(3);
      for (const r of responses.filter((r) => r.statusCode === 409)) {
        expect(r.json().message).toBe(
          r.json().code === 'SLOT_FULL' ? APPOINTMENT_MSG.slotFull : APPOINTMENT_MSG.alreadyBooked,
        );
      }
      const db = t.testDb.database.db;
      expect((await slotPlaces(db, slot, new Date(MONDAY_9AM)))!.booked).toBe(3);

      const ids = made.map((r) => r.json().appointmentId as number);
      expect(new Set(ids).size).toBe(3);
      // The answer's id is the appointment of the person who sent it.
      for (const [k, r] of responses.entries()) {
        if (r.statusCode !== 201) continue;
        expect(await findAppointment(db, r.json().appointmentId)).toMatchObject({
          email: sent[k]!.email,
          phone: sent[k]!.phone,
          status: 'PENDING',
        });
      }
      expect(new Set(made.map((r) => r.json().appointmentId)).size).toBe(3);
      for (const id of ids) {
        expect((await listAppointmentEvents(db, id)).map((e) => e.action)).toEqual(['CREATED']);
        const mails = (await listOutboxEmails(db)).filter((m) => m.appointmentId === id);
        expect(mails.map((m) => m.kind)).toEqual(['BOOKING_RECEIVED']);
        expect(mails[0]!.subject).toContain(`#${id}`);
      }
    });

    const draft = (id: number, i: number, over: Partial<OneCallBooking['appointment']> = {}): OneCallBooking => ({
      appointment: {
        id,
        fullName: `Khách ${i}`,
        phone: `0944${String(i).padStart(6, '0')}`,
        email: `alone${i}@example.com`,
        appointmentDate: DAYS.thu,
        appointmentTime: '08:00',
        department: 'FERTILITY',
        reason: null,
        userId: null,
        followUpOfId: null,
        searchText: `khach ${i}`,
        ...over,
      },
      now: new Date(MONDAY_9AM),
      events: [
        {
          action: 'CREATED',
          fromStatus: null,
          toStatus: 'PENDING',
          note: null,
          actorId: null,
          actorName: null,
          actorRole: null,
        },
      ],
      linkHash: null,
      emails: [],
    });

    it('in one call, each booking is judged after the ones sent before it, as if they had come one by one', async () => {
      const db = t.testDb.database.db;
      const ids = await drawAppointmentIds(db, 6);
      const slot = { appointmentDate: DAYS.tue, appointmentTime: '16:30', department: 'FERTILITY' };
      const sent = [
        draft(ids[0]!, 10, slot),
        draft(ids[1]!, 11, slot),
        // The same e-mail as the one before, another phone; then the first one's phone, another e-mail.
        draft(ids[2]!, 12, { ...slot, email: 'alone11@example.com' }),
        draft(ids[3]!, 13, { ...slot, phone: '0944000010' }),
        draft(ids[4]!, 14, slot),
        draft(ids[5]!, 15, slot),
      ];
      // Sent in one tick: the first goes at once, the five after it wait and go in one call.
      const outcomes = await Promise.all(sent.map((b) => book(db, b)));
      expect(outcomes).toEqual(['OK', 'OK', 'ALREADY_BOOKED', 'ALREADY_BOOKED', 'OK', 'SLOT_FULL']);
      expect((await slotPlaces(db, slot, new Date(MONDAY_9AM)))!.booked).toBe(3);
      expect(await findAppointment(db, ids[2]!)).toBeUndefined();
      expect(await findAppointment(db, ids[4]!)).toMatchObject({ email: 'alone14@example.com', status: 'PENDING' });
    });

    it('one booking the database refuses fails alone; the others sent with it are made', async () => {
      const db = t.testDb.database.db;
      const [a, bad, c] = await drawAppointmentIds(db, 3);
      // An account that does not exist: the foreign key refuses the insert that carries it.
      const outcomes = await Promise.allSettled([
        book(db, draft(a!, 0)),
        book(db, draft(bad!, 1, { appointmentTime: '09:00', userId: 987_654 })),
        book(db, draft(c!, 2, { appointmentTime: '10:00' })),
      ]);
      expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 'OK' });
      expect(outcomes[1]!.status).toBe('rejected');
      expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 'OK' });
      expect(await findAppointment(db, a!)).toMatchObject({ email: 'alone0@example.com', status: 'PENDING' });
      expect(await findAppointment(db, bad!)).toBeUndefined();
      expect(await findAppointment(db, c!)).toMatchObject({ email: 'alone2@example.com', status: 'PENDING' });
    });

    it('a booking counts the capacity the department has now, not the one read before it changed', async () => {
      const db = t.testDb.database.db;
      const slot = { appointmentDate: DAYS.fri, appointmentTime: '15:30', department: 'GENERAL_MEDICINE' };
      expect((await post(booking({ ...slot, phone: '0955000001', email: 'cap1@example.com' }))).statusCode).toBe(201);
      await db.update(departments).set({ slotCapacity: 1 }).where(eq(departments.code, 'GENERAL_MEDICINE'));
      try {
        const res = await post(booking({ ...slot, phone: '0955000002', email: 'cap2@example.com' }));
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('SLOT_FULL');
      } finally {
        await db.update(departments).set({ slotCapacity: 3 }).where(eq(departments.code, 'GENERAL_MEDICINE'));
      }
      expect((await post(booking({ ...slot, phone: '0955000003', email: 'cap3@example.com' }))).statusCode).toBe(201);
    });
  });
}
