import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { registerAndAsk, seedCarePlan, seedConsent, validate } from '../../../test/fhir';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Issue 38, second part: Encounter, CarePlan, Consent and AuditEvent over the product's own tables,
 * and a signed-in patient's own token.
 */

type Entry = { fullUrl: string; resource: { resourceType: string; id: string } & Record<string, unknown> };
type Bundle = { resourceType: 'Bundle'; total: number; link: { relation: string; url: string }[]; entry?: Entry[] };

for (const kind of dbKinds()) {
  describe(`FHIR visits, plans, consents and the access log [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const tokens: Record<'all' | 'wildcard' | 'appointments', string> = { all: '', wildcard: '', appointments: '' };
    const ids: Record<string, number> = {};
    let lan = 0;

    const get = (token: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const bundleWith = async (token: string, url: string) => {
      const res = await get(token, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const b = res.json() as Bundle;
      validate(b);
      for (const e of b.entry ?? []) validate(e.resource);
      return b;
    };
    const bundle = (url: string) => bundleWith(tokens.all, url);
    const read = async (url: string, token = tokens.all) => {
      const res = await get(token, url);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      validate(r);
      return r;
    };
    const outcome = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      const body = res.json();
      expect(body.resourceType).toBe('OperationOutcome');
      validate(body);
      return body as { issue: { code: string; diagnostics: string }[] };
    };
    const idsOf = (b: Bundle) => (b.entry ?? []).map((e) => Number(e.resource.id));

    const clientToken = (clientId: string, granted: string[], scope: string) =>
      registerAndAsk(t, s.admin, { clientId, scopes: granted, scope });
    const accessLog = async (query: string) => {
      const res = await call(t.app, s.admin, 'GET', `/api/privacy/access-log?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as {
        actorName: string;
        actorRole: string;
        target: string;
        outcome: string;
        subjectName: string | null;
      }[];
    };
    const accessRecordCount = async () =>
      rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from access_records`))[0]!.n;

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      const all = await clientToken(
        'emr.example.vn',
        ['system/*.read', 'system/AuditEvent.read'],
        'system/*.read system/AuditEvent.read',
      );
      expect(all.statusCode, all.body).toBe(200);
      tokens.all = all.json().access_token;
      const wildcard = await clientToken('booking.example.vn', ['system/*.read'], 'system/*.read');
      tokens.wildcard = wildcard.json().access_token;
      const appts = await clientToken('calendar.example.vn', ['system/Appointment.read'], 'system/Appointment.read');
      tokens.appointments = appts.json().access_token;

      // Another patient, Lan, with her own visit and plan.
      lan = (
        await db()
          .insert(users)
          .values({
            username: 'tranthilan',
            email: 'lan@example.vn',
            passwordHash: 'not-a-hash',
            role: 'PATIENT',
            fullName: 'Trần Thị Lan',
          })
          .returning({ id: users.id })
      )[0]!.id;

      const seed = (o: Parameters<typeof seedAppointment>[1]) => seedAppointment(db(), o).then((a) => a.id);
      ids.seen = await seed({
        userId: s.patient.userId,
        doctorId: s.doctor.userId,
        status: 'COMPLETED',
        appointmentDate: DAYS.mon,
        appointmentTime: '08:00',
      });
      ids.toPay = await seed({
        userId: s.patient.userId,
        doctorId: s.doctor.userId,
        status: 'NEEDS_PAYMENT',
        appointmentDate: DAYS.mon,
        appointmentTime: '08:30',
      });
      ids.coming = await seed({
        userId: s.patient.userId,
        doctorId: s.doctor.userId,
        status: 'CONFIRMED',
        appointmentDate: DAYS.thu,
        appointmentTime: '10:00',
      });
      ids.walkIn = await seed({
        fullName: 'Lê Thị Hồng',
        phone: '0987654321',
        email: 'hong@example.vn',
        status: 'COMPLETED',
        appointmentDate: DAYS.mon,
        appointmentTime: '08:00',
      });
      ids.lanSeen = await seed({
        userId: lan,
        status: 'COMPLETED',
        appointmentDate: DAYS.mon,
        appointmentTime: '08:00',
      });

      ids.plan = await seedCarePlan(db(), {
        userId: s.patient.userId,
        email: 'patient@example.com',
        visits: [
          { label: 'Khám lần đầu', windowStart: '2027-02-22', windowEnd: '2027-03-01', appointmentId: ids.seen },
          { label: 'Siêu âm', windowStart: '2027-03-01', windowEnd: '2027-03-07', appointmentId: ids.coming },
          { label: 'Tái khám', windowStart: '2027-03-15', windowEnd: '2027-03-21' },
          { label: 'Xét nghiệm', windowStart: '2027-03-22', windowEnd: '2027-03-28', skipReason: 'Không cần' },
        ],
      });
      ids.lanPlan = await seedCarePlan(db(), {
        userId: lan,
        fullName: 'Trần Thị Lan',
        email: 'lan@example.vn',
        status: 'STOPPED',
        visits: [
          { label: 'Khám lần đầu', windowStart: '2027-02-22', windowEnd: '2027-03-01', appointmentId: ids.lanSeen },
        ],
      });
      ids.walkInPlan = await seedCarePlan(db(), {
        fullName: 'Lê Thị Hồng',
        phone: '0987654321',
        status: 'COMPLETED',
        visits: [{ label: 'Khám lần đầu', windowStart: '2027-02-15', windowEnd: '2027-02-21' }],
      });

      ids.walkInConsent = await seedConsent(db(), {
        appointmentId: ids.walkIn,
        email: 'hong@example.vn',
        phone: '0987654321',
      });
      ids.marketing = await seedConsent(db(), {
        purpose: 'MARKETING',
        source: 'NEWSLETTER',
        channel: 'ACCOUNT',
        userId: s.patient.userId,
        email: 'patient@example.com',
        withdrawnAt: new Date('2027-02-25T03:00:00Z'),
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('names the four new resources, their search parameters and interactions in the CapabilityStatement', async () => {
      const cs = (await t.app.inject({ method: 'GET', url: '/fhir/metadata' })).json();
      validate(cs);
      const served = cs.rest[0].resource as { type: string; searchParam: { name: string }[] }[];
      const params = (type: string) => served.find((r) => r.type === type)?.searchParam.map((p) => p.name);
      expect(params('Encounter')).toEqual(['_id', 'date', 'patient', 'practitioner', 'status']);
      expect(params('CarePlan')).toEqual(['_id', 'patient', 'status']);
      expect(params('Consent')).toEqual(['_id', 'patient']);
      expect(params('AuditEvent')).toEqual(['_id', 'date', 'agent-name', 'entity']);
    });

    it('serves a visit that took place as an Encounter: her, the doctor, the department, the time, the appointment', async () => {
      const e = await read(`/fhir/Encounter/${ids.seen}`);
      expect(e).toMatchObject({
        status: 'finished',
        class: { code: 'AMB' },
        subject: { reference: `Patient/${s.patient.userId}` },
        appointment: [{ reference: `Appointment/${ids.seen}` }],
        period: { start: `${DAYS.mon}T08:00:00+07:00`, end: `${DAYS.mon}T08:30:00+07:00` },
      });
      expect(e.participant[0].individual.reference).toBe(`Practitioner/${s.doctor.userId}`);
      expect(e.serviceType.coding[0].code).toBe('GENERAL_PRACTICE');
      // A visit whose payment is asked took place too; one still to come is no Encounter.
      expect((await read(`/fhir/Encounter/${ids.toPay}`)).status).toBe('finished');
      outcome(await get(tokens.all, `/fhir/Encounter/${ids.coming}`), 404);
      // Someone who booked without an account: the Patient of that booking.
      const walkIn = await read(`/fhir/Encounter/${ids.walkIn}`);
      expect(walkIn.subject).toEqual({ reference: `Patient/booking-${ids.walkIn}`, display: 'Lê Thị Hồng' });
      expect((await read(`/fhir/Patient/booking-${ids.walkIn}`)).name[0].text).toBe('Lê Thị Hồng');
    });

    it('searches encounters by patient, date, practitioner and status, and pages them', async () => {
      const mine = idsOf(await bundle(`/fhir/Encounter?patient=Patient/${s.patient.userId}&date=${DAYS.mon}`));
      expect(mine).toEqual([ids.seen, ids.toPay]);
      expect(idsOf(await bundle(`/fhir/Encounter?practitioner=${s.doctor.userId}&date=ge${DAYS.mon}`))).toEqual([
        ids.seen,
        ids.toPay,
      ]);
      expect((await bundle(`/fhir/Encounter?date=${DAYS.mon}&status=finished`)).total).toBe(4);
      expect((await bundle(`/fhir/Encounter?date=${DAYS.mon}&status=planned`)).total).toBe(0);
      outcome(await get(tokens.all, '/fhir/Encounter?status=done'), 400);
      outcome(await get(tokens.all, '/fhir/Encounter?date=tomorrow'), 400);
      const first = await bundle(`/fhir/Encounter?date=${DAYS.mon}&_count=1`);
      expect(first.total).toBe(4);
      const next = new URL(first.link.find((l) => l.relation === 'next')!.url);
      const second = await bundle(next.pathname + next.search);
      expect(second.entry![0]!.resource.id).not.toBe(first.entry![0]!.resource.id);
    });

    it('serves a care plan: status, intent, her, its period and one activity per visit with its window and state', async () => {
      const p = await read(`/fhir/CarePlan/${ids.plan}`);
      expect(p).toMatchObject({
        status: 'active',
        intent: 'plan',
        subject: { reference: `Patient/${s.patient.userId}` },
        period: { start: '2027-02-22', end: '2027-03-28' },
      });
      const activities = p.activity as {
        outcomeReference?: { reference: string }[];
        detail: { status: string; scheduledPeriod: { start: string; end: string }; code: { text: string } };
      }[];
      expect(activities.map((a) => a.detail.status)).toEqual(['completed', 'scheduled', 'not-started', 'cancelled']);
      expect(activities[0]!.detail.scheduledPeriod).toEqual({ start: '2027-02-22', end: '2027-03-01' });
      expect(activities[1]!.outcomeReference).toEqual([{ reference: `Appointment/${ids.coming}` }]);
      expect(activities[2]!.outcomeReference).toBeUndefined();
      expect((await read(`/fhir/CarePlan/${ids.lanPlan}`)).status).toBe('revoked');
      const walkIn = await read(`/fhir/CarePlan/${ids.walkInPlan}`);
      expect(walkIn.status).toBe('completed');
      expect(walkIn.subject).toEqual({ reference: '#patient' });
      expect(idsOf(await bundle(`/fhir/CarePlan?patient=Patient/${lan}`))).toEqual([ids.lanPlan]);
      expect(idsOf(await bundle('/fhir/CarePlan?status=revoked,completed'))).toEqual([ids.lanPlan, ids.walkInPlan]);
      const page = await bundle('/fhir/CarePlan?_count=2');
      expect(page.total).toBe(3);
      const next = new URL(page.link.find((l) => l.relation === 'next')!.url);
      expect(idsOf(await bundle(next.pathname + next.search))).toEqual([ids.walkInPlan]);
      outcome(await get(tokens.all, '/fhir/CarePlan?status=running'), 400);
      outcome(await get(tokens.all, '/fhir/CarePlan/999999'), 404);
    });

    it('serves the recorded consents: active or withdrawn, privacy scope, her, the date, the policy', async () => {
      const walkIn = await read(`/fhir/Consent/${ids.walkInConsent}`);
      expect(walkIn).toMatchObject({
        status: 'active',
        scope: { coding: [{ code: 'patient-privacy' }] },
        patient: { reference: `Patient/booking-${ids.walkIn}`, display: 'Lê Thị Hồng' },
        dateTime: '2027-02-20T03:00:00.000Z',
        provision: { type: 'permit', purpose: [{ code: 'TREAT' }] },
      });
      expect(walkIn.contained).toBeUndefined();
      expect(walkIn.policy[0].uri).toContain('/chinh-sach-bao-mat');
      const mine = await bundle(`/fhir/Consent?patient=Patient/${s.patient.userId}`);
      expect(idsOf(mine)).toEqual([ids.marketing]);
      expect(mine.entry![0]!.resource).toMatchObject({
        status: 'inactive',
        patient: { reference: `Patient/${s.patient.userId}` },
        provision: { purpose: [{ code: 'HMARKT' }] },
      });
      // A restricted record (kept after its patient's deletion) lends the consent no name.
      const restricted = await seedAppointment(db(), {
        fullName: 'Phạm Thị Kín',
        status: 'COMPLETED',
        restricted: true,
      });
      const kept = await read(`/fhir/Consent/${await seedConsent(db(), { appointmentId: restricted.id })}`);
      expect(JSON.stringify(kept)).not.toContain('Phạm Thị Kín');
    });

    it('writes an access record naming the client for each read of a visit, a plan or a consent', async () => {
      await read(`/fhir/Encounter/${ids.toPay}`);
      expect((await accessLog(`appointmentId=${ids.toPay}`))[0]).toMatchObject({
        actorName: 'Hệ thống emr.example.vn',
        actorRole: 'FHIR_CLIENT',
        outcome: 'READ',
      });
      await read(`/fhir/CarePlan/${ids.lanPlan}`);
      expect((await accessLog('email=lan@example.vn'))[0]).toMatchObject({
        actorName: 'Hệ thống emr.example.vn',
        target: 'PATIENT_DETAIL',
        subjectName: 'Trần Thị Lan',
      });
      await read(`/fhir/Consent/${ids.walkInConsent}`);
      expect((await accessLog('email=hong@example.vn'))[0]).toMatchObject({
        actorName: 'Hệ thống emr.example.vn',
        outcome: 'READ',
      });
    });

    it('serves the access log as AuditEvents, only to a client granted AuditEvent by name', async () => {
      await read(`/fhir/Encounter/${ids.walkIn}`);
      const b = await bundle(
        `/fhir/AuditEvent?entity=Appointment/${ids.walkIn}&agent-name=emr.example&date=${DAYS.mon}`,
      );
      expect(b.total).toBeGreaterThan(0);
      const ev = b.entry![0]!.resource;
      expect(ev).toMatchObject({
        action: 'R',
        outcome: '0',
        agent: [{ name: 'Hệ thống emr.example.vn', requestor: true }],
        entity: [{ what: { reference: `Appointment/${ids.walkIn}` }, type: { code: 'APPOINTMENT_DETAIL' } }],
      });
      expect(await read(`/fhir/AuditEvent/${ev.id}`)).toEqual(ev);
      expect((await bundle('/fhir/AuditEvent?date=lt2020-01-01')).total).toBe(0);
      outcome(await get(tokens.all, '/fhir/AuditEvent?date=soon'), 400);
      // system/*.read does not reach the access log, nor can such a client ask for it.
      outcome(await get(tokens.wildcard, '/fhir/AuditEvent'), 403);
      outcome(await get(tokens.wildcard, `/fhir/AuditEvent/${ev.id}`), 403);
      const asked = await clientToken('lab.example.vn', ['system/*.read'], 'system/AuditEvent.read');
      expect(asked.statusCode, asked.body).toBe(400);
      expect(asked.json().error).toBe('invalid_scope');
      // …while it reads the rest.
      expect((await bundleWith(tokens.wildcard, '/fhir/Encounter')).total).toBeGreaterThan(0);
    });

    it('refuses a client without the scope with a 403 OperationOutcome, recorded as refused', async () => {
      for (const url of [
        `/fhir/Encounter/${ids.seen}`,
        '/fhir/Encounter',
        `/fhir/CarePlan/${ids.plan}`,
        '/fhir/Consent',
        '/fhir/AuditEvent',
      ])
        outcome(await get(tokens.appointments, url), 403);
      expect((await accessLog(`appointmentId=${ids.seen}`))[0]).toMatchObject({
        actorName: 'Hệ thống calendar.example.vn',
        outcome: 'REFUSED',
      });
    });

    it('lets a signed-in patient read her own Patient, Appointments, Encounters and CarePlans with her session token', async () => {
      const token = s.patient.token;
      const before = await accessRecordCount();
      expect((await read(`/fhir/Patient/${s.patient.userId}`, token)).id).toBe(String(s.patient.userId));
      expect((await read(`/fhir/Appointment/${ids.coming}`, token)).status).toBe('booked');
      expect((await read(`/fhir/Encounter/${ids.seen}`, token)).status).toBe('finished');
      expect((await read(`/fhir/CarePlan/${ids.plan}`, token)).status).toBe('active');
      const patients = await bundleWith(token, '/fhir/Patient');
      expect(idsOf(patients)).toEqual([s.patient.userId]);
      const appointments = await bundleWith(token, '/fhir/Appointment?_count=100');
      expect(appointments.total).toBeGreaterThan(0);
      for (const e of appointments.entry!)
        expect((e.resource.participant as { actor: { reference?: string } }[]).map((p) => p.actor.reference)).toContain(
          `Patient/${s.patient.userId}`,
        );
      expect(idsOf(await bundleWith(token, `/fhir/Encounter?date=${DAYS.mon}`))).toEqual([ids.seen, ids.toPay]);
      expect(idsOf(await bundleWith(token, `/fhir/CarePlan?patient=Patient/${s.patient.userId}`))).toEqual([ids.plan]);
      // Her reads are not back-office reads: nothing is added to the access log.
      expect(await accessRecordCount()).toBe(before);
    });

    it('never shows a patient another patient’s records, nor what the back office reads', async () => {
      const token = s.patient.token;
      outcome(await get(token, `/fhir/Patient/${lan}`), 404);
      outcome(await get(token, `/fhir/Appointment/${ids.lanSeen}`), 404);
      outcome(await get(token, `/fhir/Encounter/${ids.lanSeen}`), 404);
      outcome(await get(token, `/fhir/CarePlan/${ids.lanPlan}`), 404);
      outcome(await get(token, `/fhir/Encounter/${ids.walkIn}`), 404);
      outcome(await get(token, `/fhir/CarePlan?patient=Patient/${lan}`), 403);
      outcome(await get(token, `/fhir/Appointment?patient=${lan}`), 403);
      outcome(await get(token, `/fhir/Patient?_id=${lan}`), 403);
      outcome(await get(token, '/fhir/Consent'), 403);
      outcome(await get(token, '/fhir/AuditEvent'), 403);
      outcome(await get(token, '/fhir/Practitioner'), 403);
    });

    it('refuses a back-office session token with a 403 OperationOutcome, and a stranger’s with a 401', async () => {
      for (const who of [s.staff, s.doctor, s.admin]) {
        const body = outcome(await get(who.token, `/fhir/Patient/${s.patient.userId}`), 403);
        expect(body.issue[0]!.code).toBe('forbidden');
      }
      outcome(await get('not-a-token', '/fhir/Patient'), 401);
    });
  });
}
