import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSecondProcess,
  buildTestApp,
  fixedClock,
  type SecondProcess,
  type TestContext,
} from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { clientToken, validate } from '../../../test/fhir';
import { eq } from 'drizzle-orm';
import { HELD_PLACE_TEXT } from '@clinic/shared';
import { consents } from '../../db/schema';
import { offerFreedPlaces } from '../appointments/waiting-list/waiting-list-offers.service';

type Res = Record<string, unknown> & { id: string; status: string; resourceType: string };
type Bundle = { resourceType: 'Bundle'; total: number; entry?: { resource: Res }[] };

/** The booking operations of the IHE ITI Scheduling guide (issue 38): $find, $hold, $book, cancel. */
for (const kind of dbKinds()) {
  describe(`FHIR booking operations [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // On PostgreSQL a second server process on the same database: the race of the last places crosses processes.
    let other: SecondProcess | undefined;
    const clock = fixedClock(MONDAY_9AM);
    let writer = '';
    let reader = '';
    let gp = '';
    let n = 0;

    const tokenOf = (scopes: string[]) =>
      clientToken(t, s.admin, { clientId: `booking-${(n += 1)}.example.vn`, name: `Ứng dụng đặt lịch ${n}`, scopes });
    const post = (url: string, body: unknown, token = writer, app = t.app) =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify(body),
      });
    const ok = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const body = res.json();
      validate(body);
      for (const e of (body as Bundle).entry ?? []) validate(e.resource);
      return body;
    };
    const outcome = (res: LightMyRequestResponse, status: number, code?: string) => {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body.resourceType).toBe('OperationOutcome');
      validate(body);
      if (code) expect(body.issue[0].code).toBe(code);
    };
    const params = (...parameter: Record<string, unknown>[]) => ({ resourceType: 'Parameters', parameter });
    const find = (date: string, more: Record<string, unknown>[] = []) =>
      post(
        '/fhir/Appointment/$find',
        params(
          { name: 'service-type', valueCode: 'GENERAL_PRACTICE' },
          { name: 'start', valueDate: date },
          { name: 'end', valueDate: date },
          ...more,
        ),
        reader,
      );
    const withPatient = (a: Res, phone: string, name = 'Trần Thị Bình') => ({
      ...a,
      status: 'pending',
      contained: [
        { resourceType: 'Patient', id: 'pt', name: [{ text: name }], telecom: [{ system: 'phone', value: phone }] },
      ],
      participant: [
        ...(a.participant as unknown[]),
        { actor: { reference: '#pt' }, required: 'required', status: 'accepted' },
      ],
    });
    const proposedAt = async (date: string, time: string) => {
      const b = ok(await find(date)) as Bundle;
      return b.entry!.find((e) => e.resource.start === `${date}T${time}:00+07:00`)?.resource;
    };
    const slotComment = async (date: string, time: string, token = reader) => {
      const id = `${gp}-${date.replaceAll('-', '')}-${time.replace(':', '')}`;
      const res = await t.app.inject({
        method: 'GET',
        url: `/fhir/Slot/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return ok(res).comment as string;
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      if (kind === 'postgres') other = await buildSecondProcess(t);
      s = await signInAll(t.app);
      writer = await tokenOf(['system/Appointment.read', 'system/Appointment.write', 'system/Slot.read']);
      reader = await tokenOf(['system/Appointment.read', 'system/Slot.read', 'system/HealthcareService.read']);
      const hs = ok(
        await t.app.inject({
          method: 'GET',
          url: '/fhir/HealthcareService',
          headers: { authorization: `Bearer ${reader}` },
        }),
      ) as Bundle;
      gp = hs.entry!.find(
        (e) => (e.resource.type as { coding: { code: string }[] }[])[0]!.coding[0]!.code === 'GENERAL_PRACTICE',
      )!.resource.id;
    }, 120_000);
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    it('names $find, $hold and $book with the guide’s OperationDefinitions, and the cancel by update/patch', async () => {
      const cs = ok(await t.app.inject({ method: 'GET', url: '/fhir/metadata' }));
      const row = cs.rest[0].resource.find((r: { type: string }) => r.type === 'Appointment');
      expect(row.operation.map((o: { name: string; definition: string }) => [o.name, o.definition])).toEqual([
        ['find', 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition/appointment-find'],
        ['hold', 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition/appointment-hold'],
        ['book', 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition/appointment-book'],
      ]);
      expect(row.interaction.map((i: { code: string }) => i.code)).toEqual(['read', 'search-type', 'update', 'patch']);
    });

    it('$find answers the free places as proposed Appointments, and refuses bad parameters with a 400', async () => {
      const b = ok(await find(DAYS.tue)) as Bundle;
      expect(b.total).toBe(16);
      expect(b.entry!.every((e) => e.resource.status === 'proposed')).toBe(true);
      // With a doctor: his free hours, named in each proposal.
      const withDoctor = ok(
        await find(DAYS.tue, [
          { name: 'practitioner', valueReference: { reference: `Practitioner/${s.doctor.userId}` } },
        ]),
      ) as Bundle;
      expect(JSON.stringify(withDoctor.entry![0]!.resource.participant)).toContain(`Practitioner/${s.doctor.userId}`);
      outcome(await post('/fhir/Appointment/$find', params({ name: 'start', valueDate: DAYS.tue }), reader), 400);
      outcome(await find('2027-02-30'), 400);
      outcome(await post('/fhir/Appointment/$find', { resourceType: 'Patient' }, reader), 400);
      outcome(await post('/fhir/Appointment/$find', params({ name: 'service-type', valueCode: 'NOPE' }), reader), 400);
    });

    it('$hold holds the place (pending, with the hold’s end), $book books it, staff see it, cancel ends it', async () => {
      const p = (await proposedAt(DAYS.fri, '14:00'))!;
      expect(await slotComment(DAYS.fri, '14:00')).toBe('3 of 3 places free');
      const held = ok(
        await post(
          '/fhir/Appointment/$hold',
          params(
            { name: 'appointment-resource', resource: withPatient(p, '0912000001') },
            { name: 'hold-minutes', valueInteger: 10 },
          ),
        ),
      );
      expect(held.status).toBe('pending');
      expect(held.extension[0].valueInstant).toBe(new Date(Date.parse(MONDAY_9AM) + 10 * 60_000).toISOString());
      expect(await slotComment(DAYS.fri, '14:00')).toBe('2 of 3 places free');
      const consentsOf = (id: string) =>
        t.testDb.database.db
          .select()
          .from(consents)
          .where(eq(consents.appointmentId, Number(id)));
      // A hold records no consent; the booking records the client's statement of hers.
      expect(await consentsOf(held.id)).toHaveLength(0);
      // Staff see the hold and cannot make a booking of it before the client does, nor end one she never made.
      for (const [action, body] of [
        ['confirm', undefined],
        ['confirm-with-doctor', { doctorId: s.doctor.userId }],
        ['cancel', { reason: 'Khách đổi ý' }],
      ] as const) {
        const refused = await call(t.app, s.staff, 'PUT', `/api/appointments/${held.id}/${action}`, body);
        expect(refused.json(), action).toMatchObject({
          statusCode: 409,
          code: 'INVALID_TRANSITION',
          message: HELD_PLACE_TEXT.refused,
        });
      }
      // Nor send her a link to a booking she has not made.
      const link = await call(t.app, s.staff, 'POST', `/api/appointments/${held.id}/manage-link`);
      expect(link.json()).toMatchObject({ statusCode: 409, message: HELD_PLACE_TEXT.refused });
      // A read-only client may find, not hold.
      outcome(
        await post('/fhir/Appointment/$hold', params({ name: 'appointment-resource', resource: p }), reader),
        403,
        'forbidden',
      );

      const booked = ok(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } }),
        ),
      );
      expect(booked.id).toBe(held.id);
      expect(booked.extension).toBeUndefined();
      expect(booked.status).toBe('pending');
      // Stated by the client: the channel FHIR (the app itself is named in the booking's history).
      expect(await consentsOf(held.id)).toMatchObject([
        { purpose: 'HEALTH_DATA', source: 'BOOKING', channel: 'FHIR', phone: '0912000001', recordedById: null },
      ]);
      // Booked, the hold's end no longer releases it.
      const staff = await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}`);
      expect(staff.statusCode, staff.body).toBe(200);
      expect(staff.json()).toMatchObject({ fullName: 'Trần Thị Bình', status: 'PENDING', depositDueAt: null });
      // A second $book of the same: it is no longer held.
      outcome(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } }),
        ),
        409,
        'conflict',
      );

      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/fhir/Appointment/${held.id}`,
        headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json-patch+json' },
        payload: JSON.stringify([
          { op: 'replace', path: '/status', value: 'cancelled' },
          { op: 'add', path: '/cancelationReason', value: { text: 'Bận việc gia đình' } },
        ]),
      });
      const cancelled = ok(patched);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.cancelationReason.text).toBe('Bận việc gia đình');
      expect(await slotComment(DAYS.fri, '14:00')).toBe('3 of 3 places free');
      const after = await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}`);
      expect(after.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Bận việc gia đình' });
    });

    it('names the person held as her booking’s Patient: the held Appointment sent back as it came is booked, and she books again by it', async () => {
      const p = (await proposedAt(DAYS.fri, '16:00'))!;
      const held = ok(
        await post(
          '/fhir/Appointment/$hold',
          params({ name: 'appointment-resource', resource: withPatient(p, '0912000005', 'Đỗ Thị Hiền') }),
        ),
      );
      expect(held.participant).toContainEqual({
        actor: { reference: `Patient/booking-${held.id}`, display: 'Đỗ Thị Hiền' },
        required: 'required',
        status: 'accepted',
      });
      const booked = ok(
        await post('/fhir/Appointment/$book', params({ name: 'appointment-resource', resource: held })),
      );
      expect([booked.id, booked.status, booked.extension]).toEqual([held.id, 'pending', undefined]);

      const q = (await proposedAt(DAYS.fri, '16:30'))!;
      const naming = (ref: string) => ({
        ...q,
        status: 'pending',
        participant: [...(q.participant as unknown[]), { actor: { reference: ref }, status: 'accepted' }],
      });
      const again = ok(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-resource', resource: naming(`Patient/booking-${held.id}`) }),
        ),
      );
      const staff = await call(t.app, s.staff, 'GET', `/api/appointments/${again.id}`);
      expect(staff.json()).toMatchObject({ fullName: 'Đỗ Thị Hiền', phone: '0912000005' });
      for (const ref of ['Patient/booking-999999', 'Patient/booking-abc'])
        outcome(
          await post('/fhir/Appointment/$book', params({ name: 'appointment-resource', resource: naming(ref) })),
          400,
        );
    });

    it('$book of a free place with a doctor answers it booked; a confirmed visit is not the client’s to cancel', async () => {
      const b = ok(
        await find(DAYS.thu, [
          { name: 'practitioner', valueReference: { reference: `Practitioner/${s.doctor.userId}` } },
        ]),
      ) as Bundle;
      const p = b.entry!.find((e) => e.resource.start === `${DAYS.thu}T15:00:00+07:00`)!.resource;
      const booked = ok(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-resource', resource: withPatient(p, '0912000002') }),
        ),
      );
      expect(booked.status).toBe('booked');
      // The clinic sees it as a desk booking with a doctor: confirmed with him, told now, in its history.
      const staff = (await call(t.app, s.staff, 'GET', `/api/appointments/${booked.id}`)).json();
      expect(staff).toMatchObject({
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
        doctorNotifiedAt: clock.now().toISOString(),
      });
      const trail = (await call(t.app, s.staff, 'GET', `/api/appointments/${booked.id}/history`)).json();
      expect(trail.map((e: { action: string; note: string | null }) => [e.action, e.note])).toEqual([
        ['CREATED', expect.stringMatching(/^FHIR: /)],
        ['CONFIRM', `Bác sĩ: ${staff.doctor.fullName}`],
      ]);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/fhir/Appointment/${booked.id}`,
        headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify({ ...booked, status: 'cancelled', cancelationReason: { text: 'Đổi ý' } }),
      });
      // A confirmed visit is cancelled by the clinic only, as in My Appointments: a conflict.
      outcome(put, 409, 'conflict');
      // And only with the write scope.
      const again = await t.app.inject({
        method: 'PUT',
        url: `/fhir/Appointment/${booked.id}`,
        headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify({ ...booked, status: 'cancelled' }),
      });
      outcome(again, 403);
    });

    it('a lapsed hold frees the place (the deposit holds’ job), and $book of it is a conflict', async () => {
      const p = (await proposedAt(DAYS.fri, '15:00'))!;
      const held = ok(
        await post(
          '/fhir/Appointment/$hold',
          params({ name: 'appointment-resource', resource: withPatient(p, '0912000003') }),
        ),
      );
      expect(await slotComment(DAYS.fri, '15:00')).toBe('2 of 3 places free');
      clock.set(new Date(Date.parse(MONDAY_9AM) + 16 * 60_000));
      try {
        // Tokens last five minutes: a fresh one after the clock moved.
        const later = await tokenOf(['system/Appointment.write', 'system/Slot.read']);
        expect((await offerFreedPlaces({ ...t.app.deps, clock })).released).toBe(1);
        expect(await slotComment(DAYS.fri, '15:00', later)).toBe('3 of 3 places free');
        outcome(
          await post(
            '/fhir/Appointment/$book',
            params({ name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } }),
            later,
          ),
          409,
          'conflict',
        );
      } finally {
        clock.set(MONDAY_9AM);
      }
    });

    it('answers bad operation input with a 4xx OperationOutcome, never a 5xx', async () => {
      const p = (await proposedAt(DAYS.sat, '10:00'))!;
      const raw = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, type = 'application/fhir+json') =>
        t.app.inject({ method, url, headers: { authorization: `Bearer ${writer}`, 'content-type': type }, payload });
      outcome(await raw('POST', '/fhir/Appointment/$hold', '{not json'), 400);
      outcome(await post('/fhir/Appointment/$hold', params({ name: 'appointment-resource', resource: p })), 400);
      outcome(
        await post('/fhir/Appointment/$hold', params({ name: 'appointment-resource', resource: withPatient(p, '12') })),
        400,
      );
      outcome(
        await post(
          '/fhir/Appointment/$hold',
          params(
            { name: 'appointment-resource', resource: withPatient(p, '0912000009') },
            { name: 'hold-minutes', valueInteger: 60 },
          ),
        ),
        400,
      );
      outcome(
        await post(
          '/fhir/Appointment/$hold',
          params({
            name: 'appointment-resource',
            resource: withPatient({ ...p, id: 'p-1-20270230-0900' }, '0912000009'),
          }),
        ),
        400,
      );
      outcome(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-reference', valueReference: { reference: 'Appointment/999999' } }),
        ),
        404,
      );
      outcome(await post('/fhir/Appointment/$book', params()), 400);
      outcome(
        await raw(
          'PATCH',
          '/fhir/Appointment/1',
          '[{"op":"replace","path":"/start","value":"x"}]',
          'application/json-patch+json',
        ),
        400,
      );
      outcome(await raw('PATCH', '/fhir/Appointment/1', '[]', 'application/fhir+json'), 415);
      outcome(await raw('PUT', '/fhir/Appointment/abc', '{}'), 404);
      outcome(
        await raw('PUT', '/fhir/Appointment/1', '{"resourceType":"Appointment","id":"1","status":"booked"}'),
        400,
      );
      outcome(
        await raw(
          'PUT',
          '/fhir/Appointment/999999',
          '{"resourceType":"Appointment","id":"999999","status":"cancelled"}',
        ),
        404,
      );
    });

    it('30 clients booking the last places of a slot at once: exactly the capacity succeeds, the rest 409', async () => {
      const p = (await proposedAt(DAYS.sat, '09:00'))!;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(
            '/fhir/Appointment/$book',
            params({ name: 'appointment-resource', resource: withPatient(p, `09130000${String(i).padStart(2, '0')}`) }),
            writer,
            i % 2 && other ? other.app : t.app,
          ),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(27);
      for (const r of answers.filter((x) => x.statusCode === 409)) outcome(r, 409, 'conflict');
      expect(await slotComment(DAYS.sat, '09:00')).toBe('0 of 3 places free');
    });
  });
}
