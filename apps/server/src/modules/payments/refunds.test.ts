import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { listOutboxEmails } from '../email/email.repository';
import { listMessages } from '../messaging/messaging.repository';
import { listAppointmentEvents, updateAppointment } from '../appointments/appointments.repository';
import { momoRefundRaw, momoRefundRequest } from './momo';
import { insertPaymentAttempt, settlePaymentAttempt } from './payments.repository';
import { newReference } from './payments.service';
import { sendDueRefunds } from './refunds.service';
import {
  vnpayRefundRequest,
  vnpayRefundSignData,
  vnpaySign,
  vnpaySignData,
  vnpaySignRefundResponse,
  vnpayVerifyRefundResponse,
} from './vnpay';

const AMOUNT = 500_000;
/** 23:15 in Hà Nội: the providers' nightly settlement, when their (simulated) refund calls refuse. */
const NIGHT = '2027-03-01T16:15:00Z';

describe('refund signatures', () => {
  const keys = { tmnCode: 'DEMOV210', hashSecret: 'RAOEXHYVSDDIIENYWSLDIIZTANXUXZFJ' };

  it('VNPay signs the refund call over its fields joined by "|" in the documented order, with HMAC-SHA512', () => {
    const body = vnpayRefundRequest(keys, {
      requestId: 'RF1XABCDEF012345',
      reference: 'AT7XABCDEF012345',
      amount: AMOUNT,
      transactionNo: '14226112',
      paymentCreatedAt: new Date('2027-03-01T02:00:00Z'),
      createdBy: 'staff',
      ipAddress: '127.0.0.1',
      now: new Date('2027-03-02T03:30:00Z'),
    });
    const data =
      'RF1XABCDEF012345|2.1.0|refund|DEMOV210|02|AT7XABCDEF012345|50000000|14226112|20270301090000|staff|20270302103000|127.0.0.1|Hoan tien giao dich AT7XABCDEF012345';
    expect(vnpayRefundSignData(body)).toBe(data);
    expect(body.vnp_SecureHash).toBe(createHmac('sha512', keys.hashSecret).update(data).digest('hex'));
    const answer = {
      vnp_ResponseId: '1',
      vnp_Command: 'refund',
      vnp_ResponseCode: '00',
      vnp_Message: 'Yeu cau thanh cong',
      vnp_TmnCode: keys.tmnCode,
      vnp_TxnRef: 'AT7XABCDEF012345',
      vnp_Amount: '50000000',
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20270302103000',
      vnp_TransactionNo: '14226999',
      vnp_TransactionType: '02',
      vnp_TransactionStatus: '05',
      vnp_OrderInfo: 'Hoan tien giao dich AT7XABCDEF012345',
    };
    const signed = { ...answer, vnp_SecureHash: vnpaySignRefundResponse(keys.hashSecret, answer) };
    expect(signed.vnp_SecureHash).toBe(
      createHmac('sha512', keys.hashSecret)
        .update(
          '1|refund|00|Yeu cau thanh cong|DEMOV210|AT7XABCDEF012345|50000000|NCB|20270302103000|14226999|02|05|Hoan tien giao dich AT7XABCDEF012345',
        )
        .digest('hex'),
    );
    expect(vnpayVerifyRefundResponse(keys.hashSecret, signed)).toBe(true);
    expect(vnpayVerifyRefundResponse(keys.hashSecret, { ...signed, vnp_ResponseCode: '99' })).toBe(false);
  });

  it('MoMo signs the refund call over its documented raw string, with HMAC-SHA256', () => {
    const body = momoRefundRequest(
      { partnerCode: 'P', accessKey: 'AK', secretKey: 'SK' },
      { requestId: 'RF2X0123456789AB', amount: 1000, transId: '4088878653', description: 'Hoan tien' },
    );
    const raw =
      'accessKey=AK&amount=1000&description=Hoan tien&orderId=RF2X0123456789AB&partnerCode=P&requestId=RF2X0123456789AB&transId=4088878653';
    expect(momoRefundRaw('AK', body)).toBe(raw);
    expect(body.signature).toBe(createHmac('sha256', 'SK').update(raw).digest('hex'));
    expect(body.transId).toBe(4088878653);
  });
});

