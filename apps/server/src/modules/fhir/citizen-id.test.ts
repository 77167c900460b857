import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CITIZEN_ID_MSG, CITIZEN_ID_SYSTEM } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { booking, call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { clientToken, validate } from '../../../test/fhir';
import { appointments, users } from '../../db/schema';
import { deidentifyAppointments } from '../privacy/privacy.repository';

/** Issue 38: the citizen identification number on her profile, at the desk, in FHIR, in her data and its erasure. */
for (const kind of dbKinds()) {
  describe(`citizen identification number [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const CCCD = '079190001234';
    const profile = { fullName: 'Bệnh nhân Demo' };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('her profile takes 12 digits (spaces between groups dropped), refuses anything else with a message that does not repeat it, and keeps it when absent', async () => {
      for (const wrong of ['12345', '0791900012345', '07919000123a']) {
        const res = await call(t.app, s.patient, 'PUT', '/api/users/profile', { ...profile, citizenId: wrong });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(CITIZEN_ID_MSG.invalid);
        expect(res.body).not.toContain(wrong);
      }
      const saved = await call(t.app, s.patient, 'PUT', '/api/users/profile', {
        ...profile,
        citizenId: '0791 9000 1234',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(t.app, s.patient, 'GET', '/api/users/profile')).json().citizenId).toBe(CCCD);
      // An update without the field leaves it; the users list never shows it.
      await call(t.app, s.patient, 'PUT', '/api/users/profile', profile);
      expect((await call(t.app, s.patient, 'GET', '/api/users/profile')).json().citizenId).toBe(CCCD);
      expect((await call(t.app, s.admin, 'GET', '/api/users?size=100')).body).not.toContain(CCCD);
    });

    it('the desk records it with a booking without an account, and refuses a wrong one with the message', async () => {
      const { consentHealthData: _, ...fields } = booking({
        email: null,
        phone: '0913000001',
        appointmentDate: DAYS.wed,
      });
      const wrong = await call(t.app, s.staff, 'POST', '/api/appointments/desk', {
        ...fields,
        consentInPerson: true,
        citizenId: '1234',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(CITIZEN_ID_MSG.invalid);
      const res = await call(t.app, s.staff, 'POST', '/api/appointments/desk', {
        ...fields,
        consentInPerson: true,
        citizenId: '001099000777',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await db()
        .select({ citizenId: appointments.citizenId })
        .from(appointments)
        .where(eq(appointments.id, res.json().appointment.id));
      expect(row!.citizenId).toBe('001099000777');
      // Not in the appointment as the booking lists show it.
      expect(res.body).not.toContain('001099000777');
      // A deletion's de-identification of the booking removes it with her name and phone.
      await deidentifyAppointments(db(), [res.json().appointment.id], clock.now());
      const [erased] = await db()
        .select({ citizenId: appointments.citizenId, phone: appointments.phone })
        .from(appointments)
        .where(eq(appointments.id, res.json().appointment.id));
      expect(erased).toEqual({ citizenId: null, phone: '' });
    });

    it('FHIR Patient carries it under the VN Core system, valid, and `identifier=<system>|<digits>` finds her', async () => {
      const token = await clientToken(t, s.admin, {
        clientId: 'cccd.example.vn',
        name: 'Hệ thống CCCD',
        scopes: ['system/Patient.read'],
      });
      const headers = { authorization: `Bearer ${token}` };
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

      const found = await get(`/fhir/Patient?identifier=${encodeURIComponent(`${CITIZEN_ID_SYSTEM}|${CCCD}`)}`);
      expect(found.statusCode, found.body).toBe(200);
      const bundle = found.json();
      validate(bundle);
      expect(bundle.total).toBe(1);
      const patient = bundle.entry[0].resource;
      validate(patient);
      expect(patient.id).toBe(String(s.patient.userId));
      expect(patient.identifier).toContainEqual({
        use: 'official',
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NI', display: expect.any(String) },
          ],
        },
        system: CITIZEN_ID_SYSTEM,
        value: CCCD,
      });
      // Without a system it matches too; another number, or the account system with these digits, does not.
      expect((await get(`/fhir/Patient?identifier=${CCCD}`)).json().total).toBe(1);
      expect(
        (await get(`/fhir/Patient?identifier=${encodeURIComponent(`${CITIZEN_ID_SYSTEM}|079190009999`)}`)).json().total,
      ).toBe(0);
      const accountSystem = `${t.config.publicUrl}/fhir/sid/patient-account`;
      expect(
        (await get(`/fhir/Patient?identifier=${encodeURIComponent(`${accountSystem}|${CCCD}`)}`)).json().total,
      ).toBe(0);
      const read = await get(`/fhir/Patient/${s.patient.userId}`);
      validate(read.json());
      expect(JSON.stringify(read.json().identifier)).toContain(CCCD);
    });

    it('her data download includes it, and the erasure of her account removes it', async () => {
      const data = await call(t.app, s.patient, 'GET', '/api/privacy/me/data');
      expect(data.statusCode, data.body).toBe(200);
      expect(data.json().account.citizenId).toBe(CCCD);

      const asked = await call(t.app, s.patient, 'POST', '/api/privacy/me/requests', { kind: 'DELETION' });
      expect(asked.statusCode, asked.body).toBe(201);
      const answered = await call(t.app, s.admin, 'POST', `/api/privacy/requests/${asked.json().request.id}/answer`, {
        outcome: 'DONE',
        answer: 'Phòng khám đã xóa dữ liệu của chị.',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const [row] = await db().select({ citizenId: users.citizenId }).from(users).where(eq(users.id, s.patient.userId));
      expect(row!.citizenId).toBeNull();
    });
  });
}
