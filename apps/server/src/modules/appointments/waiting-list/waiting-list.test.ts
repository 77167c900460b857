import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG as M, APPOINTMENT_TRAIL as T } from '@clinic/shared';
import {
  buildSecondProcess,
  buildTestApp,
  fixedClock,
  type SecondProcess,
  type TestContext,
} from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import {
  booking,
  bookedInSlot,
  call,
  DAYS,
  MONDAY_9AM,
  type Sessions,
  withRecordingSmtp,
} from '../../../../test/appointments';
import type { RecordingSmtp } from '../../../../test/system/server-process';
import { listOutboxEmails } from '../../email/email.repository';
import { processDueEmails } from '../../email/email.service';
import { findAppointment, listAppointmentEvents } from '../appointments.repository';
import { findWaitingEntryByHash } from './waiting-list.repository';
import { forgetPastWaitingLists, offerFreedPlaces } from './waiting-list-offers.service';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The waiting-list link in an e-mail as the SMTP server received it (quoted-printable lines joined). */
const waitingLinkIn = (raw: string) =>
  /\/appointment\/waiting\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
const manageLinkIn = (raw: string) =>
  /\/appointment\/manage\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];

for (const kind of dbKinds()) {
  describe(`the waiting list of a full slot [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let smtp: RecordingSmtp;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const deps = () => ({ ...t.app.deps, db: db(), clock });
    const offersCounted = async (outcome: string) =>
      (await t.app.deps.metrics.waitingListOffers.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    let n = 0;
    const person = (name: string) => {
      n += 1;
      return {
        fullName: name,
        phone: `0966${String(n).padStart(6, '0')}`,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${n}@example.com`,
      };
    };
    const book = async (slot: object, who = person('Khach')) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ ...slot, ...who }),
        remoteAddress: '10.5.0.1',
      });
      return res;
    };
    /** Books every place of the slot; the bookings' management tokens. */
    const fill = async (slot: object) => {
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await book(slot);
        expect(res.statusCode, res.body).toBe(201);
        tokens.push(res.json().manageToken);
      }
      return tokens;
    };
    const join = (slot: object, who: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: { ...slot, ...who, consentContact: true },
        remoteAddress: '10.5.0.2',
      });
    const link = (token: string, action?: 'claim' | 'leave') =>
      t.app.inject({
        method: action ? 'POST' : 'GET',
        url: `/api/appointments/waiting-list/${token}${action ? `/${action}` : ''}`,
        remoteAddress: '10.5.0.3',
      });
    const cancelByLink = (manageToken: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${manageToken}/cancel`,
        payload: { reason: 'Bận việc' },
        remoteAddress: '10.5.0.4',
      });
    const availability = async (slot: { appointmentDate: string; appointmentTime: string; department: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/public/availability?date=${slot.appointmentDate}&time=${slot.appointmentTime}&department=${slot.department}`,
        })
      ).json();

    withRecordingSmtp(kind, { clock }, (suite) => ({ t, s, smtp } = suite));

    it('lets a visitor wait only for a full slot, with the booking’s rules, and once per person', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.tue, appointmentTime: '08:00', department: 'GYNECOLOGY' };
      const lan = person('Lan');
      const open = await join(slot, lan);
      expect(open.statusCode).toBe(409);
      expect(open.json()).toMatchObject({ code: 'SLOT_AVAILABLE', message: M.waitingSlotOpen });

      await fill(slot);
      const badEmail = await join(slot, { ...lan, email: 'lan@' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toBe(M.invalidEmail);
      const badPhone = await join(slot, { ...lan, phone: '12345' });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toBe(M.invalidPhone);
      const sunday = await join({ ...slot, appointmentDate: DAYS.sun }, lan);
      expect(sunday.statusCode).toBe(400);

      const first = await join(slot, lan);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ message: M.waitingJoined, position: 1 });
      const token = first.json().token as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the hash is kept; the joining e-mail carries the link until it is sent.
      expect((await findWaitingEntryByHash(db(), sha256(token)))?.status).toBe('WAITING');
      expect(await findWaitingEntryByHash(db(), token)).toBeUndefined();
      const [joined] = (await listOutboxEmails(db(), { kind: 'WAITING_JOINED' })).filter(
        (e) => e.toAddress === lan.email,
      );
      expect(joined!.html).toContain(`https://antamclinic.vn/appointment/waiting/${token}`);
      expect(joined!.text).toContain('vị trí số 1');

      const again = await join(slot, { ...person('Lan'), phone: lan.phone });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_WAITING', message: M.alreadyWaiting });
      const second = await join(slot, person('Mai'));
      expect(second.json().position).toBe(2);
      // Her phone is enough (issue 27): no e-mail kept; still once per phone, and two people without
      // an e-mail are two people.
      const hang = { ...person('Hang'), email: '' };
      const phoneOnly = await join(slot, hang);
      expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
      expect(phoneOnly.json().position).toBe(3);
      expect((await findWaitingEntryByHash(db(), sha256(phoneOnly.json().token as string)))?.email).toBeNull();
      expect((await join(slot, { ...hang, fullName: 'Hằng' })).json()).toMatchObject({ code: 'ALREADY_WAITING' });
      expect((await join(slot, { ...person('Vy'), email: '' })).json().position).toBe(4);

      const seen = await link(token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({
        status: 'WAITING',
        position: 1,
        departmentName: 'Khoa Phụ khoa',
        offerExpiresAt: null,
      });
      const wrong = await link('B'.repeat(43));
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe(M.waitingLinkInvalid);
    });

    it.each([
      ['the front desk cancels a booking', DAYS.thu, '08:00'],
      // Today's later slot: a no-show is marked on the visit's day (docs/PRODUCT.md §11).
      ['the doctor marks a no-show before the slot', DAYS.mon, '16:30'],
      ['an administrator deletes a booking', DAYS.fri, '08:00'],
      ['the front desk moves a booking to another slot', DAYS.fri, '10:00'],
    ])('offers the place to the first in line when %s', async (way, appointmentDate, appointmentTime) => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate, appointmentTime, department: 'REPRODUCTIVE_HEALTH' };
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await book(slot)).json().appointmentId as number);
      const waiter = person('Cho');
      const waiterToken = (await join(slot, waiter)).json().token as string;
      const id = ids[0]!;
      let res;
      if (way.includes('cancels'))
        res = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/cancel`, { reason: 'Bệnh nhân gọi báo bận' });
      else if (way.includes('no-show')) {
        expect(
          (
            await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/confirm-with-doctor`, {
              doctorId: s.doctor.userId,
            })
          ).statusCode,
        ).toBe(200);
        res = await call(t.app, s.doctor, 'PUT', `/api/appointments/${id}`, { status: 'NO_SHOW', notes: 'Không đến' });
      } else if (way.includes('deletes')) res = await call(t.app, s.admin, 'DELETE', `/api/appointments/${id}`);
      else {
        const row = (await findAppointment(db(), id))!;
        res = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}`, {
          fullName: row.fullName,
          phone: row.phone,
          email: row.email,
          department: row.department,
          reason: row.reason,
          appointmentDate,
          appointmentTime: '16:30',
        });
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(await offerFreedPlaces(deps())).toMatchObject({ offered: 1 });
      expect((await link(waiterToken)).json()).toMatchObject({ status: 'OFFERED' });
      // She lets it go, so the offer does not outlive the case.
      expect((await link(waiterToken, 'leave')).statusCode).toBe(200);
    });

    it('makes no offer at night: a place freed at 23:00 is offered at 07:00, and its 30 minutes start then (issue 27)', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.fri, appointmentTime: '14:00', department: 'GYNECOLOGY' };
      const [firstBooking] = await fill(slot);
      const token = (await join(slot, person('Dem'))).json().token as string;
      // 23:00 in Ho Chi Minh City: the place frees, and nobody is woken for it.
      clock.set('2027-03-01T16:00:00Z');
      expect((await cancelByLink(firstBooking!)).statusCode).toBe(200);
      expect(await offerFreedPlaces(deps())).toMatchObject({ offered: 0 });
      expect((await link(token)).json()).toMatchObject({ status: 'WAITING', position: 1 });
      // 07:00: offered, held until 07:30.
      clock.set('2027-03-02T00:00:00Z');
      expect(await offerFreedPlaces(deps())).toMatchObject({ offered: 1 });
      expect((await link(token)).json()).toMatchObject({
        status: 'OFFERED',
        offerExpiresAt: '2027-03-02T00:30:00.000Z',
      });
      expect((await link(token, 'leave')).statusCode).toBe(200);
      await processDueEmails(deps());
      clock.set(MONDAY_9AM);
    });

    it('keeps a freed place for the list, offers it to the first in line for 30 minutes, then to the next; one click claims it', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.wed, appointmentTime: '09:00', department: 'GYNECOLOGY' };
      const [firstBooking] = await fill(slot);
      const hoa = person('Hoa');
      const thu = person('Thu');
      const hoaToken = (await join(slot, hoa)).json().token as string;
      const thuToken = (await join(slot, thu)).json().token as string;

      expect((await cancelByLink(firstBooking!)).statusCode).toBe(200);
      // The place is the list's: a newcomer is told the slot is full, before and after the offer.
      expect(await availability(slot)).toMatchObject({ available: false, code: 'SLOT_FULL' });
      expect((await book(slot)).json().code).toBe('SLOT_FULL');

      const offersBefore = await offersCounted('offered');
      expect(await offerFreedPlaces(deps())).toEqual({ withdrawn: 0, expired: 0, released: 0, offered: 1 });
      // An operator sees it on /metrics.
      expect((await offersCounted('offered')) - offersBefore).toBe(1);
      const offered = (await link(hoaToken)).json();
      expect(offered).toMatchObject({ status: 'OFFERED', position: null, offerExpiresAt: '2027-03-01T02:30:00.000Z' });
      expect((await link(thuToken)).json()).toMatchObject({ status: 'WAITING', position: 1 });
      expect((await book(slot)).json().code).toBe('SLOT_FULL');
      // A second run offers nothing more: the held offer counts.
      expect((await offerFreedPlaces(deps())).offered).toBe(0);
      // Not hers yet.
      const early = await link(thuToken, 'claim');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'NOT_OFFERED', message: M.waitingNotOffered });

      await processDueEmails(deps());
      /** The offer's link: the one in her e-mails that is not the joining one. */
      const offerLink = (email: string, joinToken: string) =>
        smtp.received
          .map((m) => (m.to.includes(email) ? waitingLinkIn(m.raw) : undefined))
          .find((found) => found && found !== joinToken);
      const [offerCopy] = (await listOutboxEmails(db(), { kind: 'WAITING_OFFER' })).filter(
        (e) => e.toAddress === hoa.email,
      );
      expect(offerCopy!.text).toContain('09:30 ngày 01/03/2027');
      const hoaOfferToken = offerLink(hoa.email, hoaToken)!;
      expect(hoaOfferToken).not.toBe(hoaToken);

      // Thirty minutes pass unclaimed: the offer lapses and Thu gets the place.
      clock.set('2027-03-01T02:31:00Z');
      expect(await offerFreedPlaces(deps())).toEqual({ withdrawn: 0, expired: 1, released: 0, offered: 1 });
      const late = await link(hoaOfferToken, 'claim');
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'OFFER_EXPIRED', message: M.waitingOfferExpired });
      expect((await link(hoaToken)).json().status).toBe('EXPIRED');

      await processDueEmails(deps());
      const claim = await link(offerLink(thu.email, thuToken)!, 'claim');
      expect(claim.statusCode, claim.body).toBe(201);
      expect(claim.json()).toMatchObject({ message: M.waitingClaimed });
      const { appointmentId, manageToken } = claim.json() as { appointmentId: number; manageToken: string };
      const row = (await findAppointment(db(), appointmentId))!;
      expect(row).toMatchObject({
        ...slot,
        fullName: thu.fullName,
        phone: thu.phone,
        email: thu.email,
        status: 'PENDING',
      });
      expect((await listAppointmentEvents(db(), appointmentId)).map((e) => e.note)).toEqual([T.claimedFromWaitingList]);
      expect(await bookedInSlot(db(), slot)).toBe(3);
      expect((await link(thuToken)).json().status).toBe('CLAIMED');
      // Her booking e-mail carries its own management link, which works.
      await processDueEmails(deps());
      expect(smtp.received.filter((m) => m.to.includes(thu.email)).map((m) => manageLinkIn(m.raw))).toContain(
        manageToken,
      );
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/appointments/manage/${manageToken}`,
            remoteAddress: '10.5.0.5',
          })
        ).json().appointment.id,
      ).toBe(appointmentId);
      // Once sent, the outbox keeps no waiting-list token.
      const outbox = await listOutboxEmails(db(), { kind: 'WAITING_OFFER' });
      expect(outbox.length).toBeGreaterThan(0);
      expect(
        outbox.every((e) => !e.html.includes(hoaOfferToken) && e.html.includes('/appointment/waiting/(đã ẩn)')),
      ).toBe(true);

      const again = await link(thuToken, 'claim');
      expect(again.json()).toMatchObject({ code: 'WAITING_ALREADY_CLAIMED' });
      const dashboard = await call(t.app, s.admin, 'GET', '/api/dashboard');
      expect(dashboard.json().waitingList.refilledThisMonth).toBeGreaterThanOrEqual(1);
    });

    it('ends the list when the slot begins: an offer never outlives it, and a late claim is refused', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.tue, appointmentTime: '16:00', department: 'GYNECOLOGY' };
      const [freed] = await fill(slot);
      const first = (await join(slot, person('Ngoc'))).json().token as string;
      const second = (await join(slot, person('Yen'))).json().token as string;
      await cancelByLink(freed!);
      // Ten minutes before the slot: the offer ends when it begins, not 30 minutes later.
      clock.set('2027-03-02T08:50:00Z');
      await offerFreedPlaces(deps());
      expect((await link(first)).json()).toMatchObject({
        status: 'OFFERED',
        offerExpiresAt: '2027-03-02T09:00:00.000Z',
      });
      clock.set('2027-03-02T09:00:00Z');
      expect(await offerFreedPlaces(deps())).toMatchObject({ withdrawn: 2, offered: 0 });
      expect((await link(first)).json().status).toBe('WITHDRAWN');
      expect((await link(second)).json().status).toBe('WITHDRAWN');
      expect((await link(first, 'claim')).json()).toMatchObject({ code: 'SLOT_BEGUN', message: M.waitingSlotBegun });
      expect((await listOutboxEmails(db(), { kind: 'WAITING_ENDED' })).length).toBeGreaterThanOrEqual(2);
    });

    it('lets her leave and the front desk see and remove; a drained list frees the slot to everyone', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '10:00', department: 'GYNECOLOGY' };
      const [freed] = await fill(slot);
      const an = person('An');
      const binh = person('Binh');
      const anToken = (await join(slot, an)).json().token as string;
      await join(slot, binh);

      const list = await call(
        t.app,
        s.staff,
        'GET',
        `/api/appointments/waiting-list?date=${slot.appointmentDate}&time=${slot.appointmentTime}&department=${slot.department}`,
      );
      expect(list.statusCode).toBe(200);
      const entries = list.json().entries as { id: number; fullName: string; phone: string; status: string }[];
      expect(entries.map((e) => [e.fullName, e.phone, e.status])).toEqual([
        [an.fullName, an.phone, 'WAITING'],
        [binh.fullName, binh.phone, 'WAITING'],
      ]);
      expect(
        (
          await call(
            t.app,
            s.patient,
            'GET',
            `/api/appointments/waiting-list?date=${slot.appointmentDate}&time=10:00&department=GYNECOLOGY`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(t.app, s.doctor, 'DELETE', `/api/appointments/waiting-list/entries/${entries[1]!.id}`)).statusCode,
      ).toBe(403);

      const left = await link(anToken, 'leave');
      expect(left.json()).toMatchObject({ message: M.waitingLeft, entry: { status: 'LEFT' } });
      expect((await link(anToken, 'leave')).statusCode).toBe(409);
      const removed = await call(t.app, s.staff, 'DELETE', `/api/appointments/waiting-list/entries/${entries[1]!.id}`);
      expect(removed.json()).toMatchObject({ message: M.waitingRemoved });
      expect(
        (await call(t.app, s.staff, 'DELETE', `/api/appointments/waiting-list/entries/${entries[1]!.id}`)).statusCode,
      ).toBe(409);
      expect((await call(t.app, s.staff, 'DELETE', '/api/appointments/waiting-list/entries/999999')).statusCode).toBe(
        404,
      );

      // Nobody waits now: a freed place is anyone's.
      await cancelByLink(freed!);
      expect(await availability(slot)).toMatchObject({ available: true, remaining: 1 });
      expect((await book(slot)).statusCode).toBe(201);
    });

    it('forgets a slot’s waiting list, names, phones and e-mails, a month after the slot; never sooner', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.fri, appointmentTime: '11:00', department: 'GYNECOLOGY' };
      await fill(slot);
      const who = person('Quyen');
      const token = (await join(slot, who)).json().token as string;
      // Friday 5 March 2027, 11:00 in the clinic: 04:00 UTC.
      // (The earlier tests' slots, a few days before, go first.)
      clock.set('2027-04-05T03:59:00Z');
      await forgetPastWaitingLists(deps());
      expect((await link(token)).statusCode).toBe(200);
      clock.set('2027-04-05T04:01:00Z');
      expect(await forgetPastWaitingLists(deps())).toBe(1);
      expect((await link(token)).statusCode).toBe(404);
      expect(await findWaitingEntryByHash(db(), sha256(token))).toBeUndefined();
    });
  });
}

