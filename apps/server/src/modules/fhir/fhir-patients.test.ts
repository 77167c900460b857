import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZEN_ID_SYSTEM } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { booking, call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { clientToken, seedConsent, validate } from '../../../test/fhir';
import { validateVnCorePatient, vnCorePatientDifferential, vnCorePatientProfile } from '../../../test/vn-core';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Issue 38: the Patient of a booking made without an account (`booking-{id}`), found where a search
 * asks for her, paged with the accounts, named by her Appointment, Encounter and Consent; and our
 * Patients against VN Core's Patient profile (test/vn-core.ts).
 */

type Res = { resourceType: string; id: string } & Record<string, unknown>;
type Bundle = { total: number; link: { relation: string; url: string }[]; entry?: { resource: Res }[] };
type Identifier = { use?: string; type?: unknown; system?: string; value?: string };

const NI = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
      code: 'NI',
      display: 'National unique individual identifier',
    },
  ],
};
/** VN Core's profile must pass and fail on its own rules: each Patient below is valid FHIR R4 first. */
const expectProfileError = (resource: Res, what: RegExp) => {
  validate(resource);
  expect(() => validateVnCorePatient(resource)).toThrow(what);
};
const errorsOf = (issues: { severity?: string }[]) => issues.filter((i) => i.severity === 'error');

describe("VN Core's Patient profile (the fixture, the snapshot built from it)", () => {
  const cccd = { use: 'official', type: NI, system: CITIZEN_ID_SYSTEM, value: '079190001234' };
  const mai: Res = {
    resourceType: 'Patient',
    id: 'x',
    identifier: [cccd],
    name: [{ text: 'Nguyễn Thị Mai', family: 'Nguyễn', given: ['Thị', 'Mai'] }],
  };

  it('is the guide’s StructureDefinition as valid FHIR R4 JSON, a differential over the IPS Patient', () => {
    const sd = vnCorePatientDifferential();
    validate(sd);
    expect(sd).toMatchObject({
      url: 'http://fhir.ehealth.gov.vn/core/StructureDefinition/vn-core-patient',
      baseDefinition: 'http://hl7.org/fhir/uv/ips/StructureDefinition/Patient-uv-ips',
    });
    expect(sd.snapshot).toBeUndefined();
    const cccdSlice = sd.differential!.element.filter((e) => e.id.startsWith('Patient.identifier:TheCCCD'));
    expect(cccdSlice.map((e) => e.id)).toEqual([
      'Patient.identifier:TheCCCD',
      'Patient.identifier:TheCCCD.use',
      'Patient.identifier:TheCCCD.type',
      'Patient.identifier:TheCCCD.system',
      'Patient.identifier:TheCCCD.value',
    ]);
  });

  it('drops only the discriminator no slice fixes (identifier by value), and passes a Patient that follows it', () => {
    expect(vnCorePatientProfile().dropped).toEqual(['Patient.identifier: discriminator value value']);
    expect(errorsOf(validateVnCorePatient(mai))).toEqual([]);
  });

  it('fails a citizen ID whose use is not official, whose type is not NI, or without its value', () => {
    expectProfileError({ ...mai, identifier: [{ ...cccd, use: 'secondary' }] }, /vn-core-TheCCCD/);
    expectProfileError(
      { ...mai, identifier: [{ ...cccd, type: { coding: [{ ...NI.coding[0], code: 'PPN' }] } }] },
      /vn-core-TheCCCD/,
    );
    const { value: _, ...noValue } = cccd;
    expectProfileError({ ...mai, identifier: [noValue] }, /vn-core-TheCCCD/);
  });

  it('fails two citizen IDs (the slice takes one) and a name without its text', () => {
    expectProfileError({ ...mai, identifier: [cccd, { ...cccd, value: '079190009999' }] }, /slice 'TheCCCD'/);
    expectProfileError(
      { ...mai, name: [{ family: 'Nguyễn', given: ['Thị', 'Mai'] }] },
      /Missing required property.*Patient\.name\[0\]\.text/,
    );
  });
});

