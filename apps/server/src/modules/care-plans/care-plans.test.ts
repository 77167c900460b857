import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CARE_PLAN_MSG, EXAMPLE_CARE_PLANS } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { rowsOf } from '../../db/client';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { appointments, carePlans, users, waitingListEntries } from '../../db/schema';
import { findAppointment, updateAppointment } from '../appointments/appointments.repository';
import { issueManageLink } from '../appointments/private-link/manage-token';
import { listOutboxEmails } from '../email/email.repository';
import { completeFinishedPlans } from './care-plans.service';
import { listMessages } from '../messaging/messaging.repository';

// The test clock is Monday 1 March 2027, 09:00 in the clinic; every test counts its own plan from its
// own anchor date, so each owns the slots it books.

/** A fertility cycle of two milestones: cycle days 2–3 and 7–8. */
const TEMPLATE = {
  name: 'Chu kỳ thử nghiệm',
  kind: 'FERTILITY',
  anchors: ['CYCLE_START'],
  milestones: [
    { key: 'baseline', label: 'Siêu âm đầu chu kỳ', department: 'FERTILITY', from: 2, to: 3 },
    { key: 'follicle', label: 'Siêu âm nang noãn', department: 'FERTILITY', from: 7, to: 8 },
  ],
};

for (const kind of dbKinds()) {
  describe(`care plans [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let templateId: number;
    let n = 0;
    const db = () => t.testDb.database.db;
    const phone = () => `0913${String(++n).padStart(6, '0')}`;
    const person = (overrides: Record<string, unknown> = {}) => ({
      fullName: 'Nguyễn Thị Hoa',
      phone: phone(),
      email: null,
      consentInPerson: true,
      ...overrides,
    });
    const start = (
      anchorDate: string,
      visits: { key: string; date?: string; time?: string; ifNoPlace?: string }[],
      extra = {},
    ) =>
      call(t.app, s.staff, 'POST', '/api/care-plans', {
        templateId,
        anchor: 'CYCLE_START',
        anchorDate,
        ...person(),
        ...extra,
        visits,
      });
    const plansOfPhone = (p: string) => db().select().from(carePlans).where(eq(carePlans.phone, p));

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM), env: { RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
      const res = await call(t.app, s.admin, 'POST', '/api/care-plans/templates', TEMPLATE);
      expect(res.statusCode, res.body).toBe(201);
      templateId = res.json().template.id;
    });
    afterAll(async () => t?.close());

    it('starts every database with the four example templates, marked example', async () => {
      const res = await call(t.app, s.staff, 'GET', '/api/care-plans/templates');
      expect(res.statusCode, res.body).toBe(200);
      const examples = res.json().templates.filter((x: { example: boolean }) => x.example);
      expect(examples.map((x: { name: string }) => x.name)).toEqual(EXAMPLE_CARE_PLANS.map((x) => x.name));
    });

    it('editing a template makes a new version; a running plan keeps its own', async () => {
      const created = await call(t.app, s.admin, 'POST', '/api/care-plans/templates', TEMPLATE);
      const id = created.json().template.id;
      const edited = await call(t.app, s.admin, 'PUT', `/api/care-plans/templates/${id}`, {
        ...TEMPLATE,
        name: 'Chu kỳ thử nghiệm (sửa)',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().template).toMatchObject({ version: 2, example: false });
      expect((await call(t.app, s.staff, 'POST', '/api/care-plans/templates', TEMPLATE)).statusCode).toBe(403);
    });

    it('proposes the first free slot inside each window that fits her preference, or says why none', async () => {
      // Cycle from Wednesday 10 March: days 2–3 are Thu 11 – Fri 12, days 7–8 Tue 16 – Wed 17.
      const res = await call(t.app, s.staff, 'POST', '/api/care-plans/proposal', {
        templateId,
        anchor: 'CYCLE_START',
        anchorDate: '2027-03-10',
        preferences: { weekday: 5, part: 'AFTERNOON' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [baseline, follicle] = res.json().visits;
      expect(baseline).toMatchObject({ windowStart: '2027-03-11', windowEnd: '2027-03-12', unbookable: null });
      expect(baseline.proposal).toMatchObject({ date: '2027-03-12', time: '13:30', dayText: 'Ngày 3 của chu kỳ' });
      // No Friday in the second window.
      expect(follicle).toMatchObject({ proposal: null, unbookable: 'NO_PLACE' });

      const past = await call(t.app, s.staff, 'POST', '/api/care-plans/proposal', {
        templateId,
        anchor: 'CYCLE_START',
        anchorDate: '2027-02-01',
      });
      expect(past.json().visits.map((v: { unbookable: string }) => v.unbookable)).toEqual(['PASSED', 'PASSED']);
    });

    it('books all or none: one full slot leaves nothing booked (409), then the whole plan books at once', async () => {
      const full = { appointmentDate: '2027-03-23', appointmentTime: '10:00', department: 'FERTILITY' };
      for (let i = 0; i < 3; i++) await seedAppointment(db(), { ...full, phone: phone(), status: 'CONFIRMED' });
      const p = phone();
      // Cycle from Wednesday 17 March: days 2–3 Thu 18 – Fri 19, days 7–8 Tue 23 – Wed 24.
      const refused = await start(
        '2027-03-17',
        [
          { key: 'baseline', date: '2027-03-18', time: '09:00' },
          { key: 'follicle', date: '2027-03-23', time: '10:00' },
        ],
        { phone: p },
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain(CARE_PLAN_MSG.slotTaken);
      expect(await db().select().from(appointments).where(eq(appointments.phone, p))).toEqual([]);
      expect(await plansOfPhone(p)).toEqual([]);

      const started = await start(
        '2027-03-17',
        [
          { key: 'baseline', date: '2027-03-18', time: '09:00' },
          { key: 'follicle', date: '2027-03-23', time: '10:30' },
        ],
        { phone: p },
      );
      expect(started.statusCode, started.body).toBe(201);
      const plan = started.json().plan;
      expect(plan.visits.map((v: { state: string }) => v.state)).toEqual(['BOOKED', 'BOOKED']);
      expect(plan.visits[0].appointment).toMatchObject({ date: '2027-03-18', dayText: 'Ngày 2 của chu kỳ' });
      const booked = await db().select().from(appointments).where(eq(appointments.phone, p));
      expect(booked).toHaveLength(2);
      // Her messages never name the plan: the booking carries no reason.
      expect(booked.every((a) => a.reason === null)).toBe(true);
    });

    it('a visit whose window is full waits on its slot when she gave an e-mail, and stays to book', async () => {
      const full = { appointmentDate: '2027-05-19', appointmentTime: '10:00', department: 'FERTILITY' };
      for (let i = 0; i < 3; i++) await seedAppointment(db(), { ...full, phone: phone(), status: 'CONFIRMED' });
      // Cycle from Thursday 13 May: days 7–8 are Wed 19 – Thu 20, and Wednesday's 10:00 is full.
      const started = await start(
        '2027-05-13',
        [{ key: 'baseline' }, { key: 'follicle', date: '2027-05-19', time: '10:00', ifNoPlace: 'WAIT' }],
        { email: 'hoa.cho@example.com' },
      );
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json().plan.visits.map((v: { state: string }) => v.state)).toEqual(['TO_BOOK', 'TO_BOOK']);
      const waiting = await db()
        .select()
        .from(waitingListEntries)
        .where(eq(waitingListEntries.email, 'hoa.cho@example.com'));
      expect(waiting).toMatchObject([{ ...full, status: 'WAITING' }]);
    });

    it('refuses a visit to wait on with no slot named (400): waiting is for one slot, not a call-back', async () => {
      const p = phone();
      const res = await start('2027-05-26', [{ key: 'baseline' }, { key: 'follicle', ifNoPlace: 'WAIT' }], {
        phone: p,
        email: 'hoa.khongcho@example.com',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(CARE_PLAN_MSG.waitNeedsSlot);
      const dateOnly = await start(
        '2027-05-26',
        [{ key: 'baseline' }, { key: 'follicle', date: '2027-06-01', ifNoPlace: 'WAIT' }],
        { phone: p, email: 'hoa.khongcho@example.com' },
      );
      expect(dateOnly.statusCode, dateOnly.body).toBe(400);
      expect(dateOnly.json().message).toBe(CARE_PLAN_MSG.waitNeedsSlot);
      expect(await plansOfPhone(p)).toEqual([]);
    });

    it('refuses a visit outside its window, and a list of visits that is not the plan', async () => {
      const outside = await start('2027-03-24', [
        { key: 'baseline', date: '2027-03-29', time: '09:00' },
        { key: 'follicle' },
      ]);
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toContain(CARE_PLAN_MSG.outsideWindow);
      const mismatch = await start('2027-03-24', [{ key: 'baseline' }]);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe(CARE_PLAN_MSG.visitsMismatch);
    });

    it('her private link moves a visit inside its window and refuses a date outside it; it shows her plan', async () => {
      // Cycle from Wednesday 31 March: days 2–3 Thu 1 – Fri 2 April.
      const started = await start(
        '2027-03-31',
        [{ key: 'baseline', date: '2027-04-01', time: '08:00' }, { key: 'follicle' }],
        { email: 'hoa.link@example.com' },
      );
      expect(started.statusCode, started.body).toBe(201);
      const appointmentId = started.json().plan.visits[0].appointment.id;
      const token = await issueManageLink(db(), appointmentId, t.clock.now());
      const move = (appointmentDate: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/appointments/manage/${token}/reschedule`,
          payload: { appointmentDate, appointmentTime: '14:00' },
        });
      const refused = await move('2027-04-05');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(`${CARE_PLAN_MSG.outsideWindow} (từ 01/04/2027 đến 02/04/2027)`);
      expect((await move('2027-04-02')).statusCode).toBe(200);

      const byLink = await t.app.inject({ method: 'GET', url: `/api/care-plans/by-link/${token}` });
      expect(byLink.statusCode, byLink.body).toBe(200);
      expect(byLink.json().plan).toMatchObject({ id: started.json().plan.id });
      expect(byLink.json().plan.phone).toBeUndefined();
      const asked = await t.app.inject({ method: 'POST', url: `/api/care-plans/by-link/${token}/stop-request` });
      expect(asked.statusCode, asked.body).toBe(200);
      const [row] = await db().select().from(carePlans).where(eq(carePlans.id, started.json().plan.id));
      expect(row!.stopRequestedAt).not.toBeNull();
      expect(row!.status).toBe('ACTIVE');
    });

    it('stopping a plan ends its future visits, a paid one with its refund, and tells her once', async () => {
      const started = await start(
        '2027-04-07',
        [
          { key: 'baseline', date: '2027-04-08', time: '08:00' },
          { key: 'follicle', date: '2027-04-13', time: '08:00' },
        ],
        { email: `dung.ke.hoach.${n}@example.vn` },
      );
      expect(started.statusCode, started.body).toBe(201);
      const [first, second] = started.json().plan.visits.map((v: { appointment: { id: number } }) => v.appointment.id);
      await updateAppointment(db(), first, { status: 'PAID', paymentCompleted: true, paymentAmount: 300_000 });
      const stopped = await call(t.app, s.staff, 'PUT', `/api/care-plans/${started.json().plan.id}/stop`, {
        reason: 'Bệnh nhân chuyển nơi khác',
      });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().plan.status).toBe('STOPPED');
      const paid = (await findAppointment(db(), first))!;
      expect(paid).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      expect((await findAppointment(db(), second))!.status).toBe('CANCELLED');
      // One cancellation, e-mail and phone, for both visits: the second listed, the refund named.
      const cancellations = [
        ...(await listOutboxEmails(db(), { appointmentId: first, kind: 'CANCELLATION' })),
        ...(await listOutboxEmails(db(), { appointmentId: second, kind: 'CANCELLATION' })),
      ];
      expect(cancellations).toHaveLength(1);
      expect(cancellations[0]!.text).toContain('Các lịch khám sau cũng đã được hủy:');
      expect(cancellations[0]!.text).toContain('08:00 13/04/2027');
      expect(cancellations[0]!.text).toContain('Bệnh nhân chuyển nơi khác');
      expect(cancellations[0]!.text).toContain('300.000');
      expect(cancellations[0]!.text).not.toContain(TEMPLATE.name);
      const phoneMessages = [
        ...(await listMessages(db(), { appointmentId: first })),
        ...(await listMessages(db(), { appointmentId: second })),
      ].filter((m) => m.template === 'CANCELLATION');
      expect(phoneMessages).toHaveLength(1);
    });

    it('a deletion asked by her link takes her off the plan holding that visit and stops it', async () => {
      const started = await start('2027-04-14', [
        { key: 'baseline', date: '2027-04-15', time: '08:30' },
        { key: 'follicle', date: '2027-04-20', time: '08:30' },
      ]);
      expect(started.statusCode, started.body).toBe(201);
      const plan = started.json().plan;
      const [first, second] = plan.visits.map((v: { appointment: { id: number } }) => v.appointment.id);
      const token = await issueManageLink(db(), first, t.clock.now());
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/privacy/link/${token}/requests`,
        payload: { kind: 'DELETION' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const done = await call(t.app, s.admin, 'POST', `/api/privacy/requests/${asked.json().request.id}/answer`, {
        outcome: 'DONE',
        answer: 'Phòng khám đã xóa dữ liệu của chị.',
      });
      expect(done.statusCode, done.body).toBe(200);
      const [row] = await db().select().from(carePlans).where(eq(carePlans.id, plan.id));
      expect(row).toMatchObject({ fullName: 'Đã xóa theo yêu cầu', phone: '', email: null, status: 'STOPPED' });
      expect(await plansOfPhone(plan.phone)).toEqual([]);
      // The visit of her link and the plan's other visit still to come end with it, without her details.
      for (const id of [first, second])
        expect(await findAppointment(db(), id)).toMatchObject({
          status: 'CANCELLED',
          fullName: 'Đã xóa theo yêu cầu',
          phone: '',
        });
    });

    it("a plan whose windows have all passed with nothing to come is completed by the day's upkeep; a running one is not", async () => {
      // Cycle from 1 February: its windows ended on 4 and 9 February, before today (1 March).
      const over = await start('2027-02-01', [{ key: 'baseline' }, { key: 'follicle' }]);
      expect(over.statusCode, over.body).toBe(201);
      const running = await start('2027-03-24', [{ key: 'baseline' }, { key: 'follicle' }]);
      expect(running.statusCode, running.body).toBe(201);
      const before = (await call(t.app, s.staff, 'GET', '/api/care-plans/summary')).json();

      expect(await completeFinishedPlans(t.app.deps)).toBeGreaterThanOrEqual(1);
      const plan = (id: number) => call(t.app, s.staff, 'GET', `/api/care-plans/${id}`);
      expect((await plan(over.json().plan.id)).json().status).toBe('COMPLETED');
      expect((await plan(running.json().plan.id)).json().status).toBe('ACTIVE');
      const after = (await call(t.app, s.staff, 'GET', '/api/care-plans/summary')).json();
      expect(after.running.FERTILITY).toBe(before.running.FERTILITY - 1);
      // Done once: a second run completes nothing more of these.
      await completeFinishedPlans(t.app.deps);
      expect((await plan(running.json().plan.id)).json().status).toBe('ACTIVE');
    });

    it('the call-back list shows a missed milestone and an unbooked one due within 14 days', async () => {
      // Cycle from Wednesday 3 March: days 2–3 Thu 4 – Fri 5 March, days 7–8 Tue 9 – Wed 10.
      const started = await start('2027-03-03', [
        { key: 'baseline', date: '2027-03-04', time: '15:00' },
        { key: 'follicle', ifNoPlace: 'CALL_BACK' },
      ]);
      expect(started.statusCode, started.body).toBe(201);
      const plan = started.json().plan;
      await updateAppointment(db(), plan.visits[0].appointment.id, { status: 'NO_SHOW' });
      const res = await call(t.app, s.staff, 'GET', '/api/care-plans/call-back');
      expect(res.statusCode, res.body).toBe(200);
      const mine = res.json().items.filter((i: { planId: number }) => i.planId === plan.id);
      expect(mine.map((i: { state: string }) => i.state)).toEqual(['MISSED', 'TO_BOOK']);

      const list = await call(t.app, s.staff, 'GET', `/api/care-plans?q=${plan.phone}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items).toMatchObject([{ id: plan.id, next: { state: 'MISSED' } }]);
      // Past the last page, and a filter nobody matches: the total still said.
      const past = await call(t.app, s.staff, 'GET', `/api/care-plans?q=${plan.phone}&page=3`);
      expect(past.json()).toMatchObject({ items: [], total: 1, page: 3 });
      const none = await call(t.app, s.doctor, 'GET', '/api/care-plans?q=khong-ai-ca');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toMatchObject({ items: [], total: 0 });
      const summary = await call(t.app, s.staff, 'GET', '/api/care-plans/summary');
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json().running.FERTILITY).toBeGreaterThan(0);
      const ofAppointment = await call(
        t.app,
        s.staff,
        'GET',
        `/api/care-plans/of-appointment/${plan.visits[0].appointment.id}`,
      );
      expect(ofAppointment.json()).toMatchObject({ plan: { id: plan.id }, visitId: plan.visits[0].id });
    });

    it('a back-office read of a plan, or a refused one, is logged as hers: her name, e-mail and an appointment of it', async () => {
      const started = await start(
        '2027-07-07',
        [
          { key: 'baseline', date: '2027-07-08', time: '09:00' },
          { key: 'follicle', date: '2027-07-13', time: '09:00' },
        ],
        { fullName: 'Lê Thị Nhật Ký', email: 'Nhat.Ky@example.com' },
      );
      expect(started.statusCode, started.body).toBe(201);
      const plan = started.json().plan;
      const phoneOnly = await start(
        '2027-07-14',
        [{ key: 'baseline', date: '2027-07-15', time: '09:00' }, { key: 'follicle' }],
        {
          fullName: 'Phạm Thị Không Thư',
        },
      );
      expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
      const [{ n: before }] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from access_records`),
      ) as [{ n: number }];
      expect((await call(t.app, s.staff, 'GET', `/api/care-plans/${plan.id}`)).statusCode).toBe(200);
      // The general practitioner has no visit of this plan: refused, and the attempt is logged as hers too.
      expect((await call(t.app, s.doctor, 'GET', `/api/care-plans/${plan.id}`)).statusCode).toBe(403);
      expect((await call(t.app, s.admin, 'GET', `/api/care-plans/${phoneOnly.json().plan.id}`)).statusCode).toBe(200);
      const rows = rowsOf<Record<string, unknown>>(
        await db().execute(sql`select actor_role, target, outcome, appointment_id, subject_email, subject_name
          from access_records order by id offset ${before}`),
      );
      expect(rows).toEqual([
        {
          actor_role: 'STAFF',
          target: 'PATIENT_DETAIL',
          outcome: 'READ',
          appointment_id: plan.visits[0].appointment.id,
          subject_email: 'nhat.ky@example.com',
          subject_name: 'Lê Thị Nhật Ký',
        },
        {
          actor_role: 'DOCTOR',
          target: 'PATIENT_DETAIL',
          outcome: 'REFUSED',
          appointment_id: plan.visits[0].appointment.id,
          subject_email: 'nhat.ky@example.com',
          subject_name: 'Lê Thị Nhật Ký',
        },
        {
          actor_role: 'ADMIN',
          target: 'PATIENT_DETAIL',
          outcome: 'READ',
          appointment_id: phoneOnly.json().plan.visits[0].appointment.id,
          subject_email: null,
          subject_name: 'Phạm Thị Không Thư',
        },
      ]);
      // The access log screen finds them by her e-mail, and the phone-only one by its appointment.
      const byEmail = await call(t.app, s.admin, 'GET', '/api/privacy/access-log?email=nhat.ky@example.com');
      expect(byEmail.json().items.map((r: { outcome: string }) => r.outcome)).toEqual(['REFUSED', 'READ']);
      const byAppointment = await call(
        t.app,
        s.admin,
        'GET',
        `/api/privacy/access-log?appointmentId=${phoneOnly.json().plan.visits[0].appointment.id}`,
      );
      expect(byAppointment.json().items).toMatchObject([{ subjectName: 'Phạm Thị Không Thư', actorRole: 'ADMIN' }]);
    });

    it('a patient reads only her own plans', async () => {
      const [me] = await db().select().from(users).where(eq(users.username, 'patient'));
      const own = await start('2027-04-14', [{ key: 'baseline' }, { key: 'follicle' }], { email: me!.email });
      const other = await start('2027-04-14', [{ key: 'baseline' }, { key: 'follicle' }], {
        email: 'nguoi.khac@example.com',
      });
      expect(own.statusCode, own.body).toBe(201);
      const mine = await call(t.app, s.patient, 'GET', '/api/care-plans/mine');
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().plans.map((p: { id: number }) => p.id)).toEqual([own.json().plan.id]);
      expect((await call(t.app, s.patient, 'GET', `/api/care-plans/${own.json().plan.id}`)).statusCode).toBe(403);
      const askOther = await call(
        t.app,
        s.patient,
        'POST',
        `/api/care-plans/mine/${other.json().plan.id}/stop-request`,
      );
      expect(askOther.statusCode).toBe(404);
      const askOwn = await call(t.app, s.patient, 'POST', `/api/care-plans/mine/${own.json().plan.id}/stop-request`);
      expect(askOwn.statusCode, askOwn.body).toBe(200);
    });

    it('re-dating moves the remaining visits into their new windows', async () => {
      const started = await start('2027-04-21', [
        { key: 'baseline', date: '2027-04-22', time: '11:00' },
        { key: 'follicle', date: '2027-04-27', time: '11:00' },
      ]);
      const id = started.json().plan.id;
      const proposal = await call(t.app, s.doctor, 'POST', `/api/care-plans/${id}/redate/proposal`, {
        anchor: 'CYCLE_START',
        anchorDate: '2027-04-23',
      });
      expect(proposal.statusCode, proposal.body).toBe(200);
      const visits = proposal.json().visits;
      // From Friday 23 April: days 2–3 are Saturday 24 and Sunday 25 (a Saturday is a working day).
      expect(visits[0]).toMatchObject({ windowStart: '2027-04-24', windowEnd: '2027-04-25' });
      const body = {
        anchor: 'CYCLE_START',
        anchorDate: '2027-04-23',
        visits: visits.map((v: { visitId: number; proposal: { date: string; time: string } }) => ({
          visitId: v.visitId,
          date: v.proposal.date,
          time: v.proposal.time,
        })),
      };
      const before = started.json().plan.visits.map((v: { appointment: { date: string } }) => v.appointment.date);
      const told = async () =>
        (
          await Promise.all(
            started
              .json()
              .plan.visits.map((v: { appointment: { id: number } }) =>
                listMessages(db(), { appointmentId: v.appointment.id }),
              ),
          )
        )
          .flat()
          .filter((m) => m.template === 'UPDATE_NOTIFICATION').length;

      // The doctor cannot move her visits himself: he asks, the plan keeps the request, nothing moves.
      expect((await call(t.app, s.doctor, 'POST', `/api/care-plans/${id}/redate`, body)).statusCode).toBe(403);
      const outside = await call(t.app, s.doctor, 'POST', `/api/care-plans/${id}/redate/request`, {
        ...body,
        visits: [{ ...body.visits[0], date: '2027-04-30' }],
      });
      expect(outside.statusCode, outside.body).toBe(400);
      const asked = await call(t.app, s.doctor, 'POST', `/api/care-plans/${id}/redate/request`, body);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().message).toBe(CARE_PLAN_MSG.redateAsked);
      expect(asked.json().plan.pendingRedate).toMatchObject({
        anchor: 'CYCLE_START',
        anchorDate: '2027-04-23',
        askedByName: expect.any(String),
        visits: body.visits,
      });
      expect(asked.json().plan.anchorDate).toBe('2027-04-21');
      expect(asked.json().plan.visits.map((v: { appointment: { date: string } }) => v.appointment.date)).toEqual(
        before,
      );
      expect(await told()).toBe(0);
      const listed = await call(t.app, s.staff, 'GET', '/api/care-plans?size=100');
      expect(listed.json().items.find((p: { id: number }) => p.id === id).pendingRedateAt).toEqual(expect.any(String));

      // The desk confirms what he asked: the visits move, the request is done with, she is told once.
      const redated = await call(t.app, s.staff, 'POST', `/api/care-plans/${id}/redate`, body);
      expect(redated.statusCode, redated.body).toBe(200);
      const plan = redated.json().plan;
      expect(plan.pendingRedate).toBeNull();
      expect(plan.anchorDate).toBe('2027-04-23');
      for (const v of plan.visits) {
        expect(v.appointment.date >= v.windowStart && v.appointment.date <= v.windowEnd).toBe(true);
      }
      expect(await told()).toBe(1);
      const none = await call(t.app, s.staff, 'DELETE', `/api/care-plans/${id}/redate/request`);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(CARE_PLAN_MSG.noPendingRedate);
    });

    it("the desk can turn a doctor's re-dating down: the plan and her visits stay as they were", async () => {
      const started = await start('2027-05-05', [
        { key: 'baseline', date: '2027-05-06', time: '11:00' },
        { key: 'follicle', date: '2027-05-11', time: '11:00' },
      ]);
      expect(started.statusCode, started.body).toBe(201);
      const id = started.json().plan.id;
      const asked = await call(t.app, s.doctor, 'POST', `/api/care-plans/${id}/redate/request`, {
        anchor: 'CYCLE_START',
        anchorDate: '2027-05-06',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await call(t.app, s.doctor, 'DELETE', `/api/care-plans/${id}/redate/request`)).statusCode).toBe(403);
      const declined = await call(t.app, s.staff, 'DELETE', `/api/care-plans/${id}/redate/request`);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json()).toMatchObject({
        message: CARE_PLAN_MSG.redateDeclined,
        plan: { pendingRedate: null, anchorDate: '2027-05-05' },
      });
    });

    it('re-dating by a week moves each weekly visit into the slot the next one is leaving (her own, not a clash)', async () => {
      const weekly = await call(t.app, s.admin, 'POST', '/api/care-plans/templates', {
        name: 'Tái khám hằng tuần thử nghiệm',
        kind: 'CONTRACEPTION',
        anchors: ['PROCEDURE'],
        milestones: [
          {
            key: 'weekly',
            label: 'Tái khám hằng tuần',
            department: 'FAMILY_PLANNING',
            from: 7,
            to: 13,
            repeat: { fromStep: 7, toStep: 7, times: 3 },
          },
        ],
      });
      expect(weekly.statusCode, weekly.body).toBe(201);
      // From Monday 3 May: Mondays 10, 17 and 24 May at 10:00, each on the first day of its window.
      const started = await call(t.app, s.staff, 'POST', '/api/care-plans', {
        templateId: weekly.json().template.id,
        anchor: 'PROCEDURE',
        anchorDate: '2027-05-03',
        ...person(),
        visits: ['2027-05-10', '2027-05-17', '2027-05-24'].map((date, i) => ({
          key: `weekly#${i + 1}`,
          date,
          time: '10:00',
        })),
      });
      expect(started.statusCode, started.body).toBe(201);
      const plan = started.json().plan;
      // A week later: each visit to the slot its next one holds now, the last to a free one.
      const redated = await call(t.app, s.staff, 'POST', `/api/care-plans/${plan.id}/redate`, {
        anchor: 'PROCEDURE',
        anchorDate: '2027-05-10',
        visits: plan.visits.map((v: { id: number; appointment: { date: string } }, i: number) => ({
          visitId: v.id,
          date: ['2027-05-17', '2027-05-24', '2027-05-31'][i],
          time: '10:00',
        })),
      });
      expect(redated.statusCode, redated.body).toBe(200);
      expect(
        redated.json().plan.visits.map((v: { appointment: { date: string; time: string } }) => v.appointment.date),
      ).toEqual(['2027-05-17', '2027-05-24', '2027-05-31']);
    });
  });
}