// PGlite has one connection, so requests never overlap there: the race only shows on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'claiming an offered place under a rush, two processes on PostgreSQL',
  () => {
    let t: TestContext;
    let other: SecondProcess;
    const clock = fixedClock(MONDAY_9AM);

    beforeAll(async () => {
      t = await buildTestApp('postgres', { clock, env: { RATE_LIMIT_PUBLIC: '10000' } });
      other = await buildSecondProcess(t);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    it('the offer link clicked twice at once, a public booking and a second offer job at the same instant: one claim, never beyond the capacity', async () => {
      const slot = { appointmentDate: DAYS.fri, appointmentTime: '14:00', department: 'FERTILITY' };
      const apps = [t.app, other.app];
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, phone: `0955${String(i).padStart(6, '0')}`, email: `rush.${i}@example.com` }),
          remoteAddress: `10.6.0.${i}`,
        });
        tokens.push(res.json().manageToken);
      }
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: {
          ...slot,
          fullName: 'Chờ Một',
          phone: '0955999001',
          email: 'cho.mot@example.com',
          consentContact: true,
        },
        remoteAddress: '10.6.1.1',
      });
      const token = joined.json().token as string;
      await other.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${tokens[0]}/cancel`,
        payload: { reason: 'Bận' },
        remoteAddress: '10.6.1.2',
      });
      const runs = await Promise.all([
        offerFreedPlaces({ ...t.app.deps, clock }),
        offerFreedPlaces({ ...other.app.deps, clock }),
      ]);
      expect(runs.reduce((sum, r) => sum + r.offered, 0)).toBe(1);

      const [a, b, walkIn] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/appointments/waiting-list/${token}/claim`,
          remoteAddress: '10.6.2.1',
        }),
        other.app.inject({
          method: 'POST',
          url: `/api/appointments/waiting-list/${token}/claim`,
          remoteAddress: '10.6.2.2',
        }),
        other.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, phone: '0955999002', email: 'walk.in@example.com' }),
          remoteAddress: '10.6.2.3',
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('WAITING_ALREADY_CLAIMED');
      expect(walkIn.statusCode).toBe(409);
      expect(walkIn.json().code).toBe('SLOT_FULL');
      expect(await bookedInSlot(t.testDb.database.db, slot)).toBe(3);
    });
  },
);
