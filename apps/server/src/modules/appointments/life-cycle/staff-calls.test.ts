import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { findUserByLogin } from '../../users/users.repository';
import { and, gte, lte } from 'drizzle-orm';
import { addDays, APPOINTMENT_STATUSES, isSunday } from '@clinic/shared';
import { appointmentEvents, appointments } from '../../../db/schema';
import { SEED_NOW } from '../../../../test/databases';
import { findAppointment } from '../appointments.repository';

type Item = {
  id: number;
  status: string;
  doctorId: number | null;
  appointmentDate: string;
  appointmentTime: string;
  fullName: string;
};

for (const kind of dbKinds()) {
  describe(`appointment staff calls [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const get = (who: keyof Sessions | null, url: string) => call(t.app, who ? s[who] : null, 'GET', url);
    const items = (res: { json(): { items: Item[] } }) => res.json().items;

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    describe('GET /api/appointments', () => {
      let marked: Awaited<ReturnType<typeof seedAppointment>>[] = [];
      beforeAll(async () => {
        const base = { department: 'FERTILITY', reason: 'Danh sách' };
        marked = [
          await seedAppointment(db(), {
            ...base,
            fullName: 'Lọc Thử Một',
            appointmentDate: DAYS.tue,
            appointmentTime: '08:00',
            status: 'PENDING',
            phone: '0912300001',
          }),
          await seedAppointment(db(), {
            ...base,
            fullName: 'Lọc Thử Hai',
            appointmentDate: DAYS.wed,
            appointmentTime: '08:00',
            status: 'CONFIRMED',
            doctorId: s.doctor2.userId,
          }),
          await seedAppointment(db(), {
            ...base,
            fullName: 'Lọc Thử Ba',
            appointmentDate: DAYS.thu,
            appointmentTime: '08:00',
            status: 'PAID',
            doctorId: s.doctor2.userId,
            paymentCompleted: true,
          }),
          await seedAppointment(db(), {
            ...base,
            fullName: 'Lọc Thử Bốn',
            appointmentDate: DAYS.fri,
            appointmentTime: '08:00',
            status: 'CANCELLED',
            department: 'OBSTETRICS',
          }),
          await seedAppointment(db(), {
            ...base,
            fullName: 'Lọc Thử Năm',
            appointmentDate: DAYS.sat,
            appointmentTime: '08:00',
            status: 'COMPLETED',
            doctorId: s.doctor.userId,
          }),
        ];
      });

      it('pages in SQL and says how many there are', async () => {
        const first = await get('staff', '/api/appointments?q=loc%20thu&size=2&page=1&sort=appointmentDate:asc');
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ total: 5, page: 1, size: 2, totalPages: 3 });
        expect(items(first).map((a) => a.fullName)).toEqual(['Lọc Thử Một', 'Lọc Thử Hai']);
        const last = await get('staff', '/api/appointments?q=loc%20thu&size=2&page=3&sort=appointmentDate:asc');
        expect(items(last).map((a) => a.fullName)).toEqual(['Lọc Thử Năm']);
        const desc = await get('staff', '/api/appointments?q=loc%20thu&sort=appointmentDate:desc');
        expect(items(desc)[0]!.fullName).toBe('Lọc Thử Năm');
      });

      it('filters by status list, date range, department and doctor', async () => {
        expect(
          items(await get('staff', '/api/appointments?q=loc%20thu&status=CONFIRMED,PAID'))
            .map((a) => a.status)
            .sort(),
        ).toEqual(['CONFIRMED', 'PAID']);
        expect((await get('staff', `/api/appointments?q=loc%20thu&from=${DAYS.wed}&to=${DAYS.thu}`)).json().total).toBe(
          2,
        );
        expect((await get('staff', '/api/appointments?q=loc%20thu&department=OBSTETRICS')).json().total).toBe(1);
        expect((await get('staff', `/api/appointments?q=loc%20thu&doctorId=${s.doctor2.userId}`)).json().total).toBe(2);
        const history = await get(
          'admin',
          '/api/appointments?q=loc%20thu&status=COMPLETED&status=CANCELLED&status=NO_SHOW',
        );
        expect(history.json().total).toBe(2);
      });

      it('searches name without accents, phone as typed, e-mail and id', async () => {
        expect(
          items(await get('staff', '/api/appointments/search?q=L%E1%BB%8Dc%20Th%E1%BB%AD%20B%E1%BB%91n')).map(
            (a) => a.fullName,
          ),
        ).toEqual(['Lọc Thử Bốn']);
        expect(items(await get('staff', '/api/appointments/search?q=0912%20300%20001')).map((a) => a.id)).toEqual([
          marked[0]!.id,
        ]);
        expect(
          items(await get('staff', `/api/appointments/search?q=${encodeURIComponent(marked[1]!.email!)}`)).map(
            (a) => a.id,
          ),
        ).toEqual([marked[1]!.id]);
        expect(items(await get('staff', `/api/appointments/search?q=${marked[2]!.id}`)).map((a) => a.id)).toContain(
          marked[2]!.id,
        );
        // LIKE wildcards are taken literally.
        expect((await get('staff', '/api/appointments/search?q=%25%25%25')).json().total).toBe(0);
      });

      it('gives a doctor his own appointments only, whatever he asks for', async () => {
        const mine = await get('doctor2', '/api/appointments?size=100');
        expect(mine.statusCode).toBe(200);
        expect(items(mine).length).toBeGreaterThan(0);
        expect(items(mine).every((a) => a.doctorId === s.doctor2.userId)).toBe(true);
        expect(items(mine).map((a) => a.id)).toEqual(expect.arrayContaining([marked[1]!.id, marked[2]!.id]));
        expect((await get('doctor2', `/api/appointments?doctorId=${s.doctor.userId}`)).json().total).toBe(0);
        // His patients' appointments are exactly his own; the ones ahead, this week's two.
        const ids = (list: Item[]) => list.map((a) => a.id).sort((a, b) => a - b);
        const myPatients = items(await get('doctor2', '/api/appointments/my-patients?size=100'));
        expect(ids(myPatients)).toEqual(ids(items(mine)));
        const upcoming = items(await get('doctor2', '/api/appointments/upcoming?size=100'));
        expect(upcoming.map((a) => a.id)).toEqual([marked[1]!.id, marked[2]!.id]);
      });

      it('refuses without a token (401), to a patient (403), and a bad query (400 in Vietnamese)', async () => {
        expect((await get(null, '/api/appointments')).statusCode).toBe(401);
        expect((await get('patient', '/api/appointments')).statusCode).toBe(403);
        expect((await get('patient', '/api/appointments/pending-my-approval')).statusCode).toBe(403);
        const badStatus = await get('staff', '/api/appointments?status=DONE');
        expect(badStatus.statusCode).toBe(400);
        expect(badStatus.json().message).toBe(APPOINTMENT_MSG.invalidStatus);
        expect((await get('staff', '/api/appointments?size=1000')).statusCode).toBe(400);
        expect((await get('staff', '/api/appointments?from=2027-03-05&to=2027-03-01')).json().message).toBe(
          APPOINTMENT_MSG.invalidDateRange,
        );
        expect((await get('staff', '/api/appointments/status/DONE')).json()).toMatchObject({
          statusCode: 400,
          message: APPOINTMENT_MSG.invalidStatus,
        });
      });

      it('lists one status, today and the upcoming ones', async () => {
        expect(
          items(await get('staff', '/api/appointments/status/CANCELLED?q=loc%20thu')).map((a) => a.fullName),
        ).toEqual(['Lọc Thử Bốn']);
        const today = await seedAppointment(db(), {
          fullName: 'Hôm Nay',
          appointmentDate: DAYS.mon,
          appointmentTime: '15:00',
          status: 'CONFIRMED',
        });
        expect(items(await get('staff', '/api/appointments/today?size=100')).map((a) => a.id)).toContain(today.id);
        expect(
          items(await get('staff', '/api/appointments/today?size=100')).every((a) => a.appointmentDate === DAYS.mon),
        ).toBe(true);
        const upcoming = items(await get('staff', '/api/appointments/upcoming?q=loc%20thu'));
        expect(upcoming.map((a) => a.fullName)).toEqual(['Lọc Thử Một', 'Lọc Thử Hai', 'Lọc Thử Ba']);
      });
    });

    describe('GET /api/appointments/:id', () => {
      it('answers 400 to a non-numeric id and 404 to an unknown one', async () => {
        const bad = await get('staff', '/api/appointments/abc');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(APPOINTMENT_MSG.invalidId);
        expect((await get('staff', '/api/appointments/0')).statusCode).toBe(400);
        expect((await get('staff', '/api/appointments/99999999999')).statusCode).toBe(400);
        const unknown = await get('staff', '/api/appointments/999999');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toBe(APPOINTMENT_MSG.notFound);
      });

      it('shows a doctor his own and refuses another doctor’s; shows a patient hers only', async () => {
        const a = await seedAppointment(db(), {
          status: 'CONFIRMED',
          doctorId: s.doctor.userId,
          userId: s.patient.userId,
        });
        const res = await get('doctor', `/api/appointments/${a.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: a.id,
          doctor: { id: s.doctor.userId, fullName: 'BS. Nguyễn Văn An' },
          departmentName: 'Khoa Khám tổng quát',
          user: { username: 'patient' },
        });
        const other = await get('doctor2', `/api/appointments/${a.id}`);
        expect(other.statusCode).toBe(403);
        expect(other.json().message).toBe(APPOINTMENT_MSG.notAssignedDoctor);
        expect((await get('patient', `/api/appointments/${a.id}`)).statusCode).toBe(200);
        const notHers = await seedAppointment(db(), { status: 'PENDING' });
        expect((await get('patient', `/api/appointments/${notHers.id}`)).statusCode).toBe(403);
      });
    });

    describe('GET /api/appointments/stats', () => {
      it('counts total, pending, confirmed and today’s, a doctor his own', async () => {
        const before = (await get('staff', '/api/appointments/stats')).json();
        await seedAppointment(db(), { status: 'PENDING', appointmentDate: DAYS.mon, appointmentTime: '16:00' });
        await seedAppointment(db(), { status: 'CONFIRMED', appointmentDate: DAYS.tue, appointmentTime: '16:00' });
        await seedAppointment(db(), { status: 'CANCELLED', appointmentDate: DAYS.mon, appointmentTime: '16:30' });
        const after = (await get('staff', '/api/appointments/stats')).json();
        expect(after.totalAppointments - before.totalAppointments).toBe(3);
        expect(after.pendingAppointments - before.pendingAppointments).toBe(1);
        expect(after.confirmedAppointments - before.confirmedAppointments).toBe(1);
        expect(after.todaysAppointments - before.todaysAppointments).toBe(1);
        const doctor = (await get('doctor2', '/api/appointments/stats')).json();
        const own = (await get('doctor2', '/api/appointments?size=1')).json().total;
        expect(doctor.totalAppointments).toBe(own);
        expect((await get('patient', '/api/appointments/stats')).statusCode).toBe(403);
      });
    });

    describe('PUT /api/appointments/:id (edit)', () => {
      const edit = (id: number, body: Record<string, unknown>, who: keyof Sessions = 'staff') =>
        call(t.app, s[who], 'PUT', `/api/appointments/${id}`, body);
      const fields = (a: {
        fullName: string;
        phone: string;
        email: string | null;
        appointmentDate: string;
        appointmentTime: string;
        department: string;
        reason: string | null;
      }) => ({
        fullName: a.fullName,
        phone: a.phone,
        email: a.email,
        appointmentDate: a.appointmentDate,
        appointmentTime: a.appointmentTime,
        department: a.department,
        reason: a.reason,
      });

      it('saves the changes, lists them, writes the trail and queues the update e-mail', async () => {
        const a = await seedAppointment(db(), {
          status: 'CONFIRMED',
          appointmentDate: DAYS.wed,
          appointmentTime: '10:00',
          department: 'GYNECOLOGY',
        });
        const res = await edit(a.id, {
          ...fields(a),
          appointmentDate: DAYS.thu,
          appointmentTime: '14:30',
          reason: 'Đổi lịch',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          message: APPOINTMENT_MSG.updated,
          emailQueued: true,
          changes: ['Ngày khám: 03/03/2027 → 04/03/2027', 'Giờ khám: 10:00 → 14:30', 'Lý do khám: Khám thử → Đổi lịch'],
          appointment: { status: 'CONFIRMED', appointmentDate: DAYS.thu, appointmentTime: '14:30' },
        });
        const mails = await listOutboxEmails(db(), { appointmentId: a.id, kind: 'UPDATE_NOTIFICATION' });
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toContain('Giờ khám: 10:00 → 14:30');
        const history = (await get('staff', `/api/appointments/${a.id}/history`)).json();
        expect(history.at(-1)).toMatchObject({
          action: 'UPDATE',
          actorRole: 'STAFF',
          actorName: 'Lê Thị Thu Hà',
          fromStatus: 'CONFIRMED',
          toStatus: 'CONFIRMED',
        });
        const same = await edit(a.id, {
          ...fields(a),
          appointmentDate: DAYS.thu,
          appointmentTime: '14:30',
          reason: 'Đổi lịch',
        });
        expect(same.json()).toMatchObject({ message: APPOINTMENT_MSG.noChanges, changes: [], emailQueued: false });
      });

      it("shows a patient her appointment's steps without the clinic's internal notes or staff names", async () => {
        const a = await seedAppointment(db(), {
          status: 'PENDING',
          userId: s.patient.userId,
          department: 'REPRODUCTIVE_HEALTH',
          appointmentDate: DAYS.fri,
          appointmentTime: '15:00',
        });
        await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/assign-doctor`, { doctorId: s.doctor2.userId });
        await call(t.app, s.doctor2, 'PUT', `/api/appointments/${a.id}/doctor-decline`, {
          reason: 'Lịch mổ trùng giờ',
        });
        const staffView = (await get('staff', `/api/appointments/${a.id}/history`)).json();
        expect(staffView.at(-1)).toMatchObject({
          action: 'DOCTOR_DECLINE',
          note: expect.stringContaining('Lịch mổ trùng giờ'),
          actorName: expect.any(String),
        });
        const patientView = await get('patient', `/api/appointments/${a.id}/history`);
        expect(patientView.statusCode).toBe(200);
        const last = patientView.json().at(-1);
        expect(last).toMatchObject({
          action: 'DOCTOR_DECLINE',
          fromStatus: 'AWAITING_DOCTOR_APPROVAL',
          toStatus: 'PENDING',
          actorRole: 'DOCTOR',
          note: null,
          actorName: null,
          actorId: null,
        });
        expect(JSON.stringify(patientView.json())).not.toContain('Lịch mổ trùng giờ');
      });

      it('re-checks availability when the slot changes, leaving the appointment itself out', async () => {
        const slot = { appointmentDate: DAYS.fri, appointmentTime: '10:30', department: 'STI_TESTING' };
        const full = [];
        for (let i = 0; i < 3; i++) full.push(await seedAppointment(db(), { ...slot, status: 'CONFIRMED' }));
        // Editing one of the three in its own slot is fine: it does not count against itself.
        const own = await edit(full[0]!.id, { ...fields(full[0]!), fullName: 'Đổi Tên' });
        expect(own.statusCode).toBe(200);
        const mover = await seedAppointment(db(), {
          status: 'PENDING',
          appointmentDate: DAYS.fri,
          appointmentTime: '11:00',
          department: 'STI_TESTING',
        });
        const into = await edit(mover.id, { ...fields(mover), appointmentTime: '10:30' });
        expect(into.statusCode).toBe(409);
        expect(into.json()).toMatchObject({ code: 'SLOT_FULL', message: APPOINTMENT_MSG.slotFull });
        const sunday = await edit(mover.id, { ...fields(mover), appointmentDate: DAYS.sun });
        expect(sunday.json()).toMatchObject({ statusCode: 400, message: 'Phòng khám không làm việc vào Chủ nhật' });
        const past = await edit(mover.id, { ...fields(mover), appointmentDate: '2027-02-26' });
        expect(past.json()).toMatchObject({ statusCode: 400, message: 'Ngày khám không thể là ngày đã qua' });
        expect((await findAppointment(db(), mover.id))?.appointmentTime).toBe('11:00');
        // A past appointment can still get its name corrected: the date did not change.
        const old = await seedAppointment(db(), { status: 'CONFIRMED', appointmentDate: '2027-02-20' });
        expect((await edit(old.id, { ...fields(old), fullName: 'Sửa Tên Cũ' })).statusCode).toBe(200);
      });

      it('answers missing fields with the specification message, an unknown department with 400, an unknown id with 404', async () => {
        const a = await seedAppointment(db(), { status: 'PENDING' });
        const missing = await edit(a.id, { ...fields(a), fullName: '  ' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
        const noDate = await edit(a.id, { ...fields(a), appointmentDate: undefined });
        expect(noDate.json().message).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
        expect((await edit(a.id, { ...fields(a), department: 'NOPE' })).json()).toMatchObject({
          statusCode: 400,
          code: 'UNKNOWN_DEPARTMENT',
        });
        expect((await edit(999999, fields(a))).statusCode).toBe(404);
        expect((await edit(a.id, fields(a), 'doctor')).statusCode).toBe(403);
        expect((await edit(a.id, fields(a), 'patient')).statusCode).toBe(403);
      });
    });

    describe('assigning a doctor', () => {
      it('offers doctors without specialty, of the department’s specialty, or general practice', async () => {
        const a = await seedAppointment(db(), { status: 'PENDING', department: 'GYNECOLOGY' });
        const res = await get('staff', `/api/appointments/${a.id}/doctor-candidates`);
        expect(res.statusCode).toBe(200);
        expect(
          res
            .json()
            .map((d: { specialty: string }) => d.specialty)
            .sort(),
        ).toEqual(['GENERAL_PRACTICE', 'GYNECOLOGY']);
        expect((await get('doctor', `/api/appointments/${a.id}/doctor-candidates`)).statusCode).toBe(403);
        expect((await get('staff', '/api/appointments/999999/doctor-candidates')).statusCode).toBe(404);
      });

      it('refuses a doctor of another specialty and a missing doctor, and assigns a candidate', async () => {
        const a = await seedAppointment(db(), { status: 'PENDING', department: 'GYNECOLOGY' });
        const obstetrician = await findUserByLogin(db(), 'doctor4');
        const wrong = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/assign-doctor`, {
          doctorId: obstetrician!.id,
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe(APPOINTMENT_MSG.doctorNotEligible);
        const none = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/assign-doctor`, {});
        expect(none.json()).toMatchObject({ statusCode: 400, message: 'Vui lòng chọn bác sĩ' });
        const notADoctor = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/assign-doctor`, {
          doctorId: s.patient.userId,
        });
        expect(notADoctor.statusCode).toBe(400);

        const ok = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/assign-doctor`, {
          doctorId: s.doctor.userId,
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().appointment).toMatchObject({
          status: 'AWAITING_DOCTOR_APPROVAL',
          doctorId: s.doctor.userId,
          doctorNotifiedAt: new Date(MONDAY_9AM).toISOString(),
        });
        expect(items(await get('doctor', '/api/appointments/pending-my-approval?size=100')).map((x) => x.id)).toContain(
          a.id,
        );
        expect(
          items(await get('doctor2', '/api/appointments/pending-my-approval?size=100')).map((x) => x.id),
        ).not.toContain(a.id);

        const blank = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}/doctor-decline`, { reason: '   ' });
        expect(blank.json()).toMatchObject({ statusCode: 400, message: APPOINTMENT_MSG.declineReasonRequired });
        const declined = await call(t.app, s.doctor, 'PUT', `/api/appointments/${a.id}/doctor-decline`, {
          reason: 'Lịch mổ trùng giờ',
        });
        expect(declined.json()).toMatchObject({
          message: 'Đã từ chối lịch hẹn. Lịch hẹn sẽ được staff xử lý lại.',
          appointment: { status: 'PENDING', doctorId: null, doctorResponse: 'Lịch mổ trùng giờ' },
        });
        expect(
          items(await get('doctor', '/api/appointments/pending-my-approval?size=100')).map((x) => x.id),
        ).not.toContain(a.id);
      });
    });

    describe('permanent delete', () => {
      it('is for ADMIN only, and the history outlives the appointment', async () => {
        const a = await seedAppointment(db(), { status: 'CONFIRMED' });
        expect((await call(t.app, s.staff, 'DELETE', `/api/appointments/${a.id}`)).statusCode).toBe(403);
        const res = await call(t.app, s.admin, 'DELETE', `/api/appointments/${a.id}`);
        expect(res.json()).toEqual({ message: APPOINTMENT_MSG.deleted, id: a.id });
        expect((await get('admin', `/api/appointments/${a.id}`)).statusCode).toBe(404);
        const history = await get('staff', `/api/appointments/${a.id}/history`);
        expect(history.statusCode).toBe(200);
        expect(history.json().map((e: { action: string }) => e.action)).toEqual(['CREATED', 'DELETE']);
        expect(history.json()[1]).toMatchObject({ fromStatus: 'CONFIRMED', toStatus: null, actorRole: 'ADMIN' });
        expect((await get('doctor', `/api/appointments/${a.id}/history`)).statusCode).toBe(404);
        expect((await call(t.app, s.admin, 'DELETE', `/api/appointments/${a.id}`)).statusCode).toBe(404);
        expect((await get('admin', '/api/appointments/999999/history')).statusCode).toBe(404);
      });
    });

    describe('bulk actions', () => {
      it('cancel reports success, skipped and failed per appointment with the reasons', async () => {
        const pending = await seedAppointment(db(), { status: 'PENDING' });
        const completed = await seedAppointment(db(), { status: 'COMPLETED' });
        const paid = await seedAppointment(db(), { status: 'PAID', paymentCompleted: true });
        const requested = await seedAppointment(db(), { status: 'PAYMENT_REQUESTED' });
        const cancelled = await seedAppointment(db(), { status: 'CANCELLED' });
        const res = await call(t.app, s.staff, 'POST', '/api/appointments/bulk/cancel', {
          ids: [pending.id, completed.id, paid.id, requested.id, cancelled.id, 999999, pending.id],
          reason: 'Phòng khám nghỉ đột xuất',
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ success: 1, skipped: 4, failed: 1 });
        const byId = Object.fromEntries(
          body.results.map((r: { id: number; outcome: string; code: string }) => [r.id, `${r.outcome}:${r.code}`]),
        );
        expect(byId).toEqual({
          [pending.id]: 'success:null',
          [completed.id]: 'skipped:ALREADY_COMPLETED',
          [paid.id]: 'skipped:HAS_PAYMENT_REQUEST',
          [requested.id]: 'skipped:HAS_PAYMENT_REQUEST',
          [cancelled.id]: 'skipped:ALREADY_IN_STATUS',
          999999: 'failed:NOT_FOUND',
        });
        expect(body.results.find((r: { id: number }) => r.id === 999999).reason).toBe(APPOINTMENT_MSG.notFound);
        expect((await findAppointment(db(), pending.id))?.cancelReason).toBe('Phòng khám nghỉ đột xuất');
      });

      it('mark-paid and request-payment skip what they cannot change; delete is ADMIN only', async () => {
        const confirmed = await seedAppointment(db(), { status: 'CONFIRMED' });
        const paid = await seedAppointment(db(), { status: 'PAID', paymentCompleted: true });
        const markPaid = (
          await call(t.app, s.staff, 'POST', '/api/appointments/bulk/mark-paid', { ids: [confirmed.id, paid.id] })
        ).json();
        expect(markPaid).toMatchObject({ success: 1, skipped: 1, failed: 0 });
        expect(markPaid.results[1]).toMatchObject({
          code: 'ALREADY_IN_STATUS',
          reason: 'Lịch hẹn đã ở trạng thái "Đã thanh toán"',
        });

        const a = await seedAppointment(db(), { status: 'CONFIRMED' });
        const b = await seedAppointment(db(), { status: 'PENDING' });
        const request = (
          await call(t.app, s.staff, 'POST', '/api/appointments/bulk/request-payment', {
            ids: [a.id, b.id],
            amount: 250000,
          })
        ).json();
        expect(request).toMatchObject({ success: 1, skipped: 1 });
        expect(await findAppointment(db(), a.id)).toMatchObject({ status: 'PAYMENT_REQUESTED', paymentAmount: 250000 });

        expect((await call(t.app, s.staff, 'POST', '/api/appointments/bulk/delete', { ids: [a.id] })).statusCode).toBe(
          403,
        );
        expect(
          (await call(t.app, s.admin, 'POST', '/api/appointments/bulk/delete', { ids: [a.id, b.id] })).json(),
        ).toMatchObject({ success: 2 });
      });

      it('answers bad bulk input with the specification messages', async () => {
        const bad = (path: string, body: unknown) =>
          call(t.app, s.staff, 'POST', `/api/appointments/bulk/${path}`, body);
        expect((await bad('request-payment', { ids: [1], amount: 0 })).json()).toMatchObject({
          statusCode: 400,
          message: 'Vui lòng nhập số tiền hợp lệ',
        });
        expect((await bad('request-payment', { ids: [1] })).json().message).toBe('Vui lòng nhập số tiền hợp lệ');
        expect((await bad('cancel', { ids: [1], reason: ' ' })).json().message).toBe(
          'Vui lòng nhập lý do hủy lịch hẹn',
        );
        expect((await bad('mark-paid', { ids: [] })).json().message).toBe(APPOINTMENT_MSG.bulkNoSelection);
        expect((await bad('mark-paid', {})).json().message).toBe(APPOINTMENT_MSG.bulkNoSelection);
        expect((await call(t.app, s.doctor, 'POST', '/api/appointments/bulk/mark-paid', { ids: [1] })).statusCode).toBe(
          403,
        );
        expect((await call(t.app, null, 'POST', '/api/appointments/bulk/mark-paid', { ids: [1] })).statusCode).toBe(
          401,
        );
      });
    });

    describe('the demo seed', () => {
      it('holds every status over two months back and two weeks ahead, by the demo doctors, some the demo patient’s', async () => {
        const today = '2026-01-15'; // SEED_NOW in the clinic's zone
        expect(SEED_NOW.toISOString().slice(0, 10)).toBe(today);
        const rows = await db()
          .select()
          .from(appointments)
          .where(
            and(
              gte(appointments.appointmentDate, addDays(today, -60)),
              lte(appointments.appointmentDate, addDays(today, 14)),
            ),
          );
        expect(rows.length).toBeGreaterThan(150);
        expect(new Set(rows.map((r) => r.status))).toEqual(new Set(APPOINTMENT_STATUSES));
        expect(rows.some((r) => isSunday(r.appointmentDate))).toBe(false);
        expect(
          rows.some(
            (r) =>
              r.appointmentDate > today && r.status === 'AWAITING_DOCTOR_APPROVAL' && r.doctorId === s.doctor.userId,
          ),
        ).toBe(true);
        const hers = rows.filter((r) => r.userId === s.patient.userId);
        expect(hers.some((r) => r.status === 'COMPLETED' && r.notes && r.appointmentDate < today)).toBe(true);
        expect(hers.some((r) => r.appointmentDate > today)).toBe(true);
        const perSlot = new Map<string, number>();
        for (const r of rows.filter((r) => r.status !== 'CANCELLED' && r.status !== 'NO_SHOW')) {
          const k = `${r.appointmentDate}|${r.appointmentTime}|${r.department}`;
          perSlot.set(k, (perSlot.get(k) ?? 0) + 1);
        }
        expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(3);
        const events = await db().select().from(appointmentEvents);
        for (const r of rows) {
          const trail = events
            .filter((e) => e.appointmentId === r.id)
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
          expect(trail[0]?.action, `#${r.id}`).toBe('CREATED');
          expect(trail.at(-1)?.toStatus, `#${r.id}`).toBe(r.status);
        }
      });
    });

    it('documents every appointment call in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
      for (const path of [
        '/api/appointments',
        '/api/appointments/{id}',
        '/api/appointments/{id}/history',
        '/api/appointments/{id}/confirm-with-doctor',
        '/api/appointments/public',
        '/api/appointments/public/availability',
        '/api/appointments/bulk/cancel',
        '/api/appointments/{id}/send-payment-confirmation',
        '/api/email/send',
      ]) {
        expect(Object.keys(doc.paths), path).toContain(path);
      }
      expect(doc.paths['/api/appointments/{id}/request-payment'].put.requestBody).toBeDefined();
      expect(doc.paths['/api/appointments'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'size', 'status', 'from', 'to', 'department', 'doctorId', 'q', 'sort']),
      );
    });
  });
}
