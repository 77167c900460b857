import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_REPORT_METHODS, type LedgerSummary, type PaymentReportMethod } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { booking, call, DAYS, signInAll, type Sessions } from '../../../test/appointments';
import { rowsOf } from '../../db/client';
import { processDueMessages } from '../messaging/messaging.service';
import { startPhoneSimulator, type PhoneSimulator } from '../messaging/phone-simulator.mjs';
import { simulatedZnsTemplates } from '../messaging/templates';

/**
 * Issue 35: a played day of money adds up. Deposits by VNPay, MoMo and VietQR through the
 * simulators' and the bank's real callbacks, a payment request paid from the short link of her Zalo, a payment at
 * the desk, a deposit that covers its visit, a cancelled deposit refunded: the Dashboard's money of
 * the day, the payments report's and what the ledger took less what it gave back are one figure.
 */
const DEPOSIT = 200_000;
/** Tuesday 2 March 2027, 08:00 in Hồ Chí Minh City. */
const TUESDAY_8AM = '2027-03-02T01:00:00Z';
/** 23:30 on the Monday before, clinic time: the previous day's money. */
const MONDAY_LATE = '2027-03-01T16:30:00Z';
const at = (minutes: number) => new Date(new Date(TUESDAY_8AM).getTime() + minutes * 60_000).toISOString();

