import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG, APPOINTMENT_TRAIL, SPECIALTY_TEXT } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { findAppointment } from '../appointments.repository';

/** Issue 25: a deactivated doctor's visits are listed and given to another; several bookings assigned at once. */
for (const kind of dbKinds()) {
  describe(`reassigning and assigning many [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('lists the visits a deactivated doctor still owes and moves them to another doctor, keeping their status', async () => {
      const gone = s.doctor2.userId;
      const confirmed = await seedAppointment(db(), {
        department: 'REPRODUCTIVE_HEALTH',
        status: 'CONFIRMED',
        doctorId: gone,
        appointmentDate: DAYS.tue,
      });
      const paid = await seedAppointment(db(), {
        department: 'REPRODUCTIVE_HEALTH',
        status: 'PAID',
        doctorId: gone,
        appointmentDate: DAYS.wed,
      });
      const past = await seedAppointment(db(), {
        department: 'REPRODUCTIVE_HEALTH',
        status: 'CONFIRMED',
        doctorId: gone,
        appointmentDate: '2025-01-02',
      });
      const off = await call(t.app, s.admin, 'PUT', `/api/users/${gone}/deactivate`);
      expect(off.statusCode, off.body).toBe(200);

      const owed = await call(t.app, s.staff, 'GET', `/api/appointments/owed-by-doctor/${gone}`);
      expect(owed.statusCode, owed.body).toBe(200);
      expect(owed.json().active).toBe(false);
      const ids = owed.json().items.map((a: { id: number }) => a.id);
      expect(ids).toEqual(expect.arrayContaining([confirmed.id, paid.id]));
      expect(ids).not.toContain(past.id);

      const res = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [confirmed.id, paid.id],
        doctorId: s.doctor.userId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: 2, skipped: 0, failed: 0 });
      expect(await findAppointment(db(), confirmed.id)).toMatchObject({
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
      });
      expect(await findAppointment(db(), paid.id)).toMatchObject({ status: 'PAID', doctorId: s.doctor.userId });

      // The same request again changes nothing and says so per row.
      const again = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [confirmed.id, paid.id],
        doctorId: s.doctor.userId,
      });
      expect(again.json()).toMatchObject({ success: 0, skipped: 2 });
      expect(again.json().results[0]).toMatchObject({ reason: APPOINTMENT_MSG.alreadyWithDoctor });
      const left = await call(t.app, s.staff, 'GET', `/api/appointments/owed-by-doctor/${gone}`);
      expect(left.json().items.map((a: { id: number }) => a.id)).not.toContain(confirmed.id);
    });

    it('assigns several pending bookings at once with a report per row, and refuses a deactivated doctor outright', async () => {
      const a = await seedAppointment(db(), { department: 'REPRODUCTIVE_HEALTH' });
      const b = await seedAppointment(db(), { department: 'REPRODUCTIVE_HEALTH' });
      const inactive = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [a.id, b.id],
        doctorId: s.doctor2.userId,
      });
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json()).toMatchObject({ code: 'DOCTOR_INACTIVE', message: APPOINTMENT_MSG.doctorInactive });
      expect(await findAppointment(db(), a.id)).toMatchObject({ status: 'PENDING', doctorId: null });

      const res = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [a.id, b.id, 99_999_999],
        doctorId: s.doctor.userId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: 2, failed: 1 });
      expect(await findAppointment(db(), b.id)).toMatchObject({
        status: 'AWAITING_DOCTOR_APPROVAL',
        doctorId: s.doctor.userId,
      });

      const candidates = await call(t.app, s.staff, 'GET', `/api/appointments/${a.id}/doctor-candidates`);
      const me = candidates.json().find((d: { id: number }) => d.id === s.doctor.userId);
      expect(me.dayLoad).toBeGreaterThanOrEqual(2);

      const empty = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [],
        doctorId: s.doctor.userId,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(APPOINTMENT_MSG.bulkNoSelection);
    });

    it('tells the desk which visits a general practitioner was given outside his specialty, the summary kept', async () => {
      const gynaecology = await seedAppointment(db(), { department: 'GYNECOLOGY' });
      const general = await seedAppointment(db(), { department: 'GENERAL_PRACTICE' });
      const res = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [gynaecology.id, general.id],
        doctorId: s.doctor.userId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: 2,
        skipped: 0,
        failed: 0,
        outsideSpecialty: [gynaecology.id],
        message: `${APPOINTMENT_TRAIL.bulkSummary(2, 0, 0)}; ${SPECIALTY_TEXT.outsideCount(1)}`,
      });

      // None outside: the specification's summary alone, and an empty list.
      const inside = await seedAppointment(db(), { department: 'GENERAL_PRACTICE' });
      const plain = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/assign-doctor', {
        ids: [inside.id],
        doctorId: s.doctor.userId,
      });
      expect(plain.json()).toMatchObject({ outsideSpecialty: [], message: APPOINTMENT_TRAIL.bulkSummary(1, 0, 0) });
    });

    it('is for staff only', async () => {
      const res = await call(t.app, s.patient, 'GET', `/api/appointments/owed-by-doctor/${s.doctor.userId}`);
      expect(res.statusCode).toBe(403);
    });
  });
}
