import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { findAppointment } from '../appointments.repository';

/** docs/PRODUCT.md §11: a deactivated doctor gets no new assignments (issue 25, defect 4). */
for (const kind of dbKinds()) {
  describe(`assigning a deactivated doctor [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      const off = await call(t.app, s.admin, 'PUT', `/api/users/${s.doctor2.userId}/deactivate`);
      expect(off.statusCode, off.body).toBe(200);
    });
    afterAll(async () => t?.close());

    it('refuses to assign him or confirm with him, and says he no longer works here; nothing changes', async () => {
      const pending = await seedAppointment(db(), { department: 'REPRODUCTIVE_HEALTH' });
      for (const path of ['assign-doctor', 'confirm-with-doctor']) {
        const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${pending.id}/${path}`, {
          doctorId: s.doctor2.userId,
        });
        expect(res.statusCode, path).toBe(400);
        expect(res.json()).toMatchObject({ code: 'DOCTOR_INACTIVE', message: APPOINTMENT_MSG.doctorInactive });
      }
      expect(await findAppointment(db(), pending.id)).toMatchObject({ status: 'PENDING', doctorId: null });
      const candidates = await call(t.app, s.staff, 'GET', `/api/appointments/${pending.id}/doctor-candidates`);
      expect(candidates.json().map((d: { id: number }) => d.id)).not.toContain(s.doctor2.userId);
    });

    it('still names a doctor of another department as not eligible', async () => {
      const pending = await seedAppointment(db(), { department: 'REPRODUCTIVE_HEALTH' });
      const others = await call(t.app, s.admin, 'GET', '/api/users/role/DOCTOR');
      const stranger = (others.json() as { id: number; specialty: string | null; active: boolean }[]).find(
        (d) => d.active && d.specialty && !['REPRODUCTIVE_HEALTH', 'GENERAL_PRACTICE'].includes(d.specialty),
      )!;
      const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${pending.id}/assign-doctor`, {
        doctorId: stranger.id,
      });
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'DOCTOR_NOT_ELIGIBLE' });
    });
  });
}
