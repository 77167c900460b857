import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SIMULATOR_KEYS } from '../../config';
import { emailOutbox, messageOutbox } from '../../db/schema';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { booking, call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { findAppointment } from '../appointments/appointments.repository';
import { listOutboxEmails } from '../email/email.repository';
import { processDueEmails } from '../email/email.service';
import { processDueMessages } from '../messaging/messaging.service';
import { momoSignIpn } from './momo';
import { insertPaymentAttempt } from './payments.repository';
import { newReference } from './payments.service';
import { vnpaySign, vnpaySignData } from './vnpay';

const AMOUNT = 300_000;

// Issue 34 item 1: a production server without a provider's keys takes no money through it, and a
// simulator's public key (printed in the source) pays nothing.
for (const kind of dbKinds()) {
  describe(`production without payment keys [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const db = () => t.testDb.database.db;

    beforeAll(async () => {
      t = await buildTestApp(kind, {
        clock: fixedClock(MONDAY_9AM),
        env: {
          NODE_ENV: 'production',
          // Required in production; the test's own database is the one used.
          DATABASE_URL: 'postgres://unused/clinic',
          PUBLIC_URL: 'https://antamclinic.vn',
          MFA_REQUIRED_ROLES: 'none',
        },
      });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    /** A visit whose payment staff asked, its pay link, and an attempt of `provider` made before the keys went. */
    async function requested(provider: 'VNPAY' | 'MOMO' | 'VIETQR') {
      const row = await seedAppointment(db(), { status: 'CONFIRMED' });
      const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, { amount: AMOUNT });
      expect(res.statusCode).toBe(200);
      const [mail] = await listOutboxEmails(db(), { appointmentId: row.id, kind: 'PAYMENT_REQUEST' });
      const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail!.html ?? '')?.[1];
      const attempt = await insertPaymentAttempt(db(), {
        appointmentId: row.id,
        kind: 'VISIT',
        provider,
        reference: newReference(row.id),
        amount: AMOUNT,
        createdAt: new Date(MONDAY_9AM),
      });
      return { id: row.id, token: token!, reference: attempt.reference };
    }
    const unpaid = async (id: number) => {
      const a = await findAppointment(db(), id);
      return a?.status === 'PAYMENT_REQUESTED' && !a.paymentCompleted;
    };

    it('offers no method anywhere: the pay page, the list of methods, her own booking; starting one is a 409', async () => {
      const { id, token } = await requested('VIETQR');
      const page = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ payable: true, methods: [] });
      expect((await t.app.inject({ method: 'GET', url: '/api/payments/methods' })).json()).toEqual({ methods: [] });
      for (const method of ['VNPAY', 'MOMO', 'VIETQR']) {
        const start = await t.app.inject({
          method: 'POST',
          url: `/api/payments/pay/${token}/start`,
          payload: { method },
        });
        expect(start.statusCode, method).toBe(409);
        expect(start.json()).toMatchObject({
          code: 'METHOD_OFF',
          message: 'Phương thức thanh toán này chưa được phòng khám bật',
        });
      }
      const mine = await seedAppointment(db(), {
        status: 'PAYMENT_REQUESTED',
        paymentAmount: AMOUNT,
        userId: s.patient.userId,
      });
      const own = await call(t.app, s.patient, 'GET', `/api/payments/mine/${mine.id}`);
      expect(own.json()).toMatchObject({ payable: true, methods: [] });
      // The simulators are not there to sign anything.
      expect((await t.app.inject({ method: 'GET', url: '/api/payments/simulator/vnpay/vpcpay.html' })).statusCode).toBe(
        404,
      );
      expect(await unpaid(id)).toBe(true);
    });

    it('refuses a bank webhook with the simulator’s Apikey (401), and the visit stays unpaid', async () => {
      const { id, reference } = await requested('VIETQR');
      const transfer = {
        id: 9_100_001,
        gateway: 'Vietcombank',
        transactionDate: '2027-03-01 09:10:00',
        accountNumber: '0011000000000',
        content: `CK ${reference}`,
        transferType: 'in',
        transferAmount: AMOUNT,
        referenceCode: 'FT27060123456',
      };
      for (const authorization of [`Apikey ${SIMULATOR_KEYS.vietqrWebhookSecret}`, 'Apikey ', 'Apikey']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payments/vietqr/webhook',
          headers: { authorization },
          payload: transfer,
        });
        expect(res.statusCode, authorization).toBe(401);
      }
      expect(await unpaid(id)).toBe(true);
    });

    it('refuses a VNPay IPN signed with the simulator’s secret with RspCode 97, and one signed with no key', async () => {
      const { id, reference } = await requested('VNPAY');
      const ipn = (tmnCode: string, secret: string) => {
        const params = {
          vnp_Amount: String(AMOUNT * 100),
          vnp_OrderInfo: `Thanh toan lich kham ${id}`,
          vnp_PayDate: '20270301091500',
          vnp_ResponseCode: '00',
          vnp_TmnCode: tmnCode,
          vnp_TransactionNo: '14226112',
          vnp_TransactionStatus: '00',
          vnp_TxnRef: reference,
        };
        return `${vnpaySignData(params)}&vnp_SecureHash=${vnpaySign(params, secret)}`;
      };
      for (const [tmn, secret] of [
        [SIMULATOR_KEYS.vnpayTmnCode, SIMULATOR_KEYS.vnpayHashSecret],
        ['', ''],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${ipn(tmn, secret)}` });
        expect(res.json(), tmn || 'no key').toEqual({ RspCode: '97', Message: 'Invalid signature' });
      }
      expect(await unpaid(id)).toBe(true);
    });

    it('refuses a MoMo IPN signed with the simulator’s keys (400), and the visit stays unpaid', async () => {
      const { id, reference } = await requested('MOMO');
      const unsigned = {
        partnerCode: SIMULATOR_KEYS.momoPartnerCode,
        orderId: reference,
        requestId: reference,
        amount: AMOUNT,
        orderInfo: `Thanh toan lich kham ${id}`,
        orderType: 'momo_wallet',
        transId: 4_100_000_001,
        resultCode: 0,
        message: 'Thành công.',
        payType: 'qr',
        responseTime: 1_803_000_000_000,
        extraData: '',
      };
      const signature = momoSignIpn(
        { accessKey: SIMULATOR_KEYS.momoAccessKey, secretKey: SIMULATOR_KEYS.momoSecretKey },
        unsigned,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/momo/ipn',
        payload: { ...unsigned, signature },
      });
      expect(res.statusCode).toBe(400);
      expect(await unpaid(id)).toBe(true);
    });

    it('asks no deposit it could not take: a public booking in a department with a deposit holds nothing', async () => {
      const put = await call(t.app, s.admin, 'PUT', '/api/departments/GYNECOLOGY/deposit', { depositAmount: 50_000 });
      expect(put.statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/api/appointments/public', payload: booking() });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().deposit).toBeUndefined();
      const made = await findAppointment(db(), res.json().appointmentId);
      expect(made).toMatchObject({ depositAmount: null, depositDueAt: null, status: 'PENDING' });
    });

    it('marks no e-mail or phone message sent or simulated without SMTP, Zalo or SMS keys: they fail', async () => {
      const { id } = await requested('VIETQR');
      await processDueEmails(t.app.deps);
      await processDueMessages(t.app.deps);
      const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.appointmentId, id));
      const phone = await db().select().from(messageOutbox).where(eq(messageOutbox.appointmentId, id));
      expect(emails.length).toBeGreaterThan(0);
      expect(phone.length).toBeGreaterThan(0);
      expect(emails.map((e) => e.status)).toEqual(emails.map(() => 'failed'));
      // Zalo off hands each to SMS, which is off too.
      expect(new Set(phone.map((m) => m.status))).toEqual(new Set(['fallback', 'failed']));
      expect((await findAppointment(db(), id))?.emailSent).toBe(false);
    });
  });
}