for (const kind of dbKinds()) {
  describe(`refunds [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;

    beforeAll(async () => {
      // The refund calls are real HTTP POSTs (to the simulators here): the app listens on its PUBLIC_URL.
      const port = 36_000 + Math.floor(Math.random() * 2000);
      t = await buildTestApp(kind, { clock, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
      await t.app.listen({ port, host: '127.0.0.1' });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    /** A confirmed visit whose payment staff requested; the pay link from her e-mail. */
    async function requested() {
      clock.set(MONDAY_9AM);
      const row = await seedAppointment(db(), { status: 'CONFIRMED' });
      await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, { amount: AMOUNT });
      const [mail] = await listOutboxEmails(db(), { appointmentId: row.id, kind: 'PAYMENT_REQUEST' });
      const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail!.html ?? '')![1]!;
      return { id: row.id, token };
    }

    const start = async (token: string, method: 'VNPAY' | 'MOMO' | 'VIETQR') => {
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/pay/${token}/start`, payload: { method } });
      expect(res.statusCode).toBe(200);
      return res.json() as { redirectUrl: string | null; reference: string };
    };

    /** She pays in the provider's simulator: its page, then "Thanh toán" (the IPN settles it). */
    async function payInSimulator(token: string, method: 'VNPAY' | 'MOMO') {
      const url = new URL((await start(token, method)).redirectUrl!);
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      const payHref = /href="([^"]+sim_choice=pay[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
      expect((await t.app.inject({ method: 'GET', url: payHref })).statusCode).toBe(303);
    }

    async function paid(method: 'VNPAY' | 'MOMO') {
      const r = await requested();
      await payInSimulator(r.token, method);
      return r.id;
    }

    const cancelWithRefund = (id: number) =>
      call(t.app, s.staff, 'PUT', `/api/appointments/${id}/cancel`, { reason: 'Bác sĩ nghỉ', refundRequired: true });
    const refundsOf = async (id: number) =>
      (await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`)).json().refunds as {
        id: number;
        status: string;
        reason: string;
        provider: string | null;
        amount: number;
        providerRefundId: string | null;
        failure: string | null;
      }[];
    const toldDone = async (id: number) => ({
      emails: (await listOutboxEmails(db(), { appointmentId: id, kind: 'REFUND_DONE' })).length,
      phone: (await listMessages(db(), { appointmentId: id })).filter((m) => m.template === 'REFUND_DONE').length,
    });
    const refundEvents = async (id: number) =>
      (await listAppointmentEvents(db(), id)).filter((e) => e.action === 'REFUND_DONE');
    const openList = async () =>
      (await call(t.app, s.staff, 'GET', '/api/refunds')).json().refunds as { id: number; appointmentId: number }[];

    it('cancelling a visit paid by VNPay refunds it through VNPay’s refund call: DONE with its reference, the patient told once', async () => {
      const id = await paid('VNPAY');
      const res = await cancelWithRefund(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().appointment).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      const [refund, ...more] = await refundsOf(id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ provider: 'VNPAY', amount: AMOUNT, status: 'DONE', failure: null });
      expect(refund!.providerRefundId).toMatch(/^\d{8}$/);
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
      const [mail] = await listOutboxEmails(db(), { appointmentId: id, kind: 'REFUND_DONE' });
      expect(mail!.text ?? JSON.stringify(mail!.data)).toContain(refund!.providerRefundId!);
      // The booking's history says it, by whom, with the amount and VNPay's reference.
      const [event, ...others] = await refundEvents(id);
      expect(others).toEqual([]);
      expect(event).toMatchObject({ fromStatus: 'CANCELLED', toStatus: 'CANCELLED', actorName: 'VNPay' });
      expect(event!.note).toContain(refund!.providerRefundId!);
      expect((await openList()).map((r) => r.appointmentId)).not.toContain(id);
      // Nothing more to send: a retry of a done refund is refused and tells no one again.
      const retry = await call(t.app, s.staff, 'POST', `/api/refunds/${refund!.id}/retry`);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toMatchObject({ code: 'REFUND_NOT_RETRYABLE', message: REFUND_MSG.notRetryable });
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
    });

    it('cancelling twice, or two cancels at once, leaves one refund', async () => {
      const id = await paid('VNPAY');
      const [a, b] = await Promise.all([cancelWithRefund(id), cancelWithRefund(id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((await cancelWithRefund(id)).statusCode).toBe(409);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
    });

    it('a MoMo refund refused (the nightly settlement) is FAILED and in the list; the retry refunds it', async () => {
      const id = await paid('MOMO');
      clock.set(NIGHT);
      expect((await cancelWithRefund(id)).statusCode).toBe(200);
      const [refused] = await refundsOf(id);
      expect(refused).toMatchObject({ provider: 'MOMO', status: 'FAILED', providerRefundId: null });
      expect(refused!.failure).toContain('MoMo 10');
      expect(await openList()).toContainEqual(expect.objectContaining({ id: refused!.id, appointmentId: id }));
      expect(await toldDone(id)).toEqual({ emails: 0, phone: 0 });

      clock.set(MONDAY_9AM);
      const retry = await call(t.app, s.staff, 'POST', `/api/refunds/${refused!.id}/retry`);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ message: REFUND_MSG.sent, refund: { id: refused!.id, status: 'DONE' } });
      expect(retry.json().refund.providerRefundId).toMatch(/^\d{10}$/);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
      expect((await openList()).map((r) => r.id)).not.toContain(refused!.id);
    });

    it('with SIMULATOR_NIGHTLY_SETTLEMENT=false the simulators refund at 23:15 too (the browser journeys run at any hour)', async () => {
      const id = await paid('MOMO');
      clock.set(NIGHT);
      t.config.payments.simulatorNightlySettlement = false;
      try {
        expect((await cancelWithRefund(id)).statusCode).toBe(200);
        expect(await refundsOf(id)).toEqual([expect.objectContaining({ provider: 'MOMO', status: 'DONE' })]);
      } finally {
        t.config.payments.simulatorNightlySettlement = true;
        clock.set(MONDAY_9AM);
      }
    });

    it('a VietQR transfer is given back by hand: MANUAL in the list, marked done once with its reference', async () => {
      const { id, token } = await requested();
      const { reference } = await start(token, 'VIETQR');
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/vietqr/webhook',
        headers: { authorization: `Apikey ${t.config.payments.vietqr.webhookSecret}` },
        payload: {
          id: 92705,
          gateway: 'Vietcombank',
          transactionDate: '2027-03-01 09:20:00',
          accountNumber: t.config.payments.vietqr.accountNo,
          content: `CK ${reference}`,
          transferType: 'in',
          transferAmount: AMOUNT,
          referenceCode: 'FT27060123457',
        },
      });
      expect(hook.statusCode).toBe(200);
      expect((await cancelWithRefund(id)).statusCode).toBe(200);
      const [manual] = await refundsOf(id);
      expect(manual).toMatchObject({ provider: 'VIETQR', status: 'MANUAL' });
      expect(await openList()).toContainEqual(expect.objectContaining({ id: manual!.id }));
      // A manual refund has no provider call to send.
      expect((await call(t.app, s.staff, 'POST', `/api/refunds/${manual!.id}/retry`)).statusCode).toBe(409);
      const blank = await call(t.app, s.staff, 'POST', `/api/refunds/${manual!.id}/mark-done`, { reference: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(REFUND_MSG.invalidReference);

      const done = await call(t.app, s.staff, 'POST', `/api/refunds/${manual!.id}/mark-done`, {
        reference: 'FT27061999999',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        message: REFUND_MSG.markedDone,
        refund: { status: 'DONE', providerRefundId: 'FT27061999999', doneByName: 'staff' },
      });
      const again = await call(t.app, s.staff, 'POST', `/api/refunds/${manual!.id}/mark-done`, { reference: 'X1' });
      expect(again.statusCode).toBe(409);
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
      expect(await refundEvents(id)).toEqual([
        expect.objectContaining({ actorId: s.staff.userId, note: expect.stringContaining('FT27061999999') }),
      ]);
      expect((await call(t.app, s.staff, 'POST', '/api/refunds/999999/mark-done', { reference: 'X' })).statusCode).toBe(
        404,
      );
    });

    it('a visit paid at the desk gets a refund by hand for its amount', async () => {
      const row = await seedAppointment(db(), { status: 'CONFIRMED' });
      await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, { amount: 300_000 });
      expect(
        (await call(t.app, s.staff, 'POST', `/api/appointments/${row.id}/handle-payment`, { status: 'PAID' }))
          .statusCode,
      ).toBe(200);
      expect((await cancelWithRefund(row.id)).statusCode).toBe(200);
      expect(await refundsOf(row.id)).toEqual([
        expect.objectContaining({ provider: null, amount: 300_000, status: 'MANUAL' }),
      ]);
    });

    it('money a provider notifies for a cancelled visit becomes a refund to track, sent by the background job', async () => {
      const { id, token } = await requested();
      const url = new URL((await start(token, 'VNPAY')).redirectUrl!);
      const order = Object.fromEntries(url.searchParams) as Record<string, string>;
      await updateAppointment(db(), id, { status: 'CANCELLED' });
      const ipn: Record<string, string> = {
        vnp_Amount: order.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_OrderInfo: order.vnp_OrderInfo!,
        vnp_PayDate: '20270301091500',
        vnp_ResponseCode: '00',
        vnp_TmnCode: order.vnp_TmnCode!,
        vnp_TransactionNo: '14226113',
        vnp_TransactionStatus: '00',
        vnp_TxnRef: order.vnp_TxnRef!,
      };
      const q = `${vnpaySignData(ipn)}&vnp_SecureHash=${vnpaySign(ipn, t.config.payments.vnpay.hashSecret)}`;
      expect((await t.app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${q}` })).json()).toMatchObject({
        RspCode: '00',
      });
      // The same notification again opens nothing more.
      expect((await t.app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${q}` })).json()).toMatchObject({
        RspCode: '02',
      });
      expect(await refundsOf(id)).toEqual([expect.objectContaining({ provider: 'VNPAY', status: 'PENDING' })]);
      expect(await openList()).toContainEqual(expect.objectContaining({ appointmentId: id }));

      await sendDueRefunds({ db: db(), clock, config: t.config });
      expect(await refundsOf(id)).toEqual([expect.objectContaining({ status: 'DONE' })]);
      expect(await toldDone(id)).toEqual({ emails: 1, phone: 1 });
    });

    it('the simulators refuse a refund call not signed with the merchant’s secret', async () => {
      const momo = t.config.payments.momo;
      const body = momoRefundRequest(
        { ...momo, secretKey: 'another-merchants-secret' },
        { requestId: 'RF9X0123456789AB', amount: AMOUNT, transId: '4088878653', description: 'x' },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/simulator/momo/v2/gateway/api/refund',
        payload: body,
      });
      expect(res.json()).toMatchObject({ resultCode: 11007 });
      const vnp = vnpayRefundRequest(
        { tmnCode: t.config.payments.vnpay.tmnCode, hashSecret: 'another-merchants-secret' },
        {
          requestId: 'RF9X0123456789AC',
          reference: 'AT1XFFFFFFFFFFFF',
          amount: AMOUNT,
          transactionNo: '1',
          paymentCreatedAt: new Date(MONDAY_9AM),
          createdBy: 'staff',
          ipAddress: '127.0.0.1',
          now: new Date(MONDAY_9AM),
        },
      );
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/payments/simulator/vnpay/merchant_webapi/api/transaction',
        payload: vnp,
      });
      expect(answer.json()).toMatchObject({ vnp_ResponseCode: '97' });
      expect(vnpayVerifyRefundResponse(t.config.payments.vnpay.hashSecret, answer.json())).toBe(true);
    });

    /** A bank transfer as SePay notifies it, signed with the configured Apikey. */
    const transfer = (bankId: number, content: string, amount = AMOUNT) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/vietqr/webhook',
        headers: { authorization: `Apikey ${t.config.payments.vietqr.webhookSecret}` },
        payload: {
          id: bankId,
          gateway: 'Vietcombank',
          transactionDate: '2027-03-01 09:30:00',
          accountNumber: t.config.payments.vietqr.accountNo,
          content,
          transferType: 'in',
          transferAmount: amount,
        },
      });
    type Listed = { id: number; appointmentId: number | null; reason: string; status: string; amount: number };
    const listedFor = async (bankId: number) =>
      (
        (await call(t.app, s.staff, 'GET', '/api/refunds')).json().refunds as (Listed & Record<string, unknown>)[]
      ).filter((r) => r.receivedTransactionId === String(bankId));

    it('money no payable visit takes is flagged and becomes a refund by hand, once per bank transaction (issue 34)', async () => {
      // A second real transfer for a reference already paid.
      const { id, token } = await requested();
      const { reference } = await start(token, 'VIETQR');
      expect((await transfer(93001, `CK ${reference}`)).statusCode).toBe(200);
      expect((await call(t.app, s.staff, 'GET', `/api/appointments/${id}`)).json().status).toBe('PAID');
      // The same notification again (SePay retries) is nothing new.
      expect((await transfer(93001, `CK ${reference}`)).statusCode).toBe(200);
      expect(await listedFor(93001)).toEqual([]);
      for (let i = 0; i < 2; i++) expect((await transfer(93002, `CK lan 2 ${reference}`)).statusCode).toBe(200);
      const second = await listedFor(93002);
      expect(second).toEqual([
        expect.objectContaining({ appointmentId: id, reason: 'UNMATCHED', status: 'MANUAL', amount: AMOUNT }),
      ]);
      expect(second[0]!.paymentReference).toBe(reference);
      const detail = (await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`)).json();
      expect(detail.flags).toEqual([expect.objectContaining({ flag: 'REFUND', reference, amount: AMOUNT })]);

      // A transfer that quotes a VNPay order's reference pays nothing and goes back.
      const vnpayVisit = await requested();
      const vnpayOrder = await start(vnpayVisit.token, 'VNPAY');
      expect((await transfer(93003, `CK ${vnpayOrder.reference}`)).statusCode).toBe(200);
      expect((await call(t.app, s.staff, 'GET', `/api/appointments/${vnpayVisit.id}`)).json().status).toBe(
        'PAYMENT_REQUESTED',
      );
      expect(await listedFor(93003)).toEqual([
        expect.objectContaining({ appointmentId: vnpayVisit.id, reason: 'UNMATCHED', amount: AMOUNT }),
      ]);

      // A wrong amount for an open order: flagged as such, and the money goes back.
      const short = await requested();
      const shortOrder = await start(short.token, 'VIETQR');
      expect((await transfer(93004, `CK ${shortOrder.reference}`, 200_000)).statusCode).toBe(200);
      expect(await listedFor(93004)).toEqual([expect.objectContaining({ appointmentId: short.id, amount: 200_000 })]);
      const shortFlags = (await call(t.app, s.staff, 'GET', `/api/appointments/${short.id}/payments`)).json().flags;
      expect(shortFlags).toEqual([expect.objectContaining({ flag: 'AMOUNT_MISMATCH', amount: 200_000 })]);

      // Money naming no visit of ours at all: still in the list, given back by hand, marked done once.
      for (let i = 0; i < 2; i++)
        expect((await transfer(93005, 'CK AT999999X0123456789AB', 150_000)).statusCode).toBe(200);
      const [stray, ...more] = await listedFor(93005);
      expect(more).toEqual([]);
      expect(stray).toMatchObject({ appointmentId: null, reason: 'UNMATCHED', status: 'MANUAL', amount: 150_000 });
      expect(stray!.paymentReference).toBe('AT999999X0123456789AB');
      const done = await call(t.app, s.staff, 'POST', `/api/refunds/${stray!.id}/mark-done`, {
        reference: 'FT2706HOAN01',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().refund).toMatchObject({ status: 'DONE', appointmentId: null });
      expect(await listedFor(93005)).toEqual([]);
    });

    it('a deposit larger than the price: the visit PAID, the difference refunded through its provider and told to her; a later cancel refunds the rest (issue 34)', async () => {
      clock.set(MONDAY_9AM);
      const DEPOSIT = 50_000;
      const row = await seedAppointment(db(), {
        status: 'CONFIRMED',
        depositAmount: DEPOSIT,
        depositDueAt: new Date(MONDAY_9AM),
        depositPaidAt: new Date(MONDAY_9AM),
      });
      const attempt = await insertPaymentAttempt(db(), {
        appointmentId: row.id,
        kind: 'DEPOSIT',
        provider: 'VNPAY',
        reference: newReference(row.id),
        amount: DEPOSIT,
        createdAt: new Date(MONDAY_9AM),
      });
      await settlePaymentAttempt(db(), attempt.id, {
        status: 'PAID',
        providerTransactionId: '14226500',
        paidAt: new Date(MONDAY_9AM),
      });
      const asked = await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, {
        amount: 30_000,
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().appointment).toMatchObject({ status: 'PAID', paymentAmount: 30_000 });
      const [surplus, ...others] = await refundsOf(row.id);
      expect(others).toEqual([]);
      expect(surplus).toMatchObject({ reason: 'SURPLUS', provider: 'VNPAY', amount: 20_000, status: 'PENDING' });
      expect(await openList()).toContainEqual(expect.objectContaining({ id: surplus!.id, appointmentId: row.id }));
      const paidEvent = (await listAppointmentEvents(db(), row.id)).find((e) => e.action === 'MARK_PAID');
      expect(paidEvent!.note).toContain('Hoàn lại phần tiền cọc dư 20.000');

      expect(await sendDueRefunds(t.app.deps)).toBeGreaterThanOrEqual(1);
      expect((await refundsOf(row.id))[0]).toMatchObject({ id: surplus!.id, status: 'DONE', amount: 20_000 });
      expect(await toldDone(row.id)).toEqual({ emails: 1, phone: 1 });

      // Cancelled with refund later: only what the visit kept of the deposit goes back.
      expect((await cancelWithRefund(row.id)).statusCode).toBe(200);
      const after = await refundsOf(row.id);
      expect(after).toHaveLength(2);
      expect(after[1]).toMatchObject({ reason: 'PAYMENT', provider: 'VNPAY', amount: 30_000 });
    });

    it('only the front desk sees the refunds: a patient or a doctor is refused', async () => {
      expect((await call(t.app, s.patient, 'GET', '/api/refunds')).statusCode).toBe(403);
      expect((await call(t.app, s.doctor, 'GET', '/api/refunds')).statusCode).toBe(403);
      expect((await call(t.app, null, 'GET', '/api/refunds')).statusCode).toBe(401);
      expect((await call(t.app, s.admin, 'GET', '/api/refunds')).statusCode).toBe(200);
    });
  });
}
