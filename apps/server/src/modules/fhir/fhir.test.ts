import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { RESOURCES } from './resources';
import {
  assertion,
  JWT_BEARER,
  type KeyPair,
  newKeyPair,
  seedCarePlan,
  seedConsent,
  tokenRequest,
  validate,
} from '../../../test/fhir';

type Bundle = {
  resourceType: 'Bundle';
  total: number;
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: { resourceType: string; id: string } & Record<string, unknown> }[];
};

for (const kind of dbKinds()) {
  describe(`FHIR R4 endpoint [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    let key: KeyPair;
    let token = '';
    const CLIENT = 'emr.example.vn';
    const aud = () => `${t.config.publicUrl}/fhir/auth/token`;
    const ids: Record<string, number> = {};

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
    const bundle = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const b = res.json() as Bundle;
      validate(b);
      for (const e of b.entry ?? []) validate(e.resource);
      return b;
    };
    const outcome = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const body = res.json();
      expect(body.resourceType).toBe('OperationOutcome');
      validate(body);
      return body as { issue: { code: string; diagnostics: string }[] };
    };

    async function register(clientId: string, scopes: string[], pair: KeyPair) {
      const res = await call(t.app, s.admin, 'POST', '/api/fhir-clients', {
        name: `Hệ thống ${clientId}`,
        clientId,
        jwks: pair.jwks,
        scopes,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; clientId: string };
    }
    async function tokenFor(clientId: string, pair: KeyPair, scope: string) {
      const res = await tokenRequest(t.app, {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: JWT_BEARER,
        client_assertion: await assertion(pair, { clientId, aud: aud(), now: clock.now() }),
      });
      return res;
    }

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      key = await newKeyPair('RS384');
      await register(CLIENT, ['system/*.read', 'system/AuditEvent.read'], key);
      const res = await tokenFor(
        CLIENT,
        key,
        'system/Patient.read system/Appointment.read system/*.read system/AuditEvent.read',
      );
      expect(res.statusCode, res.body).toBe(200);
      token = res.json().access_token;
      // Her account's visits this week: a confirmed one with the general practitioner, a cancelled one.
      ids.booked = (
        await seedAppointment(db(), {
          userId: s.patient.userId,
          doctorId: s.doctor.userId,
          status: 'CONFIRMED',
          appointmentDate: DAYS.wed,
          appointmentTime: '09:00',
        })
      ).id;
      ids.cancelled = (
        await seedAppointment(db(), {
          userId: s.patient.userId,
          status: 'CANCELLED',
          cancelReason: 'Bận việc',
          appointmentDate: DAYS.thu,
          appointmentTime: '14:00',
        })
      ).id;
      ids.walkIn = (
        await seedAppointment(db(), { status: 'PENDING', appointmentDate: DAYS.wed, appointmentTime: '09:00' })
      ).id;
      // Her care plan, the consent she gave with a booking (every resource type has something to serve).
      await seedCarePlan(db(), {
        userId: s.patient.userId,
        visits: [{ label: 'Khám lần đầu', windowStart: DAYS.mon, windowEnd: DAYS.sun, appointmentId: ids.booked }],
      });
      await seedConsent(db(), { userId: s.patient.userId, appointmentId: ids.booked });
      ids.restricted = (
        await seedAppointment(db(), { status: 'COMPLETED', restricted: true, appointmentDate: DAYS.tue })
      ).id;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('answers a valid CapabilityStatement naming every resource and search parameter it serves, without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/fhir/metadata' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const cs = res.json();
      validate(cs);
      expect(cs.fhirVersion).toBe('4.0.1');
      const served = cs.rest[0].resource as {
        type: string;
        searchParam: { name: string }[];
        interaction: { code: string }[];
      }[];
      expect(served.map((r) => r.type).sort()).toEqual(RESOURCES.map((r) => r.type).sort());
      for (const r of RESOURCES) {
        const row = served.find((x) => x.type === r.type)!;
        expect(row.searchParam.map((p) => p.name)).toEqual(r.searchParams.map((p) => p.name));
        // Appointment is also cancelled by a status change (fhir-booking.test.ts).
        expect(row.interaction.map((i) => i.code).sort()).toEqual(
          r.type === 'Appointment' ? ['patch', 'read', 'search-type', 'update'] : ['read', 'search-type'],
        );
      }
      const smart = await t.app.inject({ method: 'GET', url: '/fhir/.well-known/smart-configuration' });
      expect(smart.statusCode).toBe(200);
      expect(smart.json().token_endpoint).toBe(aud());
      expect(smart.json().token_endpoint_auth_signing_alg_values_supported).toEqual(['RS384', 'ES384']);
    });

    it('serves every resource type, searched and read, valid FHIR R4 over the demo data', async () => {
      for (const r of RESOURCES) {
        const url = r.type === 'Slot' ? `/fhir/Slot?start=ge${DAYS.mon}&start=le${DAYS.tue}` : `/fhir/${r.type}`;
        const b = await bundle(url);
        expect(b.total, r.type).toBeGreaterThan(0);
        const first = b.entry![0]!.resource;
        const read = await get(`/fhir/${r.type}/${first.id}`);
        expect(read.statusCode, read.body).toBe(200);
        validate(read.json());
        expect(read.json()).toEqual(first);
      }
    });

    it('validates every status of the demo appointments as FHIR R4, each mapped', async () => {
      for (const status of ['pending', 'booked', 'fulfilled', 'cancelled', 'noshow']) {
        const b = await bundle(`/fhir/Appointment?status=${status}&_count=100`);
        expect(b.total, status).toBeGreaterThan(0);
        for (const e of b.entry ?? []) expect(e.resource.status).toBe(status);
      }
      await bundle('/fhir/Patient?_count=100');
      await bundle('/fhir/Practitioner?_count=100');
      await bundle('/fhir/PractitionerRole?_count=100');
    });

    it('maps an appointment: status, times with the clinic’s offset, patient, doctor and department', async () => {
      const a = (await get(`/fhir/Appointment/${ids.booked}`)).json();
      expect(a.status).toBe('booked');
      expect(a.start).toBe(`${DAYS.wed}T09:00:00+07:00`);
      expect(a.end).toBe(`${DAYS.wed}T09:30:00+07:00`);
      const actors = a.participant.map((p: { actor: { reference?: string } }) => p.actor.reference);
      expect(actors).toContain(`Patient/${s.patient.userId}`);
      expect(actors).toContain(`Practitioner/${s.doctor.userId}`);
      expect(a.serviceType[0].coding[0].code).toBe('GENERAL_PRACTICE');
      const c = (await get(`/fhir/Appointment/${ids.cancelled}`)).json();
      expect(c.status).toBe('cancelled');
      expect(c.cancelationReason.text).toBe('Bận việc');
      // A restricted record is not served.
      outcome(await get(`/fhir/Appointment/${ids.restricted}`), 404);
    });

    it('searches appointments by date, patient, practitioner, status and department', async () => {
      const idsOf = (b: Bundle) => (b.entry ?? []).map((e) => Number(e.resource.id));
      const week = `date=ge${DAYS.mon}&date=le${DAYS.sun}`;
      expect(idsOf(await bundle(`/fhir/Appointment?${week}&patient=Patient/${s.patient.userId}`))).toEqual([
        ids.booked,
        ids.cancelled,
      ]);
      expect(idsOf(await bundle(`/fhir/Appointment?${week}&practitioner=${s.doctor.userId}`))).toContain(ids.booked);
      expect(idsOf(await bundle(`/fhir/Appointment?${week}&status=cancelled`))).toEqual([ids.cancelled]);
      const wed = idsOf(
        await bundle(`/fhir/Appointment?date=${DAYS.wed}&service-type=GENERAL_PRACTICE&status=booked,pending`),
      );
      expect(wed).toEqual(expect.arrayContaining([ids.booked, ids.walkIn]));
      expect(
        idsOf(await bundle(`/fhir/Appointment?date=ge${DAYS.wed}T09:30:00%2B07:00&date=le${DAYS.wed}`)),
      ).not.toContain(ids.booked);
    });

    it('pages a search with _count and next/previous links', async () => {
      const first = await bundle('/fhir/Practitioner?_count=3');
      expect(first.entry).toHaveLength(3);
      expect(first.total).toBeGreaterThan(3);
      const next = first.link.find((l) => l.relation === 'next')!.url;
      const second = await bundle(new URL(next).pathname + new URL(next).search);
      expect(second.entry![0]!.resource.id).not.toBe(first.entry![0]!.resource.id);
      expect(second.link.some((l) => l.relation === 'previous')).toBe(true);
    });

    it('finds a patient by phone, name and identifier, and shows the slots of a department free or busy', async () => {
      const me = (await get(`/fhir/Patient/${s.patient.userId}`)).json();
      const phone = me.telecom?.find((x: { system: string }) => x.system === 'phone')?.value as string | undefined;
      if (phone)
        expect((await bundle(`/fhir/Patient?phone=${encodeURIComponent(phone)}`)).entry![0]!.resource.id).toBe(me.id);
      expect((await bundle(`/fhir/Patient?identifier=${me.identifier[0].value}`)).total).toBe(1);
      expect((await bundle(`/fhir/Patient?name=${encodeURIComponent(me.name[0].family)}`)).total).toBeGreaterThan(0);
      // General practice's Wednesday 09:00 holds two bookings of three places.
      const gp = (await bundle('/fhir/HealthcareService')).entry!.find(
        (e) => (e.resource.type as { coding: { code: string }[] }[])[0]!.coding[0]!.code === 'GENERAL_PRACTICE',
      )!.resource.id;
      const day = await bundle(`/fhir/Slot?schedule=Schedule/${gp}&start=${DAYS.wed}&_count=100`);
      expect(day.total).toBe(16);
      const nine = day.entry!.find((e) => e.resource.start === `${DAYS.wed}T09:00:00+07:00`)!.resource;
      expect(nine.status).toBe('free');
      expect(nine.comment).toBe('1 of 3 places free');
      const read = (await get(`/fhir/Slot/${nine.id}`)).json();
      expect(read).toEqual(nine);
    });

    it('writes an access record naming the client for each health record read', async () => {
      await get(`/fhir/Appointment/${ids.booked}`);
      const res = await call(t.app, s.admin, 'GET', `/api/privacy/access-log?appointmentId=${ids.booked}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().items as { actorName: string; actorRole: string; outcome: string }[];
      expect(rows[0]).toMatchObject({ actorName: `Hệ thống ${CLIENT}`, actorRole: 'FHIR_CLIENT', outcome: 'READ' });
    });

    it("writes one access record for each Appointment of a search page, written together, and the log's chain holds", async () => {
      const page = await bundle('/fhir/Appointment?_count=5');
      const read = page.entry!.map((e) => Number(e.resource.id));
      expect(read.length).toBe(5);
      for (const id of read) {
        const res = await call(t.app, s.admin, 'GET', `/api/privacy/access-log?appointmentId=${id}`);
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().items as {
          actorName: string;
          actorRole: string;
          outcome: string;
          subjectName: string;
        }[];
        expect(rows[0]).toMatchObject({ actorName: `Hệ thống ${CLIENT}`, actorRole: 'FHIR_CLIENT', outcome: 'READ' });
        expect(rows[0]!.subjectName).toBeTruthy();
      }
      const verified = await call(t.app, s.admin, 'GET', '/api/privacy/access-log/verify');
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ broken: null });
    });

    it('answers bad input with a 4xx OperationOutcome, never a 5xx', async () => {
      outcome(await get('/fhir/Observation'), 404);
      outcome(await get('/fhir/Patient/999999'), 404);
      outcome(await get('/fhir/Patient/not_an-id!'), 404);
      outcome(await get('/fhir/Patient?birthdate=2000-01-01'), 400);
      outcome(await get('/fhir/Patient?name=a%00b'), 400);
      outcome(await get('/fhir/Patient?phone=%00'), 400);
      outcome(await get(`/fhir/Patient?name=${'x'.repeat(300)}`), 400);
      outcome(await get('/fhir/Appointment?date=yesterday'), 400);
      outcome(await get('/fhir/Appointment?date=2027-02-30'), 400);
      outcome(await get('/fhir/Appointment?status=maybe'), 400);
      outcome(await get('/fhir/Appointment?patient=Practitioner/1'), 400);
      outcome(await get('/fhir/Practitioner?_count=1000'), 400);
      outcome(await get(`/fhir/Slot?start=ge${DAYS.mon}&start=le2027-06-01`), 400);
      outcome(await get('/fhir/Patient?_format=xml'), 406);
      outcome(await get('/fhir/metadata', { accept: 'application/fhir+xml' }), 406);
      expect((await get('/fhir/Patient', { accept: 'application/json' })).statusCode).toBe(200);
    });
  });
}
