import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { APPOINTMENT_MSG, CLINIC, DOCTOR_MESSAGE_LABEL } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import {
  booking,
  call,
  DAYS,
  MONDAY_9AM,
  seedAppointment,
  signInAll,
  type Sessions,
} from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { findAppointment } from '../appointments.repository';

for (const kind of dbKinds()) {
  describe(`appointment life cycle [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const at = (iso: string) => clock.set(iso);

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('a visitor books, staff assigns, the doctor accepts, staff requests payment and marks paid, the doctor completes with a follow-up; the history says who and when', async () => {
      onTestFinished(() => at(MONDAY_9AM));
      at('2027-03-01T02:00:00Z');
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        headers: { authorization: `Bearer ${s.patient.token}` },
        payload: booking({
          fullName: 'Nguyễn Thị Mai',
          phone: '0912345678',
          email: 'patient@example.com',
          appointmentDate: DAYS.wed,
          appointmentTime: '09:30',
          department: 'REPRODUCTIVE_HEALTH',
        }),
      });
      expect(booked.statusCode).toBe(201);
      const id = booked.json().appointmentId as number;

      at('2027-03-01T03:00:00Z');
      const assigned = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/assign-doctor`, {
        doctorId: s.doctor2.userId,
      });
      expect(assigned.json().appointment.status).toBe('AWAITING_DOCTOR_APPROVAL');

      at('2027-03-01T04:00:00Z');
      const accepted = await call(t.app, s.doctor2, 'PUT', `/api/appointments/${id}/doctor-accept`, {});
      expect(accepted.json()).toMatchObject({
        message: 'Đã chấp nhận lịch hẹn thành công',
        // Accepted without a message: the default answer is the staff's bookkeeping, nothing for her.
        appointment: { status: 'CONFIRMED', doctorResponse: 'Accepted by doctor', doctorMessage: null },
      });

      at('2027-03-03T02:45:00Z');
      const requested = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/request-payment`, {
        amount: 500000,
      });
      expect(requested.json().appointment).toMatchObject({
        status: 'PAYMENT_REQUESTED',
        paymentAmount: 500000,
        paymentCompleted: false,
      });

      at('2027-03-03T02:50:00Z');
      const paid = await call(t.app, s.staff, 'POST', `/api/appointments/${id}/handle-payment`, { status: 'PAID' });
      expect(paid.json().appointment).toMatchObject({ status: 'PAID', paymentCompleted: true, paymentAmount: 500000 });

      at('2027-03-03T03:30:00Z');
      const done = await call(t.app, s.doctor2, 'PUT', `/api/appointments/${id}`, {
        notes: 'Khám ổn định, tái khám sau 2 tuần.',
        status: 'COMPLETED',
        followUp: { appointmentDate: '2027-03-17', appointmentTime: '10:00' },
      });
      expect(done.statusCode).toBe(200);
      const body = done.json();
      expect(body.message).toBe('Ghi chú đã được lưu và lịch hẹn đã hoàn thành.');
      expect(body.appointment).toMatchObject({ status: 'COMPLETED', notes: 'Khám ổn định, tái khám sau 2 tuần.' });
      expect(body.followUp).toMatchObject({
        status: 'CONFIRMED',
        doctorId: s.doctor2.userId,
        department: 'GENERAL_MEDICINE',
        reason: 'Tái khám theo yêu cầu của bác sĩ',
        appointmentDate: '2027-03-17',
        followUpOfId: id,
        userId: s.patient.userId,
        fullName: 'Nguyễn Thị Mai',
      });

      const history = (await call(t.app, s.staff, 'GET', `/api/appointments/${id}/history`)).json();
      expect(
        history.map((e: { action: string; actorName: string | null; createdAt: string }) => [
          e.action,
          e.actorName,
          e.createdAt,
        ]),
      ).toEqual([
        ['CREATED', 'Nguyễn Thị Mai', '2027-03-01T02:00:00.000Z'],
        ['ASSIGN_DOCTOR', 'Lê Thị Thu Hà', '2027-03-01T03:00:00.000Z'],
        ['DOCTOR_ACCEPT', 'BS. Trần Thị Bích Ngọc', '2027-03-01T04:00:00.000Z'],
        ['REQUEST_PAYMENT', 'Lê Thị Thu Hà', '2027-03-03T02:45:00.000Z'],
        ['MARK_PAID', 'Lê Thị Thu Hà', '2027-03-03T02:50:00.000Z'],
        ['EXAMINATION_NOTES', 'BS. Trần Thị Bích Ngọc', '2027-03-03T03:30:00.000Z'],
      ]);
      expect(history.map((e: { toStatus: string }) => e.toStatus)).toEqual([
        'PENDING',
        'AWAITING_DOCTOR_APPROVAL',
        'CONFIRMED',
        'PAYMENT_REQUESTED',
        'PAID',
        'COMPLETED',
      ]);
      expect(history[5].note).toBe(`Tạo lịch tái khám #${body.followUp.id}`);
      // The patient sees her own trail and her medical history.
      expect((await call(t.app, s.patient, 'GET', `/api/appointments/${id}/history`)).statusCode).toBe(200);
      const medical = (
        await call(t.app, s.patient, 'GET', '/api/appointments/my-medical-history?from=2027-01-01')
      ).json();
      expect(medical.items.map((a: { id: number }) => a.id)).toEqual([id]);
      expect(medical.items[0]).toMatchObject({
        notes: 'Khám ổn định, tái khám sau 2 tuần.',
        doctor: { fullName: 'BS. Trần Thị Bích Ngọc' },
      });
      // The doctor's answer to the staff stays in the back-office.
      expect(medical.items[0].doctorResponse).toBeNull();

      const kinds = (await listOutboxEmails(db(), { appointmentId: id })).map((m) => m.kind);
      expect(kinds).toEqual(['BOOKING_RECEIVED', 'APPOINTMENT_CONFIRMED', 'PAYMENT_REQUEST', 'PAYMENT_CONFIRMATION']);
      const followUpMail = await listOutboxEmails(db(), { appointmentId: body.followUp.id });
      expect(followUpMail.map((m) => m.kind)).toEqual(['APPOINTMENT_CONFIRMED']);
      expect(followUpMail[0]!.attachments[0]).toMatchObject({ contentType: expect.stringContaining('text/calendar') });
      const paymentMail = (await listOutboxEmails(db(), { appointmentId: id, kind: 'PAYMENT_REQUEST' }))[0]!;
      expect(paymentMail.text).toContain('500.000 VNĐ');
    });

    it("shows a patient her own bookings without the clinic's internal notes or a doctor's decline reason", async () => {
      const a = await seedAppointment(db(), {
        status: 'PENDING',
        userId: s.patient.userId,
        notes: 'Nội bộ: gọi lại xác nhận',
        doctorResponse: 'Bận ca mổ',
      });
      const staffView = (await call(t.app, s.staff, 'GET', `/api/appointments/${a.id}`)).json();
      expect(staffView).toMatchObject({ notes: 'Nội bộ: gọi lại xác nhận', doctorResponse: 'Bận ca mổ' });
      const mine = (await call(t.app, s.patient, 'GET', '/api/appointments/my-appointments?size=100')).json();
      const own = mine.items.find((x: { id: number }) => x.id === a.id);
      expect(own).toMatchObject({ id: a.id, status: 'PENDING', notes: null, doctorResponse: null });
      expect((await call(t.app, s.patient, 'GET', `/api/appointments/${a.id}`)).json()).toMatchObject({
        notes: null,
        doctorResponse: null,
      });
    });

    it("brings the doctor's message to the patient (screen, private link, e-mail), never a decline's reason", async () => {
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          phone: '0912000808',
          email: 'loi.nhan@example.com',
          appointmentTime: '11:00',
          department: 'REPRODUCTIVE_HEALTH',
        }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const { appointmentId: id, manageToken } = booked.json() as { appointmentId: number; manageToken: string };
      const assign = (doctor: typeof s.doctor) =>
        call(t.app, s.staff, 'PUT', `/api/appointments/${id}/assign-doctor`, { doctorId: doctor.userId });
      expect((await assign(s.doctor)).statusCode).toBe(200);
      const declined = await call(t.app, s.doctor, 'PUT', `/api/appointments/${id}/doctor-decline`, {
        reason: 'Bận ca mổ',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const reassigned = await assign(s.doctor2);
      expect(reassigned.statusCode, reassigned.body).toBe(200);
      const accepted = await call(t.app, s.doctor2, 'PUT', `/api/appointments/${id}/doctor-accept`, {
        response: 'Chị nhớ mang kết quả siêu âm lần trước',
      });
      expect(accepted.json().appointment).toMatchObject({
        doctorResponse: 'Chị nhớ mang kết quả siêu âm lần trước',
        doctorMessage: 'Chị nhớ mang kết quả siêu âm lần trước',
      });
      const seen = await t.app.inject({ url: `/api/appointments/manage/${manageToken}` });
      expect(seen.json().appointment).toMatchObject({
        doctorMessage: 'Chị nhớ mang kết quả siêu âm lần trước',
        doctorResponse: null,
      });
      expect(seen.body).not.toContain('Bận ca mổ');
      const mail = (await listOutboxEmails(db(), { appointmentId: id, kind: 'APPOINTMENT_CONFIRMED' }))[0]!;
      expect(mail.text).toContain(`${DOCTOR_MESSAGE_LABEL}: Chị nhớ mang kết quả siêu âm lần trước`);
    });

    describe('examination notes', () => {
      it('moves an unpaid visit to NEEDS_PAYMENT and says so', async () => {
        const a = await seedAppointment(db(), {
          status: 'CONFIRMED',
          doctorId: s.doctor.userId,
          appointmentDate: DAYS.mon,
        });
        const res = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'Đã khám',
          status: 'COMPLETED',
        });
        expect(res.json()).toMatchObject({
          message: APPOINTMENT_MSG.notesNeedsPayment,
          appointment: { status: 'NEEDS_PAYMENT' },
          followUp: null,
        });
        // Paid afterwards, the doctor completes it.
        await call(t.app, s.staff, 'POST', `/api/appointments/${a.id}/handle-payment`, { amount: 300000 });
        const done = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'Đã khám, đã thanh toán',
          status: 'COMPLETED',
        });
        expect(done.json().appointment).toMatchObject({ status: 'COMPLETED', paymentAmount: 300000 });
      });

      it('marks a no-show', async () => {
        const a = await seedAppointment(db(), {
          status: 'AWAITING_DOCTOR_APPROVAL',
          doctorId: s.doctor.userId,
          appointmentDate: DAYS.mon,
        });
        const res = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, { status: 'NO_SHOW' });
        expect(res.json()).toMatchObject({ message: APPOINTMENT_MSG.noShowMarked, appointment: { status: 'NO_SHOW' } });
      });

      it('says the notes were saved only when a no-show came with notes (issue 35)', async () => {
        const a = await seedAppointment(db(), {
          status: 'CONFIRMED',
          doctorId: s.doctor.userId,
          appointmentDate: DAYS.mon,
        });
        const res = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          status: 'NO_SHOW',
          notes: 'Gọi hai lần không nghe máy',
        });
        expect(res.json()).toMatchObject({ message: APPOINTMENT_MSG.notesNoShow, appointment: { status: 'NO_SHOW' } });
        expect(APPOINTMENT_MSG.notesNoShow).toMatch(/^Ghi chú đã được lưu/);
        expect(APPOINTMENT_MSG.noShowMarked).not.toMatch(/Ghi chú/);
      });

      it('saves nothing when the follow-up cannot be booked, and answers why', async () => {
        const a = await seedAppointment(db(), {
          status: 'PAID',
          paymentCompleted: true,
          doctorId: s.doctor.userId,
          appointmentDate: DAYS.mon,
        });
        const sunday = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'x',
          status: 'COMPLETED',
          followUp: { appointmentDate: DAYS.sun, appointmentTime: '09:00' },
        });
        expect(sunday.json()).toMatchObject({ statusCode: 400, message: 'Phòng khám không làm việc vào Chủ nhật' });
        const noTime = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'x',
          status: 'COMPLETED',
          followUp: { appointmentDate: DAYS.thu },
        });
        expect(noTime.json()).toMatchObject({
          statusCode: 400,
          message: 'Vui lòng điền đầy đủ thông tin ngày và giờ tái khám',
        });
        expect(await findAppointment(db(), a.id)).toMatchObject({ status: 'PAID', notes: null });
        const badStatus = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'x',
          status: 'CONFIRMED',
        });
        expect(badStatus.json()).toMatchObject({ statusCode: 400, message: APPOINTMENT_MSG.invalidStatus });
      });

      it('refuses another doctor (403) and staff (403)', async () => {
        const a = await seedAppointment(db(), { status: 'CONFIRMED', doctorId: s.doctor.userId });
        const other = await call(t.app, s.doctor2, 'PUT', `/api/appointments/${a.id}`, {
          notes: 'x',
          status: 'COMPLETED',
        });
        expect(other.json()).toMatchObject({ statusCode: 403, message: APPOINTMENT_MSG.notAssignedDoctor });
        expect(
          (await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}`, { notes: 'x', status: 'COMPLETED' }))
            .statusCode,
        ).toBe(403);
      });
    });

    describe('payment', () => {
      it('wants an amount above zero', async () => {
        const a = await seedAppointment(db(), { status: 'CONFIRMED' });
        const req = (body: unknown) => call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/request-payment`, body);
        expect((await req({ amount: 0 })).json()).toMatchObject({ statusCode: 400, message: 'Số tiền phải lớn hơn 0' });
        expect((await req({ amount: -5 })).json().message).toBe('Số tiền phải lớn hơn 0');
        expect((await req({})).json().message).toBe('Vui lòng nhập số tiền thanh toán');
        expect((await req({ amount: 'nhiều' })).json().message).toBe('Số tiền phải lớn hơn 0');
        expect((await req({ amount: 200000 })).statusCode).toBe(200);
        expect((await req({ amount: 200000 })).json()).toMatchObject({
          statusCode: 409,
          code: 'INVALID_TRANSITION',
          message: 'Lịch hẹn đã ở trạng thái "Cần thanh toán"',
        });
        expect(
          (await call(t.app, s.staff, 'PUT', '/api/appointments/999999/request-payment', { amount: 1000 })).statusCode,
        ).toBe(404);
        expect(
          (
            await call(t.app, s.staff, 'POST', `/api/appointments/${a.id}/handle-payment`, { status: 'REFUNDED' })
          ).json().message,
        ).toBe(APPOINTMENT_MSG.invalidPaymentStatus);
      });
    });

    describe('cancel', () => {
      it('takes the default reason without one, and refuses a blank or too long one', async () => {
        const a = await seedAppointment(db(), { status: 'PENDING' });
        expect(
          (await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/cancel`, { reason: '  ' })).json(),
        ).toMatchObject({ statusCode: 400, message: 'Vui lòng nhập lý do hủy lịch hẹn' });
        expect(
          (await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/cancel`, { reason: 'x'.repeat(501) })).json()
            .message,
        ).toBe(APPOINTMENT_MSG.cancelReasonTooLong);
        const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/cancel`);
        expect(res.json()).toMatchObject({
          message: 'Đã hủy lịch hẹn thành công',
          appointment: { status: 'CANCELLED', cancelReason: 'Cancelled by user', refundRequired: false },
        });
        const mail = (await listOutboxEmails(db(), { appointmentId: a.id, kind: 'CANCELLATION' }))[0]!;
        expect(mail.text).toContain(CLINIC.phone);
        expect(mail.text).not.toContain('3-5 ngày làm việc');
      });

      it('cancels a paid appointment only with a refund, and promises it in 3-5 working days', async () => {
        const a = await seedAppointment(db(), { status: 'PAID', paymentCompleted: true, paymentAmount: 450000 });
        const plain = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/cancel`, {
          reason: 'Bệnh nhân bận',
        });
        expect(plain.json()).toMatchObject({
          statusCode: 409,
          code: 'INVALID_TRANSITION',
          message: APPOINTMENT_MSG.paidCancelNeedsRefund,
        });
        const refund = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/cancel`, {
          reason: 'Bệnh nhân bận',
          refundRequired: true,
          patientStatus: 'REFUND_PENDING',
        });
        expect(refund.json()).toMatchObject({
          message: APPOINTMENT_MSG.cancelledWithRefund,
          appointment: { status: 'CANCELLED', refundRequired: true, patientStatus: 'REFUND_PENDING' },
        });
        const mail = (await listOutboxEmails(db(), { appointmentId: a.id, kind: 'CANCELLATION' }))[0]!;
        expect(mail.text).toContain('3-5 ngày làm việc');
        expect(mail.text).toContain('450.000 VNĐ');
        expect(mail.html).toContain(CLINIC.phone);
      });

      it('lets a patient cancel her own waiting appointment, not a confirmed one, not someone else’s', async () => {
        const mine = await seedAppointment(db(), {
          status: 'AWAITING_DOCTOR_APPROVAL',
          userId: s.patient.userId,
          doctorId: s.doctor.userId,
        });
        expect(
          (await call(t.app, s.patient, 'PUT', `/api/appointments/${mine.id}/cancel`, {})).json().appointment.status,
        ).toBe('CANCELLED');
        const confirmed = await seedAppointment(db(), {
          status: 'CONFIRMED',
          userId: s.patient.userId,
          doctorId: s.doctor.userId,
        });
        expect(
          (await call(t.app, s.patient, 'PUT', `/api/appointments/${confirmed.id}/cancel`, {})).json(),
        ).toMatchObject({
          statusCode: 409,
          code: 'INVALID_TRANSITION',
          message: APPOINTMENT_MSG.patientCancelTooLate,
        });
        const theirs = await seedAppointment(db(), { status: 'PENDING' });
        expect((await call(t.app, s.patient, 'PUT', `/api/appointments/${theirs.id}/cancel`, {})).statusCode).toBe(403);
        expect((await call(t.app, s.doctor, 'PUT', `/api/appointments/${theirs.id}/cancel`, {})).statusCode).toBe(403);
      });
    });

    describe('confirm with doctor', () => {
      it('lets a doctor confirm his own appointment with himself only', async () => {
        const a = await seedAppointment(db(), { status: 'AWAITING_DOCTOR_APPROVAL', doctorId: s.doctor.userId });
        const other = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}/confirm-with-doctor`, {
          doctorId: s.doctor2.userId,
        });
        expect(other.json()).toMatchObject({ statusCode: 403, message: APPOINTMENT_MSG.doctorSelfOnly });
        expect(
          (
            await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}/confirm-with-doctor`, {
              doctorId: s.doctor.userId,
            })
          ).json().appointment.status,
        ).toBe('CONFIRMED');
      });

      it('lets staff confirm a pending appointment with an eligible doctor', async () => {
        const a = await seedAppointment(db(), { status: 'PENDING', department: 'REPRODUCTIVE_HEALTH' });
        const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/confirm-with-doctor`, {
          doctorId: s.doctor2.userId,
        });
        expect(res.json()).toMatchObject({
          message: APPOINTMENT_MSG.confirmedWithDoctor,
          appointment: { status: 'CONFIRMED', doctorId: s.doctor2.userId },
        });
        expect(
          (
            await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/confirm-with-doctor`, { doctorId: 'one' })
          ).json().message,
        ).toBe('Vui lòng chọn bác sĩ');
      });
    });
  });
}
