import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { findAppointment } from '../appointments.repository';

/** docs/PRODUCT.md §11: notes and no-show act on a visit that has come; a paid visit marked missed says what happens to the money. */
for (const kind of dbKinds()) {
  describe(`PUT /api/appointments/:id with examination notes, on the visit the doctor chose [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Monday 1 March 2027, 09:00 at the clinic.
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const notes = (id: number, body: Record<string, unknown>) =>
      call(t.app, s.doctor, 'PUT', `/api/appointments/${id}`, body);

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('refuses to complete a visit of a later day, and saves nothing of it (no notes, no follow-up)', async () => {
      const later = await seedAppointment(db(), {
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.sat,
      });
      const res = await notes(later.id, {
        notes: 'Khám ổn định',
        status: 'COMPLETED',
        followUp: { appointmentDate: '2027-03-15', appointmentTime: '09:00' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'VISIT_NOT_YET', message: APPOINTMENT_MSG.visitNotYet });
      expect(await findAppointment(db(), later.id)).toMatchObject({ status: 'CONFIRMED', notes: null });
      const followUps = await call(t.app, s.staff, 'GET', `/api/appointments?q=${encodeURIComponent(later.phone)}`);
      expect(followUps.json().items.map((a: { id: number }) => a.id)).toEqual([later.id]);
    });

    it('refuses to mark a visit of a later day missed, even from the row action', async () => {
      const tomorrow = await seedAppointment(db(), {
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 300_000,
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.tue,
        appointmentTime: '08:00',
      });
      const res = await notes(tomorrow.id, { status: 'NO_SHOW', confirmPaidNoShow: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'VISIT_NOT_YET', message: APPOINTMENT_MSG.visitNotYet });
      expect(await findAppointment(db(), tomorrow.id)).toMatchObject({ status: 'PAID', refundRequired: false });
    });

    it("completes today's visit, later in the day too, and an earlier day's left open", async () => {
      const thisAfternoon = await seedAppointment(db(), {
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.mon,
        appointmentTime: '16:30',
      });
      const lastWeek = await seedAppointment(db(), {
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
        appointmentDate: '2027-02-22',
      });
      expect((await notes(thisAfternoon.id, { notes: 'Đã khám', status: 'COMPLETED' })).json()).toMatchObject({
        appointment: { status: 'NEEDS_PAYMENT' },
      });
      // No notes written: the message says the visit was marked, not that notes were saved (issue 35).
      expect((await notes(lastWeek.id, { status: 'NO_SHOW' })).json()).toMatchObject({
        message: 'Đã đánh dấu lịch hẹn "Không đến khám".',
        appointment: { status: 'NO_SHOW', refundRequired: false },
      });
    });

    it('asks the doctor to confirm before a paid visit is marked missed, then flags the refund and leaves the revenue', async () => {
      const paid = await seedAppointment(db(), {
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 300_000,
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.mon,
        appointmentTime: '08:00',
      });
      const revenue = async () => (await call(t.app, s.admin, 'GET', '/api/dashboard')).json().revenue.total as number;
      const before = await revenue();

      for (const body of [{ status: 'NO_SHOW' }, { status: 'NO_SHOW', notes: 'Không đến', confirmPaidNoShow: false }]) {
        const unconfirmed = await notes(paid.id, body);
        expect(unconfirmed.statusCode).toBe(409);
        expect(unconfirmed.json()).toMatchObject({
          code: 'PAID_NO_SHOW_UNCONFIRMED',
          message: APPOINTMENT_MSG.paidNoShowUnconfirmed,
        });
      }
      expect(await findAppointment(db(), paid.id)).toMatchObject({ status: 'PAID', refundRequired: false });
      expect(await revenue()).toBe(before);

      const confirmed = await notes(paid.id, { status: 'NO_SHOW', confirmPaidNoShow: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        message: APPOINTMENT_MSG.noShowMarkedPaid,
        // The payment stays on record; staff decide the refund.
        appointment: { status: 'NO_SHOW', paymentCompleted: true, paymentAmount: 300_000, refundRequired: true },
      });
      expect(await revenue()).toBe(before - 300_000);
      const trail = (await call(t.app, s.staff, 'GET', `/api/appointments/${paid.id}/history`)).json();
      expect(trail.at(-1)).toMatchObject({ action: 'NO_SHOW', fromStatus: 'PAID', toStatus: 'NO_SHOW' });
    });

    it('needs no confirmation to complete a paid visit', async () => {
      const paid = await seedAppointment(db(), {
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 200_000,
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.mon,
        appointmentTime: '10:00',
      });
      expect((await notes(paid.id, { notes: 'Đã khám', status: 'COMPLETED' })).json()).toMatchObject({
        message: APPOINTMENT_MSG.notesCompleted,
        appointment: { status: 'COMPLETED', refundRequired: false },
      });
    });
  });
}