for (const kind of dbKinds()) {
  describe(`FHIR Patient of a booking made without an account [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const base = () => `${t.config.publicUrl}/fhir`;
    const PHONE = '0399000111';
    const DESK_CCCD = '001099000888';
    const MAI_CCCD = '079190005555';
    const tokens = { all: '', appointments: '' };
    const ids: Record<string, number> = {};

    const get = (url: string, token = tokens.all) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const bundle = async (url: string, token = tokens.all) => {
      const res = await get(url, token);
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json() as Bundle;
      validate(b);
      for (const e of b.entry ?? []) {
        validate(e.resource);
        if (e.resource.resourceType === 'Patient') expect(errorsOf(validateVnCorePatient(e.resource))).toEqual([]);
      }
      return b;
    };
    const read = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as Res;
      validate(r);
      if (r.resourceType === 'Patient') expect(errorsOf(validateVnCorePatient(r))).toEqual([]);
      return r;
    };
    const outcome = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().resourceType).toBe('OperationOutcome');
      validate(res.json());
    };
    const idsOf = (b: Bundle) => (b.entry ?? []).map((e) => e.resource.id);
    const accessLog = async (query: string) => {
      const res = await call(t.app, s.admin, 'GET', `/api/privacy/access-log?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Record<string, unknown>[];
    };

    const tokenFor = (clientId: string, scope: string) => clientToken(t, s.admin, { clientId, scopes: [scope] });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      tokens.all = await tokenFor('emr.example.vn', 'system/*.read');
      tokens.appointments = await tokenFor('calendar.example.vn', 'system/Appointment.read');

      // Mai has an account with this phone and her citizen ID, and booked three times without signing in.
      ids.mai = (
        await db()
          .insert(users)
          .values({
            username: 'nguyenthimai',
            email: 'mai@example.vn',
            passwordHash: 'not-a-hash',
            role: 'PATIENT',
            fullName: 'Nguyễn Thị Mai',
            phone: PHONE,
            citizenId: MAI_CCCD,
          })
          .returning({ id: users.id })
      )[0]!.id;
      const seed = (o: Parameters<typeof seedAppointment>[1]) =>
        seedAppointment(db(), { phone: PHONE, appointmentDate: DAYS.mon, ...o }).then((a) => a.id);
      ids.g1 = await seed({ fullName: 'Nguyễn Thị Mai', email: 'mai@example.vn', appointmentTime: '08:00' });
      ids.g2 = await seed({ fullName: 'Mai Nguyễn', email: null, appointmentTime: '08:30' });
      ids.g3 = await seed({ fullName: 'Nguyễn T. Mai', email: null, status: 'COMPLETED', appointmentTime: '09:00' });
      // With the same phone, none of these is a Patient of its own.
      ids.signedIn = await seed({ fullName: 'Nguyễn Thị Mai', userId: ids.mai, appointmentTime: '09:30' });
      ids.restricted = await seed({ fullName: 'Nguyễn Thị Kín', restricted: true, appointmentTime: '10:00' });
      ids.erased = await seed({ fullName: 'Đã xóa', deidentifiedAt: clock.now(), appointmentTime: '10:30' });
      // The demo patient's own booking, signed in.
      ids.demoPatient = await seed({ phone: '0399000222', userId: s.patient.userId, appointmentTime: '11:00' });

      // The desk books someone without an account and records her citizen ID.
      const { consentHealthData: _, ...fields } = booking({
        fullName: 'Phạm Thị Hạnh',
        email: null,
        phone: '0913000088',
        appointmentDate: DAYS.wed,
        appointmentTime: '10:00',
      });
      const desk = await call(t.app, s.staff, 'POST', '/api/appointments/desk', {
        ...fields,
        consentInPerson: true,
        citizenId: DESK_CCCD,
      });
      expect(desk.statusCode, desk.body).toBe(201);
      ids.desk = desk.json().appointment.id;
    }, 120_000);
    afterAll(async () => t?.close());

    it('finds by phone both the account and the people who booked with that phone without one', async () => {
      const b = await bundle(`/fhir/Patient?phone=${PHONE}`);
      expect(idsOf(b)).toEqual([String(ids.mai), `booking-${ids.g1}`, `booking-${ids.g2}`, `booking-${ids.g3}`]);
      expect(b.total).toBe(4);
      expect(b.entry![1]!.resource).toEqual({
        resourceType: 'Patient',
        id: `booking-${ids.g1}`,
        identifier: [{ use: 'secondary', system: `${base()}/sid/booking`, value: String(ids.g1) }],
        name: [{ text: 'Nguyễn Thị Mai', family: 'Nguyễn', given: ['Thị', 'Mai'] }],
        telecom: [
          { system: 'phone', value: PHONE, use: 'mobile' },
          { system: 'email', value: 'mai@example.vn', use: 'home' },
        ],
      });
      expect(idsOf(await bundle(`/fhir/Patient?telecom=%2B84${PHONE.slice(1)}`))).toEqual(idsOf(b));
      expect(idsOf(await bundle('/fhir/Patient?email=MAI@example.vn'))).toEqual([String(ids.mai), `booking-${ids.g1}`]);
      expect(idsOf(await bundle(`/fhir/Patient?phone=${PHONE}&name=${encodeURIComponent('Mai Nguyễn')}`))).toEqual([
        `booking-${ids.g2}`,
      ]);
      // By name alone, in another case: the booking's name as typed, found through its folded search text.
      expect(idsOf(await bundle(`/fhir/Patient?name=${encodeURIComponent('nguyễn t. mai')}`))).toEqual([
        `booking-${ids.g3}`,
      ]);
    });

    it('pages the accounts and the bookings as one list, counted whole', async () => {
      const first = await bundle(`/fhir/Patient?phone=${PHONE}&_count=3`);
      expect(first.total).toBe(4);
      expect(idsOf(first)).toEqual([String(ids.mai), `booking-${ids.g1}`, `booking-${ids.g2}`]);
      const next = new URL(first.link.find((l) => l.relation === 'next')!.url);
      const second = await bundle(next.pathname + next.search);
      expect(second.total).toBe(4);
      expect(idsOf(second)).toEqual([`booking-${ids.g3}`]);
      expect(second.link.map((l) => l.relation)).toEqual(['self', 'previous']);
      expect(idsOf(await bundle(`/fhir/Patient?phone=${PHONE}&_count=2&_offset=1`))).toEqual([
        `booking-${ids.g1}`,
        `booking-${ids.g2}`,
      ]);
      const counted = await bundle(`/fhir/Patient?phone=${PHONE}&_count=0`);
      expect([counted.total, counted.entry]).toEqual([4, undefined]);
      expect(idsOf(await bundle(`/fhir/Patient?phone=${PHONE}&_offset=9`))).toEqual([]);
    });

    it('lists no booking people in a bare search, nor for numeric ids; `_id` booking-… names them', async () => {
      const accounts = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from users where role = 'PATIENT'`),
      )[0]!.n;
      const bare = await bundle('/fhir/Patient?_count=100');
      expect(bare.total).toBe(accounts);
      expect(idsOf(bare).some((id) => id.startsWith('booking-'))).toBe(false);
      expect(idsOf(await bundle(`/fhir/Patient?_id=${ids.mai}`))).toEqual([String(ids.mai)]);
      expect(idsOf(await bundle(`/fhir/Patient?_id=booking-${ids.g2}`))).toEqual([`booking-${ids.g2}`]);
      expect(idsOf(await bundle(`/fhir/Patient?_id=booking-${ids.g3},${ids.mai}`))).toEqual([
        String(ids.mai),
        `booking-${ids.g3}`,
      ]);
      expect((await bundle(`/fhir/Patient?_id=booking-${ids.restricted},booking-abc`)).total).toBe(0);
    });

    it('finds by the citizen ID the desk recorded with a booking without an account, under VN Core’s system', async () => {
      const b = await bundle(`/fhir/Patient?identifier=${encodeURIComponent(`${CITIZEN_ID_SYSTEM}|${DESK_CCCD}`)}`);
      expect(idsOf(b)).toEqual([`booking-${ids.desk}`]);
      const hanh = b.entry![0]!.resource;
      expect(hanh.identifier as Identifier[]).toEqual([
        { use: 'secondary', system: `${base()}/sid/booking`, value: String(ids.desk) },
        { use: 'official', type: NI, system: CITIZEN_ID_SYSTEM, value: DESK_CCCD },
      ]);
      expect(hanh.name).toEqual([{ text: 'Phạm Thị Hạnh', family: 'Phạm', given: ['Thị', 'Hạnh'] }]);
      expect(idsOf(await bundle(`/fhir/Patient?identifier=${DESK_CCCD}`))).toEqual([`booking-${ids.desk}`]);
      expect(
        idsOf(await bundle(`/fhir/Patient?identifier=${encodeURIComponent(`${base()}/sid/booking|${ids.desk}`)}`)),
      ).toEqual([`booking-${ids.desk}`]);
      // Hers on the account is the account's.
      expect(idsOf(await bundle(`/fhir/Patient?identifier=${MAI_CCCD}`))).toEqual([String(ids.mai)]);
      expect(
        (await bundle(`/fhir/Patient?identifier=${encodeURIComponent(`${base()}/sid/patient-account|${DESK_CCCD}`)}`))
          .total,
      ).toBe(0);
    });

    it('reads booking-{id}; a restricted, erased or signed-in booking and a bad id are 404', async () => {
      const g1 = await read(`/fhir/Patient/booking-${ids.g1}`);
      expect(g1.id).toBe(`booking-${ids.g1}`);
      expect((await read(`/fhir/Patient/${ids.mai}`)).identifier as Identifier[]).toContainEqual({
        use: 'official',
        type: NI,
        system: CITIZEN_ID_SYSTEM,
        value: MAI_CCCD,
      });
      for (const id of [ids.restricted, ids.erased, ids.signedIn, 2_147_483_647])
        outcome(await get(`/fhir/Patient/booking-${id}`), 404);
      for (const id of ['booking-abc', 'booking-', 'booking-0', 'booking-2147483648', `booking-${'9'.repeat(55)}`])
        outcome(await get(`/fhir/Patient/${id}`), 404);
    });

    it('names the booking’s Patient in its Appointment, Encounter and Consent, and searches them by it', async () => {
      const a = await read(`/fhir/Appointment/${ids.g1}`);
      expect((a.participant as { actor: unknown }[])[0]!.actor).toEqual({
        reference: `Patient/booking-${ids.g1}`,
        display: 'Nguyễn Thị Mai',
      });
      const byPatient = await bundle(`/fhir/Appointment?patient=Patient/booking-${ids.g1}`);
      expect(idsOf(byPatient)).toEqual([String(ids.g1)]);
      expect((await bundle(`/fhir/Appointment?patient=Patient/booking-${ids.restricted}`)).total).toBe(0);
      expect((await bundle('/fhir/Appointment?patient=Patient/booking-abc')).total).toBe(0);
      // Her account's bookings are hers, not a booking's Patient.
      expect(idsOf(await bundle(`/fhir/Appointment?patient=Patient/${ids.mai}`))).toEqual([String(ids.signedIn)]);

      const e = await read(`/fhir/Encounter/${ids.g3}`);
      expect(e.subject).toEqual({ reference: `Patient/booking-${ids.g3}`, display: 'Nguyễn T. Mai' });
      expect(e.contained).toBeUndefined();
      expect(idsOf(await bundle(`/fhir/Encounter?patient=${base()}/Patient/booking-${ids.g3}`))).toEqual([
        String(ids.g3),
      ]);

      const given = await seedConsent(db(), { appointmentId: ids.g1, phone: PHONE, email: 'mai@example.vn' });
      const c = await read(`/fhir/Consent/${given}`);
      expect(c.patient).toEqual({ reference: `Patient/booking-${ids.g1}`, display: 'Nguyễn Thị Mai' });
      expect(idsOf(await bundle(`/fhir/Consent?patient=Patient/booking-${ids.g1}`))).toEqual([String(given)]);
      // A waiting list's consent has no booking: her details stay contained.
      const waiting = await seedConsent(db(), { source: 'WAITING_LIST', phone: PHONE });
      expect((await read(`/fhir/Consent/${waiting}`)).patient).toEqual({ reference: '#patient' });
    });

    it('writes an access record naming the booking for each booking’s Patient read, and one refused', async () => {
      await read(`/fhir/Patient/booking-${ids.g2}`);
      expect((await accessLog(`appointmentId=${ids.g2}`))[0]).toMatchObject({
        actorName: 'Hệ thống emr.example.vn',
        actorRole: 'FHIR_CLIENT',
        target: 'PATIENT_DETAIL',
        outcome: 'READ',
        subjectName: 'Mai Nguyễn',
      });
      await bundle(`/fhir/Patient?_id=booking-${ids.desk}`);
      expect((await accessLog(`appointmentId=${ids.desk}`))[0]).toMatchObject({
        actorName: 'Hệ thống emr.example.vn',
        outcome: 'READ',
        subjectName: 'Phạm Thị Hạnh',
      });
      outcome(await get(`/fhir/Patient/booking-${ids.g2}`, tokens.appointments), 403);
      expect((await accessLog(`appointmentId=${ids.g2}`))[0]).toMatchObject({
        actorName: 'Hệ thống calendar.example.vn',
        outcome: 'REFUSED',
      });
    });

    it('never lets a patient’s own token reach a booking’s Patient, not even her own signed-in booking', async () => {
      const token = s.patient.token;
      outcome(await get(`/fhir/Patient/booking-${ids.g1}`, token), 404);
      outcome(await get(`/fhir/Patient/booking-${ids.demoPatient}`, token), 404);
      outcome(await get(`/fhir/Patient?_id=booking-${ids.g1}`, token), 403);
      outcome(await get(`/fhir/Appointment?patient=Patient/booking-${ids.g1}`, token), 403);
      const own = await bundle(`/fhir/Patient?phone=${PHONE}`, token);
      expect(idsOf(own).every((id) => id === String(s.patient.userId))).toBe(true);
      // Her signed-in booking is hers as an Appointment of her account.
      expect(idsOf(await bundle(`/fhir/Appointment?_id=${ids.demoPatient}`, token))).toEqual([String(ids.demoPatient)]);
    });
  });
}
