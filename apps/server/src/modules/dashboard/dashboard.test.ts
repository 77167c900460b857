import { sql } from 'drizzle-orm';
import { paymentAttempts, waitingListEntries } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_MSG,
  SAMPLE_DATA,
  type AppointmentStatus,
  type Dashboard,
  type SampleDataProgress,
} from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';

/**
 * Dashboard figures against a fixture counted by hand, around the clinic's midnight between March
 * and April 2027 (UTC still says 31 March), with the process in UTC.
 */
for (const kind of dbKinds()) {
  describe(`dashboard [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const APRIL_FIRST_0030 = '2027-03-31T17:30:00Z';
    const MARCH_LAST_2330 = '2027-03-31T16:30:00Z';
    const clock = fixedClock(APRIL_FIRST_0030);
    const previousTz = process.env.TZ;
    const db = () => t.testDb.database.db;
    const dashboard = async (who: keyof Sessions) => {
      const res = await call(t.app, s[who], 'GET', '/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Dashboard;
    };
    let before: Dashboard;
    let doctorBefore: Dashboard;

    beforeAll(async () => {
      process.env.TZ = 'UTC';
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      before = await dashboard('admin');
      doctorBefore = await dashboard('doctor2');
      const doctor2 = s.doctor2.userId;
      const add = (
        appointmentDate: string,
        status: AppointmentStatus,
        paymentAmount: number | null,
        doctorId: number | null = null,
      ) =>
        seedAppointment(db(), {
          appointmentDate,
          status,
          paymentAmount,
          doctorId,
          paymentCompleted: status === 'PAID' || status === 'COMPLETED',
        });
      await add('2027-02-15', 'COMPLETED', 1_200_000);
      await add('2027-03-31', 'COMPLETED', 300_000, doctor2);
      await add('2027-03-31', 'PAID', null, doctor2);
      await add('2027-03-31', 'CANCELLED', null);
      await add('2027-04-01', 'COMPLETED', 800_000, doctor2);
      await add('2027-04-01', 'PAYMENT_REQUESTED', 450_000);
      await add('2027-04-01', 'NEEDS_PAYMENT', null, doctor2);
      await add('2027-04-01', 'PENDING', null);
    });
    afterAll(async () => {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
      await t?.close();
    });

    it("counts the clinic's appointments, revenue and pending payments, a visit without an amount at 500.000đ", async () => {
      const after = await dashboard('admin');
      expect(after.scope).toBe('clinic');
      expect(after.appointments.total - before.appointments.total).toBe(8);
      expect(after.appointments.pending - before.appointments.pending).toBe(1);
      expect(after.appointments.today).toBe(4);
      expect(after.revenue.total - before.revenue.total).toBe(1_200_000 + 300_000 + 500_000 + 800_000);
      expect(after.revenue.paidVisits - before.revenue.paidVisits).toBe(4);
      expect(after.pendingPayments.count - before.pendingPayments.count).toBe(2);
      expect(after.pendingPayments.amount - before.pendingPayments.amount).toBe(450_000 + 500_000);
      const [users] = (
        (await db().execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(after.people).toBe(users!.n);
    });

    it("shows the last six months in the clinic's zone, with the growth against the same days of last month", async () => {
      const after = await dashboard('admin');
      expect(after.months.map((m) => m.month)).toEqual([
        '2026-11',
        '2026-12',
        '2027-01',
        '2027-02',
        '2027-03',
        '2027-04',
      ]);
      expect(after.months.slice(3)).toEqual([
        { month: '2027-02', appointments: 1, completed: 1, revenue: 1_200_000 },
        { month: '2027-03', appointments: 3, completed: 1, revenue: 800_000 },
        { month: '2027-04', appointments: 4, completed: 1, revenue: 800_000 },
      ]);
      expect(after.revenue).toMatchObject({ thisMonth: 800_000, lastMonth: 800_000 });
      // Like with like (issue 25): on the 1st, April 1 against March 1, which had none.
      expect(after.growth).toEqual({ appointments: null, revenue: null, throughDay: 1 });

      clock.set(MARCH_LAST_2330);
      try {
        const march = await dashboard('admin');
        expect(march.months.at(-1)).toEqual({ month: '2027-03', appointments: 3, completed: 1, revenue: 800_000 });
        // March 1–31 against February 1–28 (its last day): the whole months.
        expect(march.growth).toEqual({ appointments: 200, revenue: -33.3, throughDay: 31 });
        expect(march.appointments.today).toBe(2);
        // On March 20, March's first twenty days (none yet) against February's (the visit of the 15th), not
        // against the whole of February.
        clock.set('2027-03-20T05:00:00Z');
        expect((await dashboard('admin')).growth).toEqual({ appointments: -100, revenue: -100, throughDay: 20 });
      } finally {
        clock.set(APRIL_FIRST_0030);
      }
    });

    it('counts a person who has just joined a waiting list, though the dashboard was read a moment before', async () => {
      const waitingBefore = (await dashboard('admin')).waitingList!.waiting;
      await db()
        .insert(waitingListEntries)
        .values({
          appointmentDate: '2027-04-05',
          appointmentTime: '09:00',
          department: 'GYNECOLOGY',
          slotStartsAt: new Date('2027-04-05T02:00:00Z'),
          fullName: 'Người chờ bảng điều khiển',
          phone: '0912000111',
          email: 'cho.dashboard@example.com',
          status: 'WAITING',
          tokenHash: `dashboard-waiting-${kind}`,
          siteOrigin: 'http://localhost',
        });
      expect((await dashboard('admin')).waitingList!.waiting).toBe(waitingBefore + 1);
    });

    it('gives a doctor the figures of his own appointments only', async () => {
      const after = await dashboard('doctor2');
      expect(after.scope).toBe('doctor');
      expect(after.appointments.total - doctorBefore.appointments.total).toBe(4);
      expect(after.revenue.total - doctorBefore.revenue.total).toBe(300_000 + 500_000 + 800_000);
      expect(after.pendingPayments.count - doctorBefore.pendingPayments.count).toBe(1);
      expect(after.months.at(-1)).toEqual({ month: '2027-04', appointments: 2, completed: 1, revenue: 800_000 });
      expect(after.sampleDataAvailable).toBe(false);
      // Another doctor's appointment changes nothing for him.
      const other = await dashboard('doctor');
      expect(other.months.at(-1)!.appointments).toBe(0);
    });

    // Issue 29: a patient who typed /admin saw the clinic's revenue, pending payments and user count.
    it('gives a patient the figures of her own bookings only: no clinic revenue, no account count', async () => {
      const mine = await dashboard('patient');
      const herId = s.patient.userId;
      const her = (status: AppointmentStatus, appointmentDate: string, paymentAmount: number | null) =>
        seedAppointment(db(), {
          userId: herId,
          status,
          appointmentDate,
          paymentAmount,
          paymentCompleted: status === 'COMPLETED',
        });
      await her('COMPLETED', '2027-04-01', 700_000);
      await her('PAYMENT_REQUESTED', '2027-04-01', 250_000);
      await her('PENDING', '2027-03-20', null);
      const after = await dashboard('patient');
      expect(after).toMatchObject({ scope: 'patient', people: null, waitingList: null, sampleDataAvailable: false });
      const [count] = (
        (await db().execute(sql`select count(*)::int as n from appointments where user_id = ${herId}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(after.appointments.total).toBe(count!.n);
      expect(after.appointments.total - mine.appointments.total).toBe(3);
      expect(after.revenue.total - mine.revenue.total).toBe(700_000);
      expect(after.revenue.paidVisits - mine.revenue.paidVisits).toBe(1);
      expect(after.pendingPayments).toEqual({
        count: mine.pendingPayments.count + 1,
        amount: mine.pendingPayments.amount + 250_000,
      });
      expect(after.months.at(-1)).toEqual({ month: '2027-04', appointments: 2, completed: 1, revenue: 700_000 });
      const clinic = await dashboard('admin');
      expect(after.revenue.total).toBeLessThan(clinic.revenue.total);
      expect(after.appointments.total).toBeLessThan(clinic.appointments.total);
    });

    it('generates six months of sample appointments for an administrator, month by month', async () => {
      expect((await dashboard('admin')).sampleDataAvailable).toBe(true);
      const res = await call(t.app, s.admin, 'POST', '/api/dashboard/sample-data');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/x-ndjson');
      const lines = res.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as SampleDataProgress);
      expect(lines.map((l) => l.done)).toEqual([1, 2, 3, 4, 5, 6, 6]);
      expect(lines.at(-1)).toMatchObject({ finished: true, total: 6 });
      const created = lines.at(-1)!.created;
      // This month has its first day only before today, so it may hold fewer.
      expect(created).toBeGreaterThanOrEqual(5 * SAMPLE_DATA.minPerMonth);
      expect(created).toBeLessThanOrEqual(6 * SAMPLE_DATA.maxPerMonth);
      const [made] = (
        (await db().execute(sql`
        select count(*)::int as n, min(appointment_date)::text as first, max(appointment_date)::text as last,
          bool_and(status in ('COMPLETED', 'PAID', 'CANCELLED', 'NO_SHOW', 'PAYMENT_REQUESTED')) as statuses,
          bool_and(department in ('REPRODUCTIVE_HEALTH', 'GYNECOLOGY', 'OBSTETRICS', 'FAMILY_PLANNING', 'STI_TESTING', 'FERTILITY', 'GENERAL_PRACTICE')) as departments
        from appointments where reason = 'Dữ liệu mẫu'`)) as unknown as {
          rows: { n: number; first: string; last: string; statuses: boolean; departments: boolean }[];
        }
      ).rows;
      expect(made).toMatchObject({ n: created, statuses: true, departments: true });
      expect(made!.first >= '2026-11-01' && made!.last < '2027-04-01').toBe(true);
      const outbox = (
        (await db().execute(
          sql`select count(*)::int as n from email_outbox where to_address like 'mau.%'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(outbox[0]!.n).toBe(0);
    });

    it('refuses the generator to everyone but an administrator', async () => {
      expect((await call(t.app, s.staff, 'POST', '/api/dashboard/sample-data')).statusCode).toBe(403);
      expect((await call(t.app, s.doctor, 'POST', '/api/dashboard/sample-data')).statusCode).toBe(403);
    });

    it('values a visit paid online at what the ledger took, and keeps the 500.000đ estimate only for a paid visit without any amount', async () => {
      const was = await dashboard('admin');
      const paidOnline = async (recorded: number | null, taken: number, deposit = 0) => {
        const row = await seedAppointment(db(), {
          appointmentDate: '2027-04-01',
          status: 'PAID',
          paymentAmount: recorded,
          paymentCompleted: true,
        });
        const attempt = (kind: 'VISIT' | 'DEPOSIT', amount: number) => ({
          appointmentId: row.id,
          kind,
          provider: 'VNPAY' as const,
          reference: `AT${row.id}XLEDGER${kind}`,
          amount,
          status: 'PAID' as const,
          createdAt: clock.now(),
          paidAt: clock.now(),
        });
        await db()
          .insert(paymentAttempts)
          .values([
            ...(taken > 0 ? [attempt('VISIT', taken)] : []),
            ...(deposit > 0 ? [attempt('DEPOSIT', deposit)] : []),
          ]);
      };
      // The ledger's amount, not the visit's (350.000đ taken against 300.000đ recorded), nor the estimate.
      await paidOnline(300_000, 350_000);
      await paidOnline(null, 420_000);
      // Issue 35: a deposit and the rest paid online, 380.000đ recorded, is worth what both took
      // (it was worth nothing: the recorded amount taken off once per payment); a deposit with the
      // rest paid at the desk keeps its recorded 450.000đ (it was worth the deposit alone).
      await paidOnline(380_000, 180_000, 200_000);
      await paidOnline(450_000, 0, 200_000);
      // Paid at the desk with nothing recorded: still the estimate.
      await seedAppointment(db(), {
        appointmentDate: '2027-04-01',
        status: 'PAID',
        paymentAmount: null,
        paymentCompleted: true,
      });
      const now = await dashboard('admin');
      const valued = 350_000 + 420_000 + 500_000 + 380_000 + 450_000;
      expect(now.revenue.total - was.revenue.total).toBe(valued);
      expect(now.revenue.thisMonth - was.revenue.thisMonth).toBe(valued);
      expect(now.months.at(-1)!.revenue - was.months.at(-1)!.revenue).toBe(valued);
      expect(now.revenue.online - was.revenue.online).toBe(350_000 + 420_000 + 380_000);
      expect(now.revenue.estimatedVisits - was.revenue.estimatedVisits).toBe(1);
      expect(now.revenue.paidVisits - was.revenue.paidVisits).toBe(5);
    });
  });
}

describe('dashboard in production', () => {
  it('refuses the sample-data generator', async () => {
    const t = await buildTestApp('pglite', {
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        PUBLIC_URL: 'https://antamclinic.vn',
        // The demo admin has no second factor; this test is about the generator.
        MFA_REQUIRED_ROLES: 'none',
      },
    });
    try {
      const s = await signInAll(t.app);
      const res = await call(t.app, s.admin, 'POST', '/api/dashboard/sample-data');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SAMPLE_DATA_REFUSED', message: DASHBOARD_MSG.sampleRefused });
      expect((await call(t.app, s.admin, 'GET', '/api/dashboard')).json().sampleDataAvailable).toBe(false);
    } finally {
      await t.close();
    }
  });
});
