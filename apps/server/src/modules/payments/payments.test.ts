import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VNPay } from 'vnpay';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { listOutboxEmails } from '../email/email.repository';
import { findAppointment, listAppointmentEvents, updateAppointment } from '../appointments/appointments.repository';
import { issueManageLink } from '../appointments/private-link/manage-token';
import { momoCreateRaw, momoIpnRaw, momoSignIpn, type MomoIpn } from './momo';
import { readEmv, crc16Ccitt } from './vietqr';
import { phpUrlencode, vnpaySign, vnpaySignData } from './vnpay';

const AMOUNT = 500_000;

describe('VNPay signature (API 2.1.0)', () => {
  const keys = { tmnCode: 'DEMOV210', hashSecret: 'RAOEXHYVSDDIIENYWSLDIIZTANXUXZFJ' };
  const vnpay = new VNPay({
    tmnCode: keys.tmnCode,
    secureSecret: keys.hashSecret,
    vnpayHost: 'https://sandbox.vnpayment.vn',
  });

  it('signs as PHP urlencode does: a space is "+", and the well-used vnpay package accepts it', () => {
    expect(phpUrlencode('Thanh toan lich kham 7')).toBe('Thanh+toan+lich+kham+7');
    expect(phpUrlencode("a!'()*~b")).toBe('a%21%27%28%29%2A%7Eb');
    const params = {
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: keys.tmnCode,
      vnp_Amount: String(AMOUNT * 100),
      vnp_CurrCode: 'VND',
      vnp_TxnRef: 'AT7XABCDEF012345',
      vnp_OrderInfo: 'Thanh toan lich kham 7',
      vnp_OrderType: 'other',
      vnp_Locale: 'vn',
      vnp_ReturnUrl: 'https://antamclinic.vn/api/payments/vnpay/return',
      vnp_IpAddr: '127.0.0.1',
      vnp_CreateDate: '20270301090000',
    };
    const hash = vnpaySign(params, keys.hashSecret);
    // The documented recipe, written out: HMAC-SHA512 of the sorted, urlencoded query.
    const sorted = Object.keys(params)
      .sort()
      .map((k) => `${k}=${encodeURIComponent(params[k as keyof typeof params]).replace(/%20/g, '+')}`)
      .join('&');
    expect(vnpaySignData(params)).toBe(sorted);
    expect(hash).toBe(createHmac('sha512', keys.hashSecret).update(sorted).digest('hex'));
    expect(vnpay.verifyReturnUrl({ ...params, vnp_SecureHash: hash } as never).isVerified).toBe(true);
    expect(vnpay.verifyReturnUrl({ ...params, vnp_Amount: '1', vnp_SecureHash: hash } as never).isVerified).toBe(false);
  });

  it('accepts a payment URL the vnpay package built', () => {
    const url = new URL(
      vnpay.buildPaymentUrl({
        vnp_Amount: AMOUNT,
        vnp_IpAddr: '127.0.0.1',
        vnp_ReturnUrl: 'https://antamclinic.vn/return',
        vnp_TxnRef: 'AT9X0123456789AB',
        vnp_OrderInfo: 'Thanh toan lich kham 9',
      } as never),
    );
    const query = Object.fromEntries(url.searchParams);
    expect(query.vnp_Amount).toBe(String(AMOUNT * 100));
    expect(vnpaySign(query, keys.hashSecret)).toBe(query.vnp_SecureHash);
  });
});

describe('MoMo v3 signatures', () => {
  it('writes the documented raw strings in their field order', () => {
    expect(
      momoCreateRaw('AK', {
        partnerCode: 'P',
        requestId: 'R',
        amount: 1000,
        orderId: 'O',
        orderInfo: 'I',
        redirectUrl: 'https://r',
        ipnUrl: 'https://i',
        requestType: 'captureWallet',
        extraData: '',
      }),
    ).toBe(
      'accessKey=AK&amount=1000&extraData=&ipnUrl=https://i&orderId=O&orderInfo=I&partnerCode=P&redirectUrl=https://r&requestId=R&requestType=captureWallet',
    );
    const ipn = {
      partnerCode: 'P',
      orderId: 'O',
      requestId: 'R',
      amount: 1000,
      orderInfo: 'I',
      orderType: 'momo_wallet',
      transId: 42,
      resultCode: 0,
      message: 'Thành công.',
      payType: 'qr',
      responseTime: 1700000000000,
      extraData: '',
    };
    const raw = momoIpnRaw('AK', ipn);
    expect(raw).toBe(
      'accessKey=AK&amount=1000&extraData=&message=Thành công.&orderId=O&orderInfo=I&orderType=momo_wallet&partnerCode=P&payType=qr&requestId=R&responseTime=1700000000000&resultCode=0&transId=42',
    );
    expect(momoSignIpn({ accessKey: 'AK', secretKey: 'SK' }, ipn)).toBe(
      createHmac('sha256', 'SK').update(raw).digest('hex'),
    );
  });
});

