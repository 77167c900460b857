import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG as M } from '@clinic/shared';
import { fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import {
  booking,
  call,
  DAYS,
  MONDAY_9AM,
  seedAppointment,
  type Sessions,
  withRecordingSmtp,
} from '../../../../test/appointments';
import type { RecordingSmtp } from '../../../../test/system/server-process';
import { claimEmailById, listOutboxEmails, markEmailFailed } from '../../email/email.repository';
import { processDueEmails } from '../../email/email.service';
import { findAppointment, listAppointmentEvents, updateAppointment } from '../appointments.repository';
import { findManageLinkAppointmentId } from './manage-link.repository';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The link in an e-mail as the SMTP server received it (quoted-printable lines joined). */
const linkIn = (raw: string) => /\/appointment\/manage\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];

for (const kind of dbKinds()) {
  describe(`managing a booking by its private link [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let smtp: RecordingSmtp;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    let n = 0;
    const book = async (overrides: Record<string, unknown> = {}) => {
      n += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ phone: `0977${String(n).padStart(6, '0')}`, email: `link${n}@example.com`, ...overrides }),
        remoteAddress: `10.3.0.${n % 250}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { appointmentId: number; manageToken: string };
    };
    const manage = (token: string, method: 'GET' | 'POST' = 'GET', path = '', payload?: object) =>
      t.app.inject({
        method,
        url: `/api/appointments/manage/${token}${path}`,
        ...(payload ? { payload } : {}),
        remoteAddress: '10.3.1.1',
      });

    withRecordingSmtp(kind, { clock }, (suite) => ({ t, s, smtp } = suite));

    it('gives a booking with an e-mail a 256-bit link, kept only as a hash, in the answer and the e-mail', async () => {
      const { appointmentId, manageToken } = await book({ email: 'hash.only@example.com' });
      expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [outboxBefore] = await listOutboxEmails(db(), { appointmentId });
      expect(outboxBefore!.html).toContain(`https://antamclinic.vn/appointment/manage/${manageToken}`);
      await processDueEmails({ ...t.app.deps, db: db(), clock });
      const mail = smtp.received.find((m) => m.to.includes('hash.only@example.com'))!;
      expect(linkIn(mail.raw)).toBe(manageToken);
      // Once sent, nothing in the database holds the token: the link table has its SHA-256, the outbox copy lost it.
      expect(await findManageLinkAppointmentId(db(), sha256(manageToken))).toBe(appointmentId);
      expect(await findManageLinkAppointmentId(db(), manageToken)).toBeUndefined();
      const [outboxAfter] = await listOutboxEmails(db(), { appointmentId });
      expect(outboxAfter!.html + outboxAfter!.text).not.toContain(manageToken);
      expect(outboxAfter!.html).toContain('/appointment/manage/(đã ẩn)');
      const res = await manage(manageToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        appointment: { id: appointmentId, status: 'PENDING' },
        canCancel: true,
        canReschedule: true,
        validUntil: DAYS.wed,
      });

      const noEmail = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: null, phone: '0977999001', appointmentTime: '15:00' }),
        remoteAddress: '10.3.2.1',
      });
      // Without an e-mail her link still reaches her, on her phone (issue 27).
      expect(noEmail.json().manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('shows the patient projection only, and one message for a wrong, malformed or expired link', async () => {
      const { appointmentId, manageToken } = await book({ appointmentDate: DAYS.thu, appointmentTime: '10:00' });
      await updateAppointment(db(), appointmentId, {
        notes: 'Ghi chú nội bộ',
        doctorResponse: 'Lý do nội bộ',
        patientStatus: 'Bí mật',
      });
      const seen = (await manage(manageToken)).json();
      expect(seen.appointment).toMatchObject({ notes: null, doctorResponse: null, patientStatus: null });
      expect(JSON.stringify(seen)).not.toContain('nội bộ');

      const wrong = await manage('A'.repeat(43));
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toMatchObject({ code: 'MANAGE_LINK_INVALID', message: M.manageLinkInvalid });
      expect(M.manageLinkInvalid).toContain('hotline');
      const malformed = await manage('short');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(M.manageLinkInvalid);

      // Valid through the day after the visit, in the clinic's zone (UTC+7): Friday 23:59 yes, Saturday 00:00 no.
      try {
        clock.set('2027-03-05T16:59:00Z');
        expect((await manage(manageToken)).statusCode).toBe(200);
        clock.set('2027-03-05T17:00:00Z');
        expect((await manage(manageToken)).json()).toMatchObject({ code: 'MANAGE_LINK_INVALID' });
        expect((await manage(manageToken, 'POST', '/cancel', { reason: 'Muộn' })).statusCode).toBe(404);
      } finally {
        clock.set(MONDAY_9AM);
      }
    });

    it('reschedules to a free slot of the same department with every booking rule, recorded and e-mailed', async () => {
      const { appointmentId, manageToken } = await book({ appointmentDate: DAYS.tue, appointmentTime: '08:00' });
      const same = await manage(manageToken, 'POST', '/reschedule', {
        appointmentDate: DAYS.tue,
        appointmentTime: '08:00',
      });
      expect(same.json()).toMatchObject({ code: 'SAME_SLOT', message: M.rescheduleSameSlot });
      const sunday = await manage(manageToken, 'POST', '/reschedule', {
        appointmentDate: DAYS.sun,
        appointmentTime: '09:00',
      });
      expect(sunday.statusCode).toBe(400);
      const bad = await manage(manageToken, 'POST', '/reschedule', {
        appointmentDate: '2027-02-30',
        appointmentTime: '24:00',
      });
      expect(bad.statusCode).toBe(400);
      for (let i = 0; i < 3; i++)
        await seedAppointment(db(), { department: 'GYNECOLOGY', appointmentDate: DAYS.fri, appointmentTime: '14:00' });
      const full = await manage(manageToken, 'POST', '/reschedule', {
        appointmentDate: DAYS.fri,
        appointmentTime: '14:00',
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(M.slotFull);
      expect((await findAppointment(db(), appointmentId))!.appointmentTime).toBe('08:00');

      const moved = await manage(manageToken, 'POST', '/reschedule', {
        appointmentDate: DAYS.fri,
        appointmentTime: '15:00',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        message: M.rescheduled,
        appointment: {
          appointment: {
            appointmentDate: DAYS.fri,
            appointmentTime: '15:00',
            department: 'GYNECOLOGY',
            status: 'PENDING',
          },
        },
      });
      const events = await listAppointmentEvents(db(), appointmentId);
      expect(events.at(-1)).toMatchObject({
        action: 'UPDATE',
        note: 'Bệnh nhân đổi lịch qua liên kết: 08:00 02/03/2027 → 15:00 05/03/2027',
        actorId: null,
      });
      expect(await listOutboxEmails(db(), { appointmentId, kind: 'RESCHEDULED' })).toHaveLength(1);
    });

    it('asks an assigned doctor again after a move', async () => {
      const { appointmentId, manageToken } = await book({ appointmentDate: DAYS.wed, appointmentTime: '11:00' });
      expect(
        (
          await call(t.app, s.staff, 'PUT', `/api/appointments/${appointmentId}/assign-doctor`, {
            doctorId: s.doctor.userId,
          })
        ).statusCode,
      ).toBe(200);
      clock.set('2027-03-01T03:00:00Z');
      try {
        const moved = await manage(manageToken, 'POST', '/reschedule', {
          appointmentDate: DAYS.thu,
          appointmentTime: '11:00',
        });
        expect(moved.statusCode, moved.body).toBe(200);
      } finally {
        clock.set(MONDAY_9AM);
      }
      const row = (await findAppointment(db(), appointmentId))!;
      expect(row).toMatchObject({
        status: 'AWAITING_DOCTOR_APPROVAL',
        doctorId: s.doctor.userId,
        appointmentDate: DAYS.thu,
      });
      expect(row.doctorNotifiedAt?.toISOString()).toBe('2027-03-01T03:00:00.000Z');
    });

    it('cancels with a reason as My Appointments does; a confirmed visit cannot be changed by link', async () => {
      const { appointmentId, manageToken } = await book({ appointmentDate: DAYS.sat, appointmentTime: '09:00' });
      const blank = await manage(manageToken, 'POST', '/cancel', { reason: '  ' });
      expect(blank.json()).toMatchObject({ message: M.cancelReasonRequired });
      const done = await manage(manageToken, 'POST', '/cancel', { reason: 'Bận việc gia đình' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        message: M.cancelled,
        appointment: {
          appointment: { status: 'CANCELLED', cancelReason: 'Bận việc gia đình' },
          canCancel: false,
          canReschedule: false,
        },
      });
      expect((await listAppointmentEvents(db(), appointmentId)).at(-1)).toMatchObject({
        action: 'CANCEL',
        note: 'Bệnh nhân hủy qua liên kết: Bận việc gia đình',
      });
      expect(await listOutboxEmails(db(), { appointmentId, kind: 'CANCELLATION' })).toHaveLength(1);
      expect((await manage(manageToken, 'POST', '/cancel', { reason: 'Lần nữa' })).statusCode).toBe(409);

      const confirmed = await book({ appointmentDate: DAYS.sat, appointmentTime: '10:00' });
      expect(
        (await call(t.app, s.staff, 'PUT', `/api/appointments/${confirmed.appointmentId}/confirm`)).statusCode,
      ).toBe(200);
      expect((await manage(confirmed.manageToken)).json()).toMatchObject({ canCancel: false, canReschedule: false });
      const refused = await manage(confirmed.manageToken, 'POST', '/cancel', { reason: 'Muốn hủy' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(M.patientCancelTooLate);
      const notMoved = await manage(confirmed.manageToken, 'POST', '/reschedule', {
        appointmentDate: DAYS.fri,
        appointmentTime: '16:00',
      });
      expect(notMoved.statusCode).toBe(409);
      expect((await findAppointment(db(), confirmed.appointmentId))!.status).toBe('CONFIRMED');
    });

    it('gives the visit as a calendar file', async () => {
      const { manageToken } = await book({ appointmentDate: DAYS.thu, appointmentTime: '16:00' });
      const ics = await manage(manageToken, 'GET', '/calendar.ics');
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['content-type']).toContain('text/calendar');
      expect(ics.body).toContain('DTSTART:20270304T090000Z');
    });

    it('staff send a new link by e-mail; the old one stops working; others may not', async () => {
      const { appointmentId, manageToken } = await book({
        appointmentDate: DAYS.fri,
        appointmentTime: '08:00',
        email: 'resend@example.com',
      });
      expect((await call(t.app, null, 'POST', `/api/appointments/${appointmentId}/manage-link`)).statusCode).toBe(401);
      expect((await call(t.app, s.patient, 'POST', `/api/appointments/${appointmentId}/manage-link`)).statusCode).toBe(
        403,
      );
      expect((await call(t.app, s.doctor, 'POST', `/api/appointments/${appointmentId}/manage-link`)).statusCode).toBe(
        403,
      );
      const sent = await call(t.app, s.staff, 'POST', `/api/appointments/${appointmentId}/manage-link`);
      expect(sent.json()).toEqual({ message: M.manageLinkSent, emailStatus: 'sent' });
      expect((await manage(manageToken)).statusCode).toBe(404);
      const mail = smtp.received.filter((m) => m.to.includes('resend@example.com')).at(-1)!;
      const fresh = linkIn(mail.raw)!;
      expect(fresh).not.toBe(manageToken);
      expect((await manage(fresh)).json()).toMatchObject({ appointment: { id: appointmentId } });
      const noEmail = await seedAppointment(db(), { email: null });
      // Without an e-mail the new link goes to her phone (issue 27), and the answer says no e-mail went.
      expect((await call(t.app, s.staff, 'POST', `/api/appointments/${noEmail.id}/manage-link`)).json()).toEqual({
        message: M.manageLinkSent,
        emailStatus: 'none',
      });
    });

    it('an e-mail that never goes out keeps no private link either', async () => {
      const { appointmentId, manageToken } = await book({ email: 'never.sent@example.com', appointmentTime: '16:30' });
      const [queued] = await listOutboxEmails(db(), { appointmentId });
      expect(queued!.text).toContain(manageToken);
      expect(
        await claimEmailById(db(), queued!.id, clock.now(), new Date(clock.now().getTime() + 60_000)),
      ).toBeDefined();
      await markEmailFailed(db(), queued!.id, 'mailbox unavailable');
      const [failed] = await listOutboxEmails(db(), { appointmentId });
      expect(failed).toMatchObject({ status: 'failed' });
      expect(failed!.html + failed!.text).not.toContain(manageToken);
      expect(failed!.text).toContain('/appointment/manage/(đã ẩn)');
    });

    it('a follow-up the doctor books for a patient with an e-mail comes with her private link in its confirmation', async () => {
      const visit = await seedAppointment(db(), {
        status: 'CONFIRMED',
        doctorId: s.doctor.userId,
        email: 'follow.up@example.com',
        appointmentDate: DAYS.mon,
        appointmentTime: '08:00',
      });
      const done = await call(t.app, s.doctor, 'PUT', `/api/appointments/${visit.id}`, {
        notes: 'Tái khám sau 2 tuần.',
        status: 'COMPLETED',
        followUp: { appointmentDate: DAYS.fri, appointmentTime: '09:00' },
      });
      expect(done.statusCode, done.body).toBe(200);
      const mail = smtp.received.filter((m) => m.to.includes('follow.up@example.com')).at(-1)!;
      const token = linkIn(mail.raw)!;
      expect(token).toBeDefined();
      const managed = await manage(token);
      expect(managed.json()).toMatchObject({
        appointment: { id: done.json().followUp.id, status: 'CONFIRMED', appointmentDate: DAYS.fri },
        canCancel: false,
        canReschedule: false,
      });
      expect((await manage(token, 'GET', '/calendar.ics')).statusCode).toBe(200);
    });

    it('five link holders moving into the last place of a slot at once: exactly one gets it', async () => {
      const holders = [];
      for (let i = 0; i < 5; i++)
        holders.push(
          await book({ appointmentDate: DAYS.sat, appointmentTime: ['08:00', '08:30', '11:00', '11:30', '14:30'][i] }),
        );
      for (let i = 0; i < 2; i++)
        await seedAppointment(db(), { department: 'GYNECOLOGY', appointmentDate: DAYS.sat, appointmentTime: '15:00' });
      const answers = await Promise.all(
        holders.map((h) =>
          manage(h.manageToken, 'POST', '/reschedule', { appointmentDate: DAYS.sat, appointmentTime: '15:00' }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const inSlot = await Promise.all(holders.map((h) => findAppointment(db(), h.appointmentId)));
      expect(inSlot.filter((r) => r!.appointmentTime === '15:00')).toHaveLength(1);
    });
  });
}
