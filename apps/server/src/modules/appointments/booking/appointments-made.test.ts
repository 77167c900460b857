import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { departments, waitingListEntries } from '../../../db/schema';
import { rowsOf } from '../../../db/client';
import { buildSecondProcess, buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM, seedAppointment } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import {
  bookInOneCall,
  drawAppointmentIds,
  listAppointmentEvents,
  slotPlaces,
  type OneCallBooking,
  type Slot,
} from '../appointments.repository';

/**
 * What decides whether a slot has a place is written once (src/db/functions/slot-rules.sql), and every
 * appointment is made by one call (appointments-made.sql), which reads the department's capacity
 * under the slot's lock.
 */
for (const kind of dbKinds()) {
  describe(`the slot's rules and the one call that makes appointments [${kind}]`, () => {
    let t: TestContext;
    const now = new Date(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const setCapacity = (code: string, n: number) =>
      db().update(departments).set({ slotCapacity: n }).where(eq(departments.code, code));

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM), env: { RATE_LIMIT_PUBLIC: '10000' } });
    });
    afterAll(async () => t?.close());

    const draft = (
      id: number,
      i: number,
      slot: Slot,
      person: { phone?: string; email?: string | null } = {},
    ): OneCallBooking => ({
      appointment: {
        id,
        fullName: `Khách ${i}`,
        phone: person.phone ?? `0944${String(i).padStart(6, '0')}`,
        email: person.email === undefined ? `rules${i}@example.com` : person.email,
        ...slot,
        reason: null,
        userId: null,
        followUpOfId: null,
        searchText: `khach ${i}`,
      },
      now,
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

    it('counts active appointments, people waiting and offers not lapsed, and one person once by phone or e-mail, as the booking call judges', async () => {
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '14:30', department: 'OBSTETRICS' };
      const at = (status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'NO_SHOW', i: number, email: string | null) =>
        seedAppointment(db(), { ...slot, status, phone: `096600000${i}`, email });
      await at('PENDING', 1, 'rule1@example.com');
      await at('CONFIRMED', 2, 'rule2@example.com');
      await at('CANCELLED', 3, 'rule3@example.com');
      await at('NO_SHOW', 4, null);
      const entry = (i: number, status: 'WAITING' | 'OFFERED' | 'LEFT', offerExpiresAt: Date | null) => ({
        ...slot,
        slotStartsAt: new Date('2027-03-04T07:30:00Z'),
        fullName: `Người chờ ${i}`,
        phone: `096700000${i}`,
        email: `cho${i}@example.com`,
        status,
        tokenHash: `rule-entry-${kind}-${i}`,
        siteOrigin: 'http://localhost',
        offeredAt: offerExpiresAt && now,
        offerExpiresAt,
      });
      await db()
        .insert(waitingListEntries)
        .values([
          entry(1, 'WAITING', null),
          entry(2, 'OFFERED', new Date(now.getTime() + 30 * 60_000)),
          entry(3, 'OFFERED', new Date(now.getTime() - 60_000)),
          entry(4, 'LEFT', null),
        ]);
      const places = (await slotPlaces(db(), slot, now))!;
      expect(places).toMatchObject({
        capacity: 3,
        booked: 2,
        waiting: 1,
        offered: 1,
        taken: 4,
        held: 3,
        personHolds: false,
      });

      // A cancelled phone, a missed one without e-mail, an active e-mail with another phone, an active phone.
      const people = [
        { phone: '0966000003', email: 'someone3@example.com' },
        { phone: '0966000004', email: null },
        { phone: '0966999999', email: 'rule1@example.com' },
        { phone: '0966000002', email: 'someone2@example.com' },
      ];
      const holds = await Promise.all(
        people.map(async (p) => (await slotPlaces(db(), slot, now, { person: p }))!.personHolds),
      );
      expect(holds).toEqual([false, false, true, true]);

      await setCapacity('OBSTETRICS', 50);
      try {
        const ids = await drawAppointmentIds(db(), people.length);
        const outcomes = await bookInOneCall(
          db(),
          people.map((p, i) => draft(ids[i]!, 80 + i, slot, p)),
        );
        expect(outcomes).toEqual(holds.map((held) => (held ? 'ALREADY_BOOKED' : 'OK')));

        // Full exactly when the places taken reach the capacity.
        const taken = (await slotPlaces(db(), slot, now))!.taken;
        expect(taken).toBe(6);
        const [full, fits] = await drawAppointmentIds(db(), 2);
        await setCapacity('OBSTETRICS', taken);
        expect(await bookInOneCall(db(), [draft(full!, 90, slot)])).toEqual(['SLOT_FULL']);
        await setCapacity('OBSTETRICS', taken + 1);
        expect(await bookInOneCall(db(), [draft(fits!, 91, slot)])).toEqual(['OK']);
      } finally {
        await setCapacity('OBSTETRICS', 3);
      }
    });

    it("serves the previous release's booking call during a rolling restart: its one event and its e-mail are written, its capacity is not trusted", async () => {
      const slot = { appointmentDate: DAYS.fri, appointmentTime: '10:30', department: 'STI_TESTING' };
      await setCapacity('STI_TESTING', 1);
      try {
        // The previous release's payload: a capacity read from its cache, `event` (one), and its e-mail's `to_address`.
        const previous = (id: number, i: number) => {
          const { events, ...rest } = draft(id, i, slot);
          const email = {
            kind: 'GENERIC',
            to_address: `rules${i}@example.com`,
            subject: 'S',
            html: '<p>H</p>',
            text: 'T',
          };
          return {
            ...rest,
            now: now.toISOString(),
            capacity: 3,
            event: { ...events[0], toStatus: undefined },
            emails: [{ ...email, attachments: [] }],
          };
        };
        const [first, second] = await drawAppointmentIds(db(), 2);
        const call = (b: object) =>
          db().execute(sql`select clinic_book_many(${JSON.stringify([b])}::jsonb) as outcomes`);
        expect(rowsOf<{ outcomes: string[] }>(await call(previous(first!, 60)))[0]!.outcomes).toEqual(['OK']);
        expect(rowsOf<{ outcomes: string[] }>(await call(previous(second!, 61)))[0]!.outcomes).toEqual(['SLOT_FULL']);
        const events = await listAppointmentEvents(db(), first!);
        expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([['CREATED', null, 'PENDING']]);
        const emails = await listOutboxEmails(db(), { appointmentId: first! });
        expect(emails.map((e) => [e.kind, e.toAddress, e.subject, e.status])).toEqual([
          ['GENERIC', 'rules60@example.com', 'S', 'queued'],
        ]);
      } finally {
        await setCapacity('STI_TESTING', 3);
      }
    });

    if (kind === 'postgres') {
      it('never lets a booking through another process exceed a capacity lowered on this one, whatever that process has kept', async () => {
        const other = await buildSecondProcess(t);
        try {
          const slot = { appointmentDate: DAYS.sat, appointmentTime: '08:00', department: 'FERTILITY' };
          const available = () =>
            other.app.inject({
              method: 'GET',
              url: `/api/appointments/public/availability?date=${slot.appointmentDate}&time=${slot.appointmentTime}&department=${slot.department}`,
            });
          expect((await available()).json().remaining).toBe(3);
          // The other process has not heard of the change yet: its notice is late (a slow network, a busy process).
          const changes = other.database.changes;
          const heard = changes.changed.bind(changes);
          changes.changed = (notice: string) => {
            if (!notice.startsWith('departments')) heard(notice);
          };
          await setCapacity('FERTILITY', 1);
          expect((await available()).json().remaining).toBe(3);

          let ip = 0;
          const answers = await Promise.all(
            [1, 2, 3].map((i) =>
              other.app.inject({
                method: 'POST',
                url: '/api/appointments/public',
                remoteAddress: `10.9.0.${++ip}`,
                payload: booking({ ...slot, phone: `09770000${i}0`, email: `late${i}@example.com` }),
              }),
            ),
          );
          expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
          expect((await slotPlaces(db(), slot, now))!.booked).toBe(1);
        } finally {
          await setCapacity('FERTILITY', 3);
          await other.close();
        }
      });
    }
  });
}