describe('VietQR payload', () => {
  it('ends in the CRC-16/CCITT-FALSE of what comes before it', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });
});

for (const kind of dbKinds()) {
  describe(`online payment [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const vnp = () => t.config.payments.vnpay;

    beforeAll(async () => {
      // MoMo's create call is a real HTTP POST (to the simulator here): the app listens on its PUBLIC_URL.
      const port = 34_000 + Math.floor(Math.random() * 2000);
      t = await buildTestApp(kind, { clock, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
      await t.app.listen({ port, host: '127.0.0.1' });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    /** A confirmed visit, staff request payment; the pay link from her e-mail. */
    async function requested(amount = AMOUNT) {
      const row = await seedAppointment(db(), { status: 'CONFIRMED' });
      const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, { amount });
      expect(res.statusCode).toBe(200);
      const [mail] = await listOutboxEmails(db(), { appointmentId: row.id, kind: 'PAYMENT_REQUEST' });
      const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail!.html ?? '')?.[1];
      expect(token).toBeDefined();
      return { id: row.id, token: token! };
    }

    async function startVnpay(token: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pay/${token}/start`,
        payload: { method: 'VNPAY' },
      });
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().redirectUrl as string);
      return { url, query: Object.fromEntries(url.searchParams) as Record<string, string> };
    }

    /** The IPN VNPay would send for this order. */
    function ipn(order: Record<string, string>, change: Record<string, string> = {}, secret = vnp().hashSecret) {
      const params: Record<string, string> = {
        vnp_Amount: order.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_BankTranNo: 'VNP14226112',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: order.vnp_OrderInfo!,
        vnp_PayDate: '20270301091500',
        vnp_ResponseCode: '00',
        vnp_TmnCode: order.vnp_TmnCode!,
        vnp_TransactionNo: '14226112',
        vnp_TransactionStatus: '00',
        vnp_TxnRef: order.vnp_TxnRef!,
        ...change,
      };
      return `${vnpaySignData(params)}&vnp_SecureHash=${vnpaySign(params, secret)}`;
    }
    const sendIpn = (q: string) => t.app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${q}` });
    const paidEvents = async (id: number) =>
      (await listAppointmentEvents(db(), id)).filter((e) => e.action === 'MARK_PAID');

    it('the pay page shows the clinic, the visit, the amount and the methods, never the health reason', async () => {
      const { token } = await requested();
      const res = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        amount: AMOUNT,
        payable: true,
        paid: false,
        methods: ['VNPAY', 'MOMO', 'VIETQR'],
      });
      expect(res.body).not.toContain('Khám thử');
      const wrong = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${'x'.repeat(43)}` });
      expect(wrong.statusCode).toBe(404);
    });

    it('the private management link she got at booking shows the same pay page and starts a payment', async () => {
      const { id } = await requested();
      const manageToken = await issueManageLink(db(), id, clock.now());
      const page = await t.app.inject({ method: 'GET', url: `/api/appointments/manage/${manageToken}/pay` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ appointmentId: id, amount: AMOUNT, payable: true, paid: false });
      expect(page.body).not.toContain('Khám thử');
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${manageToken}/pay/start`,
        payload: { method: 'VNPAY' },
      });
      expect(started.statusCode).toBe(200);
      expect(started.json().redirectUrl).toContain(`vnp_Amount=${AMOUNT * 100}`);
      // A link that opens nothing pays nothing.
      const wrong = await t.app.inject({ method: 'GET', url: `/api/appointments/manage/${'x'.repeat(43)}/pay` });
      expect(wrong.statusCode).toBe(404);
    });

    it('a signed-in patient pays her own booking from My Appointments, and no one else’s', async () => {
      const row = await seedAppointment(db(), { status: 'CONFIRMED', userId: s.patient.userId });
      await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, { amount: AMOUNT });
      const page = await call(t.app, s.patient, 'GET', `/api/payments/mine/${row.id}`);
      expect(page.json()).toMatchObject({ appointmentId: row.id, amount: AMOUNT, payable: true });
      const started = await call(t.app, s.patient, 'POST', `/api/payments/mine/${row.id}/start`, { method: 'VNPAY' });
      expect(started.json().redirectUrl).toContain('vnp_Amount=50000000');
      const other = await seedAppointment(db(), { status: 'PAYMENT_REQUESTED', paymentAmount: AMOUNT });
      expect((await call(t.app, s.patient, 'GET', `/api/payments/mine/${other.id}`)).statusCode).toBe(403);
      expect((await call(t.app, s.staff, 'GET', `/api/payments/mine/${row.id}`)).statusCode).toBe(403);
    });

    it('the VNPay URL carries đồng × 100, the GMT+7 creation time and a reference unique per attempt', async () => {
      const { token } = await requested();
      const first = await startVnpay(token);
      const second = await startVnpay(token);
      expect(first.query.vnp_Amount).toBe(String(AMOUNT * 100));
      expect(first.query.vnp_CreateDate).toBe('20270301090000'); // 02:00 UTC is 09:00 in Hà Nội
      expect(first.query.vnp_TxnRef).not.toBe(second.query.vnp_TxnRef);
      expect(vnpaySign(first.query, vnp().hashSecret)).toBe(first.query.vnp_SecureHash);
    });

    it('she pays in the VNPay simulator: the IPN makes it PAID once, with its history event; the return only shows it', async () => {
      const { id, token } = await requested();
      const { url } = await startVnpay(token);
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Thanh toán');
      const payHref = /href="([^"]+sim_choice=pay[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
      const paid = await t.app.inject({ method: 'GET', url: payHref });
      expect(paid.statusCode).toBe(303);
      const back = new URL(paid.headers.location as string);
      expect(back.pathname).toBe('/pay/result');
      expect(await findAppointment(db(), id)).toMatchObject({ status: 'PAID', paymentCompleted: true });
      const events = await paidEvents(id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromStatus: 'PAYMENT_REQUESTED', toStatus: 'PAID', actorName: 'VNPay' });
      const shown = await t.app.inject({ method: 'GET', url: `/api/payments/return${back.search}` });
      expect(shown.json()).toEqual({ verified: true, status: 'PAID', amount: AMOUNT, provider: 'VNPAY' });
      const forged = await t.app.inject({
        method: 'GET',
        url: `/api/payments/return${back.search.replace('vnp_ResponseCode=00', 'vnp_ResponseCode=01')}`,
      });
      expect(forged.json()).toMatchObject({ verified: false, status: null });
      const page2 = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${token}` });
      expect(page2.json()).toMatchObject({ paid: true, payable: false, methods: [] });
      const receipts = await listOutboxEmails(db(), { appointmentId: id, kind: 'PAYMENT_CONFIRMATION' });
      expect(receipts).toHaveLength(1);
    });

    it('the same IPN twice: one PAID, then 02', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      const q = ipn(query);
      expect((await sendIpn(q)).json()).toEqual({ RspCode: '00', Message: 'Confirm Success' });
      expect((await sendIpn(q)).json()).toMatchObject({ RspCode: '02' });
      expect(await paidEvents(id)).toHaveLength(1);
    });

    it('a tampered IPN is refused with 97 and changes nothing', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      const tampered = ipn(query).replace(`vnp_ResponseCode=00`, 'vnp_ResponseCode=00&vnp_Extra=1');
      expect((await sendIpn(tampered)).json()).toMatchObject({ RspCode: '97' });
      expect((await sendIpn(ipn(query, {}, 'another-merchants-secret'))).json()).toMatchObject({ RspCode: '97' });
      expect((await findAppointment(db(), id))!.status).toBe('PAYMENT_REQUESTED');
    });

    it('a wrong amount is refused with 04 and flagged to staff; an unknown order is 01', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      expect((await sendIpn(ipn(query, { vnp_Amount: String(1000 * 100) }))).json()).toMatchObject({ RspCode: '04' });
      expect((await findAppointment(db(), id))!.status).toBe('PAYMENT_REQUESTED');
      const detail = await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`);
      expect(detail.json().flags).toEqual([expect.objectContaining({ flag: 'AMOUNT_MISMATCH', amount: 1000 })]);
      expect((await sendIpn(ipn(query, { vnp_TxnRef: 'AT1XFFFFFFFFFFFF' }))).json()).toMatchObject({ RspCode: '01' });
    });

    it('an IPN racing a staff "mark paid": one PAID', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      const [byIpn, byStaff] = await Promise.all([
        sendIpn(ipn(query)),
        call(t.app, s.staff, 'POST', `/api/appointments/${id}/handle-payment`, { status: 'PAID' }),
      ]);
      const ipnWon = byIpn.json().RspCode === '00';
      expect(byStaff.statusCode).toBe(ipnWon ? 409 : 200);
      if (!ipnWon) expect(byIpn.json()).toMatchObject({ RspCode: '02' });
      expect(await paidEvents(id)).toHaveLength(1);
      expect((await findAppointment(db(), id))!.status).toBe('PAID');
    });

    it('an IPN after staff marked it paid by hand: 02, nothing paid twice, the money flagged for refund', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      const byStaff = await call(t.app, s.staff, 'POST', `/api/appointments/${id}/handle-payment`, { status: 'PAID' });
      expect(byStaff.statusCode).toBe(200);
      expect((await sendIpn(ipn(query))).json()).toMatchObject({ RspCode: '02' });
      expect(await paidEvents(id)).toHaveLength(1);
      const detail = await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`);
      expect(detail.json()).toMatchObject({ payments: [{ status: 'REFUND_DUE' }], flags: [{ flag: 'REFUND' }] });
    });

    it('an IPN for a cancelled appointment is recorded and flagged for refund', async () => {
      const { id, token } = await requested();
      const { query } = await startVnpay(token);
      await updateAppointment(db(), id, { status: 'CANCELLED' });
      expect((await sendIpn(ipn(query))).json()).toMatchObject({ RspCode: '00' });
      const row = await findAppointment(db(), id);
      expect(row).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      const detail = await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`);
      expect(detail.json()).toMatchObject({
        payments: [{ status: 'REFUND_DUE', provider: 'VNPAY' }],
        flags: [{ flag: 'REFUND' }],
      });
      expect(await paidEvents(id)).toHaveLength(0);
    });

    it('MoMo: she pays in the simulator after the signed create call; the IPN pays it once (204); a forged one is refused', async () => {
      const { id, token } = await requested();
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pay/${token}/start`,
        payload: { method: 'MOMO' },
      });
      expect(created.statusCode).toBe(200);
      const payUrl = new URL(created.json().redirectUrl as string);
      const orderId = payUrl.searchParams.get('orderId')!;
      const momo = t.config.payments.momo;
      const unsigned: Omit<MomoIpn, 'signature'> = {
        partnerCode: momo.partnerCode,
        orderId,
        requestId: orderId,
        amount: AMOUNT,
        orderInfo: 'x',
        orderType: 'momo_wallet',
        transId: 4088878653,
        resultCode: 0,
        message: 'Thành công.',
        payType: 'qr',
        responseTime: 1,
        extraData: '',
      };
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/payments/momo/ipn',
        payload: { ...unsigned, signature: 'a'.repeat(64) },
      });
      expect(forged.statusCode).toBe(400);
      const wrongAmount = { ...unsigned, amount: 1000 };
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/payments/momo/ipn',
        payload: { ...wrongAmount, signature: momoSignIpn(momo, wrongAmount) },
      });
      expect(refused.statusCode).toBe(204);
      expect((await findAppointment(db(), id))!.status).toBe('PAYMENT_REQUESTED');

      const page = await t.app.inject({ method: 'GET', url: `${payUrl.pathname}${payUrl.search}` });
      expect(page.body).toContain('Thanh toán');
      const payHref = /href="([^"]+sim_choice=pay[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
      const paid = await t.app.inject({ method: 'GET', url: payHref });
      expect(paid.statusCode).toBe(303);
      expect(new URL(paid.headers.location as string).pathname).toBe('/pay/result');
      expect(await findAppointment(db(), id)).toMatchObject({ status: 'PAID' });
      expect(await paidEvents(id)).toEqual([expect.objectContaining({ actorName: 'Ví MoMo' })]);
      const back = new URL(paid.headers.location as string);
      const shown = await t.app.inject({ method: 'GET', url: `/api/payments/return${back.search}` });
      expect(shown.json()).toEqual({ verified: true, status: 'PAID', amount: AMOUNT, provider: 'MOMO' });
    });

    it('VietQR: the payload names the bank, account, amount and reference; the bank webhook pays it', async () => {
      const { id, token } = await requested();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pay/${token}/start`,
        payload: { method: 'VIETQR' },
      });
      const { qrPayload, reference } = res.json() as { qrPayload: string; reference: string };
      const top = readEmv(qrPayload);
      expect(top['54']).toBe(String(AMOUNT));
      expect(top['53']).toBe('704');
      expect(readEmv(top['38']!)['00']).toBe('A000000727');
      expect(readEmv(readEmv(top['38']!)['01']!)).toEqual({
        '00': t.config.payments.vietqr.bankBin,
        '01': t.config.payments.vietqr.accountNo,
      });
      expect(readEmv(top['62']!)['08']).toBe(reference);
      expect(top['63']).toBe(crc16Ccitt(qrPayload.slice(0, -4)));
      const tx = {
        id: 92704,
        gateway: 'Vietcombank',
        transactionDate: '2027-03-01 09:20:00',
        accountNumber: t.config.payments.vietqr.accountNo,
        content: `CK ${reference} thanh toan`,
        transferType: 'in',
        transferAmount: AMOUNT,
        referenceCode: 'FT27060123456',
      };
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/vietqr/webhook', payload: tx });
      expect(unsigned.statusCode).toBe(401);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/vietqr/webhook',
        headers: { authorization: `Apikey ${t.config.payments.vietqr.webhookSecret}` },
        payload: tx,
      });
      expect(hook.json()).toEqual({ success: true });
      expect((await findAppointment(db(), id))!.status).toBe('PAID');
    });

    describe('the payments report of Booking History', () => {
      /** 23:30 on 9 March and 00:30 on 10 March in Ho Chi Minh City: two clinic days an hour apart. */
      const LATE_ON_THE_9TH = '2027-03-09T16:30:00Z';
      const EARLY_ON_THE_10TH = '2027-03-09T17:30:00Z';
      const period = 'period=custom&from=2027-03-09&to=2027-03-10';
      const noRefund = { refundCount: 0, refundAmount: 0 };

      it('sums the money per clinic day and method, the ledger’s and the desk’s, with totals and a CSV', async () => {
        const online = await requested();
        const { query } = await startVnpay(online.token);
        const desk = await requested(200_000);
        try {
          clock.set(LATE_ON_THE_9TH);
          expect((await sendIpn(ipn(query))).json()).toEqual({ RspCode: '00', Message: 'Confirm Success' });
          clock.set(EARLY_ON_THE_10TH);
          const marked = await call(t.app, s.staff, 'POST', `/api/appointments/${desk.id}/handle-payment`, {
            status: 'PAID',
          });
          expect(marked.statusCode).toBe(200);
        } finally {
          clock.set(MONDAY_9AM);
        }

        const res = await call(t.app, s.staff, 'GET', `/api/payments/report?${period}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          from: '2027-03-09',
          to: '2027-03-10',
          days: [
            { day: '2027-03-10', method: 'DESK', count: 1, amount: 200_000, ...noRefund },
            { day: '2027-03-09', method: 'VNPAY', count: 1, amount: AMOUNT, ...noRefund },
          ],
          byMethod: [
            { method: 'VNPAY', count: 1, amount: AMOUNT, ...noRefund },
            { method: 'MOMO', count: 0, amount: 0, ...noRefund },
            { method: 'VIETQR', count: 0, amount: 0, ...noRefund },
            { method: 'DESK', count: 1, amount: 200_000, ...noRefund },
          ],
          total: { count: 2, amount: AMOUNT + 200_000, ...noRefund, net: AMOUNT + 200_000 },
        });

        const csv = await call(t.app, s.admin, 'GET', `/api/payments/report/export?${period}`);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toContain('text/csv');
        expect(csv.headers['content-disposition']).toBe('attachment; filename="payments-report-2027-03-01.csv"');
        expect(csv.body.split('\r\n')).toEqual([
          '\uFEFFNgày,Phương thức,Số lượt thu,Tiền vào (VNĐ),Số lượt hoàn,Hoàn tiền (VNĐ),Thực thu (VNĐ)',
          '10/03/2027,Tại quầy,1,200000,0,0,200000',
          '09/03/2027,VNPay,1,500000,0,0,500000',
          'Tổng cộng,VNPay,1,500000,0,0,500000',
          'Tổng cộng,Tại quầy,1,200000,0,0,200000',
          'Tổng cộng,,2,700000,0,0,700000',
          '',
        ]);
      });

      it('is the front desk’s only, says when a period took nothing, and refuses a range the wrong way round', async () => {
        expect((await call(t.app, s.patient, 'GET', `/api/payments/report?${period}`)).statusCode).toBe(403);
        expect((await call(t.app, s.doctor, 'GET', `/api/payments/report/export?${period}`)).statusCode).toBe(403);
        const nothing = await call(
          t.app,
          s.staff,
          'GET',
          '/api/payments/report/export?period=custom&from=2020-01-01&to=2020-01-31',
        );
        expect(nothing.statusCode).toBe(404);
        expect(nothing.json()).toMatchObject({ message: 'Không có dữ liệu để xuất' });
        const backwards = await call(
          t.app,
          s.staff,
          'GET',
          '/api/payments/report?period=custom&from=2027-03-10&to=2027-03-09',
        );
        expect(backwards.statusCode).toBe(400);
      });
    });
  });
}