for (const kind of dbKinds()) {
  describe(`the money of a day [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let phones: PhoneSimulator;
    const clock = fixedClock(TUESDAY_8AM);
    let n = 0;
    let bankId = 81_000;

    beforeAll(async () => {
      // MoMo's create call and the refund calls are real HTTP POSTs to the simulators: the app listens.
      const port = 38_000 + Math.floor(Math.random() * 2000);
      // Zalo and the SMS provider, simulated on their own protocols: what her phone received.
      const keys = { zaloToken: 'zalo-ledger-token', oaSecret: 'oa-ledger-secret', smsApiKey: 'k', smsSecretKey: 's' };
      phones = await startPhoneSimulator({ ...keys, templates: simulatedZnsTemplates() });
      t = await buildTestApp(kind, {
        clock,
        env: {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          RATE_LIMIT_PUBLIC: '1000',
          ZALO_API_URL: phones.url,
          ZALO_ACCESS_TOKEN: keys.zaloToken,
          ZALO_OA_SECRET: keys.oaSecret,
          SMS_API_URL: phones.url,
          SMS_API_KEY: keys.smsApiKey,
          SMS_SECRET_KEY: keys.smsSecretKey,
        },
      });
      await t.app.listen({ port, host: '127.0.0.1' });
      s = await signInAll(t.app);
      const set = await call(t.app, s.admin, 'PUT', '/api/departments/FERTILITY/deposit', { depositAmount: DEPOSIT });
      expect(set.statusCode, set.body).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      await phones?.close();
    });

    /**
     * A public booking in a department with a deposit: its id and the pay token it answers with.
     * Without an e-mail, she is reached only on her phone.
     */
    async function booked(time: string, { phoneOnly = false } = {}) {
      n += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          appointmentDate: DAYS.thu,
          appointmentTime: time,
          department: 'FERTILITY',
          fullName: `Khách Sổ ${n}`,
          phone: `0966${String(n).padStart(6, '0')}`,
          email: phoneOnly ? '' : `so.${n}@example.com`,
        }),
        remoteAddress: '10.35.0.1',
      });
      expect(res.statusCode, res.body).toBe(201);
      return {
        id: res.json().appointmentId as number,
        token: res.json().deposit.payToken as string,
        msisdn: `84966${String(n).padStart(6, '0')}`,
      };
    }

    const start = async (token: string, method: 'VNPAY' | 'MOMO' | 'VIETQR') => {
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/pay/${token}/start`, payload: { method } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { redirectUrl: string | null; reference: string; amount: number };
    };

    /** She pays: in the VNPay or MoMo simulator ("Thanh toán", whose IPN settles it), or by a bank transfer. */
    async function pay(token: string, method: 'VNPAY' | 'MOMO' | 'VIETQR') {
      const started = await start(token, method);
      if (method === 'VIETQR') {
        const hook = await t.app.inject({
          method: 'POST',
          url: '/api/payments/vietqr/webhook',
          headers: { authorization: `Apikey ${t.config.payments.vietqr.webhookSecret}` },
          payload: {
            id: (bankId += 1),
            gateway: 'Vietcombank',
            transactionDate: '2027-03-02 09:20:00',
            accountNumber: t.config.payments.vietqr.accountNo,
            content: `CK ${started.reference}`,
            transferType: 'in',
            transferAmount: started.amount,
            referenceCode: `FT2706${bankId}`,
          },
        });
        expect(hook.json()).toEqual({ success: true });
        return started.amount;
      }
      const url = new URL(started.redirectUrl!);
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      const payHref = /href="([^"]+sim_choice=pay[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
      expect((await t.app.inject({ method: 'GET', url: payHref })).statusCode).toBe(303);
      return started.amount;
    }

    const moneyOfDashboard = async () => {
      const res = await call(t.app, s.admin, 'GET', '/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().today as LedgerSummary & { day: string };
    };
    const moneyOfReport = async (day: string) => {
      const res = await call(t.app, s.staff, 'GET', `/api/payments/report?period=custom&from=${day}&to=${day}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LedgerSummary & { days: { day: string; method: PaymentReportMethod }[] };
    };

    it('the Dashboard and the payments report show the same in, refunds out and net, and they equal what the ledger took and gave back', async () => {
      // The evening before: a deposit paid at 23:30 belongs to Monday, not to the day played.
      clock.set(MONDAY_LATE);
      await pay((await booked('08:00')).token, 'VNPAY');

      clock.set(at(0));
      const empty = await moneyOfDashboard();
      expect(empty.day).toBe(DAYS.tue);
      expect(empty.total).toEqual({ count: 0, amount: 0, refundCount: 0, refundAmount: 0, net: 0 });

      // Three deposits, one by each method, through the simulators' and the bank's callbacks.
      const byVnpay = await booked('09:00');
      const byMomo = await booked('09:30');
      const byQr = await booked('10:00', { phoneOnly: true });
      clock.set(at(5));
      await pay(byVnpay.token, 'VNPAY');
      await pay(byMomo.token, 'MOMO');
      await pay(byQr.token, 'VIETQR');

      // A visit's payment request (the deposit counted: she pays the rest). She gave no e-mail: the
      // Zalo she receives says the rest and carries the short form of her pay link, which she follows.
      clock.set(at(60));
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${byQr.id}/confirm`)).statusCode).toBe(200);
      const asked = await call(t.app, s.staff, 'PUT', `/api/appointments/${byQr.id}/request-payment`, {
        amount: 380_000,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      await processDueMessages({ ...t.app.deps, db: t.testDb.database.db, clock });
      const zalo = phones.inbox.filter((m) => m.phone === byQr.msisdn && m.channel === 'zalo' && m.data?.amount);
      expect(zalo).toHaveLength(1);
      expect(zalo[0]!.data).toMatchObject({ amount: '180.000 VNĐ', time: '10:00' });
      const code = /\/l\/([A-Za-z0-9_-]{22})$/.exec(zalo[0]!.data!.link ?? '')?.[1];
      expect(code, zalo[0]!.data!.link).toBeDefined();
      const opened = await t.app.inject({ method: 'GET', url: `/l/${code}` });
      expect(opened.statusCode).toBe(302);
      const payToken = /^\/pay\/([A-Za-z0-9_-]{43})$/.exec(opened.headers.location as string)?.[1];
      expect(payToken, opened.headers.location as string).toBeDefined();
      expect(payToken).not.toBe(byQr.token);
      const payPage = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${payToken}` });
      expect(payPage.json()).toMatchObject({ appointmentId: byQr.id, amount: 180_000, payable: true });
      expect(await pay(payToken!, 'VNPAY')).toBe(180_000);

      // A deposit that covers the visit makes it paid at once: no money at the desk.
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${byMomo.id}/confirm`)).statusCode).toBe(200);
      const covered = await call(t.app, s.staff, 'PUT', `/api/appointments/${byMomo.id}/request-payment`, {
        amount: DEPOSIT,
      });
      expect(covered.json().appointment).toMatchObject({ status: 'PAID' });

      // A visit paid at the desk, without a deposit.
      const desk = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ appointmentDate: DAYS.thu, appointmentTime: '11:00', department: 'GYNECOLOGY' }),
        remoteAddress: '10.35.0.2',
      });
      const deskId = desk.json().appointmentId as number;
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${deskId}/confirm`)).statusCode).toBe(200);
      await call(t.app, s.staff, 'PUT', `/api/appointments/${deskId}/request-payment`, { amount: 450_000 });
      const marked = await call(t.app, s.staff, 'POST', `/api/appointments/${deskId}/handle-payment`, {
        status: 'PAID',
      });
      expect(marked.statusCode, marked.body).toBe(200);

      // The VNPay deposit's booking is cancelled: its deposit goes back through VNPay's refund call.
      clock.set(at(120));
      const cancelled = await call(t.app, s.staff, 'PUT', `/api/appointments/${byVnpay.id}/cancel`, {
        reason: 'Bệnh nhân đổi ý',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const refunds = (await call(t.app, s.staff, 'GET', `/api/appointments/${byVnpay.id}/payments`)).json().refunds;
      expect(refunds).toEqual([expect.objectContaining({ provider: 'VNPAY', amount: DEPOSIT, status: 'DONE' })]);

      const dashboard = await moneyOfDashboard();
      const report = await moneyOfReport(DAYS.tue);
      const line = (method: PaymentReportMethod, count: number, amount: number, refundCount = 0, refundAmount = 0) => ({
        method,
        count,
        amount,
        refundCount,
        refundAmount,
      });
      const expected = {
        byMethod: [
          line('VNPAY', 2, DEPOSIT + 180_000, 1, DEPOSIT),
          line('MOMO', 1, DEPOSIT),
          line('VIETQR', 1, DEPOSIT),
          line('DESK', 1, 450_000),
        ],
        total: {
          count: 5,
          amount: 3 * DEPOSIT + 180_000 + 450_000,
          refundCount: 1,
          refundAmount: DEPOSIT,
          net: 2 * DEPOSIT + 180_000 + 450_000,
        },
      };
      expect(dashboard).toEqual({ day: DAYS.tue, ...expected });
      expect({ byMethod: report.byMethod, total: report.total }).toEqual(expected);
      expect(report.byMethod.map((m) => m.method)).toEqual([...PAYMENT_REPORT_METHODS]);

      // What the ledger itself holds for the day: the money its attempts took, less the refunds done.
      const day = { start: new Date(at(-60)), end: new Date(new Date(at(-60)).getTime() + 86_400_000) };
      const [start, end] = [day.start.toISOString(), day.end.toISOString()];
      const ledger = rowsOf<{ taken: string; back: string }>(
        await t.app.deps.db.execute(sql`select
          (select coalesce(sum(amount), 0) from payment_attempts where status in ('PAID', 'REFUND_DUE')
             and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz) as taken,
          (select coalesce(sum(amount), 0) from refunds where status = 'DONE'
             and done_at >= ${start}::timestamptz and done_at < ${end}::timestamptz) as back`),
      );
      const { taken, back } = ledger[0]!;
      expect(report.total.amount - report.byMethod[3]!.amount).toBe(Number(taken));
      expect(report.total.refundAmount).toBe(Number(back));
      expect(dashboard.total.net).toBe(Number(taken) + 450_000 - Number(back));

      // The evening before kept its own deposit.
      const monday = await moneyOfReport(DAYS.mon);
      expect(monday.total).toEqual({ count: 1, amount: DEPOSIT, refundCount: 0, refundAmount: 0, net: DEPOSIT });
    });
  });
}
