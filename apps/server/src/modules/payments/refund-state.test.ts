import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundStateText, type Appointment, type AppointmentPage } from '@clinic/shared';
import { fixedClock, type TestContext } from '../../../test/build-app';
import { notifyVnpayPaid } from '../../../test/vnpay';
import { dbKinds } from '../../../test/databases';
import { buildPhoneTestApp } from '../../../test/phone';
import { booking, call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { listOutboxEmails } from '../email/email.repository';
import { processDueMessages } from '../messaging/messaging.service';
import type { PhoneSimulator } from '../messaging/phone-simulator.mjs';
import { PHONE_TEMPLATES, smsParts, smsText, znsData } from '../messaging/templates';
import { sendDueRefunds } from './refunds.service';

/**
 * Issue 35: one refund state, read the same by staff (row and detail) and by her (her link), told
 * to her with its amount; a deposit's state on Booking Manager's rows.
 */
const DEPOSIT = 200_000;

describe('refund texts', () => {
  it('one line per state, the same words for staff and her but a refusal, which she reads as under way', () => {
    const vnpay = { amount: DEPOSIT, provider: 'VNPAY' as const };
    expect(refundStateText({ ...vnpay, status: 'DONE' })).toBe('Đã hoàn tiền 200.000 VNĐ qua VNPay');
    expect(refundStateText({ ...vnpay, status: 'PENDING' })).toBe('Đang hoàn 200.000 VNĐ qua VNPay');
    expect(refundStateText({ ...vnpay, status: 'FAILED' })).toBe('Hoàn 200.000 VNĐ qua VNPay chưa thành công');
    expect(refundStateText({ ...vnpay, status: 'FAILED' }, false)).toBe('Đang hoàn 200.000 VNĐ qua VNPay');
    expect(refundStateText({ amount: DEPOSIT, provider: 'VIETQR', status: 'MANUAL' })).toBe(
      'Chờ hoàn 200.000 VNĐ bằng chuyển khoản',
    );
  });

  it('a refund’s SMS names its amount within two parts, without diacritics', () => {
    const name = 'Nguyễn Thị Hoàng Phương Thảo Nguyên Khánh Linh Đặng Trần Lê Phạm Võ Huỳnh Bùi Đỗ Hồ Ngô Dương'
      .padEnd(100, 'a')
      .slice(0, 100);
    for (const template of ['REFUND_DONE', 'REFUND_DUE'] as const) {
      const text = smsText(
        template,
        znsData({
          customer_name: name,
          date: '2027-03-04',
          time: '15:00',
          amount: 1_500_000,
          way: 'Ví MoMo',
          days: '3-5',
        }),
      );
      expect(text).toContain('1.500.000 VND');
      expect(smsParts(text)).toBeLessThanOrEqual(2);
      expect(text).toMatch(/^[\x20-\x7e\n]+$/);
      expect(PHONE_TEMPLATES[template].zns).toContain('<amount>');
    }
  });
});

for (const kind of dbKinds()) {
  describe(`a deposit and its refund, read the same everywhere [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let sim: PhoneSimulator;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const deps = () => ({ ...t.app.deps, db: db(), clock });
    let n = 0;

    beforeAll(async () => {
      ({ t, sim } = await buildPhoneTestApp(kind, clock));
      s = await signInAll(t.app);
      const set = await call(t.app, s.admin, 'PUT', '/api/departments/FERTILITY/deposit', { depositAmount: DEPOSIT });
      expect(set.statusCode).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      await sim?.close();
    });

    /** She books a deposit slot with only her phone: her manage token, pay token and id. */
    async function book(time: string) {
      n += 1;
      const phone = `0962${String(n).padStart(6, '0')}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          appointmentDate: DAYS.thu,
          appointmentTime: time,
          department: 'FERTILITY',
          fullName: 'Lê Thị Hoa',
          phone,
          email: '',
        }),
        remoteAddress: '10.35.0.1',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      return {
        id: body.appointmentId as number,
        manage: body.manageToken as string,
        pay: body.deposit.payToken as string,
        msisdn: `84${phone.slice(1)}`,
      };
    }

    const start = async (token: string, method: 'VNPAY' | 'VIETQR') => {
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/pay/${token}/start`, payload: { method } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { redirectUrl: string | null; reference: string };
    };
    async function payByVnpay(token: string) {
      const { redirectUrl } = await start(token, 'VNPAY');
      const answer = await notifyVnpayPaid(t.app, t.config.payments.vnpay.hashSecret, redirectUrl!, 15_000_000 + n);
      expect(answer).toMatchObject({ RspCode: '00' });
    }
    async function payByVietqr(token: string) {
      const { reference } = await start(token, 'VIETQR');
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/vietqr/webhook',
        headers: { authorization: `Apikey ${t.config.payments.vietqr.webhookSecret}` },
        payload: {
          id: 93_500 + n,
          gateway: 'Vietcombank',
          transactionDate: '2027-03-01 09:20:00',
          accountNumber: t.config.payments.vietqr.accountNo,
          content: `CK ${reference}`,
          transferType: 'in',
          transferAmount: DEPOSIT,
          referenceCode: `FT2706${n}`,
        },
      });
      expect(hook.statusCode, hook.body).toBe(200);
    }

    const managed = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/appointments/manage/${token}` })).json()
        .appointment as Appointment;
    const cancelByLink = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${token}/cancel`,
        payload: { reason: 'Bận việc' },
      });
    const detail = async (id: number) =>
      (await call(t.app, s.staff, 'GET', `/api/appointments/${id}`)).json() as Appointment;
    const row = async (id: number) => {
      const page = (
        await call(t.app, s.staff, 'GET', `/api/appointments?size=100&from=${DAYS.thu}&to=${DAYS.thu}`)
      ).json() as AppointmentPage;
      return page.items.find((a) => a.id === id)!;
    };
    const phoneTexts = async (msisdn: string) => {
      await processDueMessages(deps());
      return sim.inbox.filter((m) => m.phone === msisdn);
    };

    it('a VNPay deposit: her page names it before she cancels; after, staff’s row, detail and her page read one refund, and her phone hears the amount', async () => {
      clock.set(MONDAY_9AM);
      const b = await book('09:00');
      expect(await row(b.id)).toMatchObject({ depositAmount: DEPOSIT, depositPaidAt: null, refund: null });
      await payByVnpay(b.pay);
      // Booking Manager's row (polled) carries the deposit as paid, and how.
      expect(await row(b.id)).toMatchObject({ depositAmount: DEPOSIT, depositMethod: 'VNPAY', refund: null });
      expect((await row(b.id)).depositPaidAt).not.toBeNull();
      // What her cancel dialog tells her before she confirms comes from her link's answer.
      expect(await managed(b.manage)).toMatchObject({ depositAmount: DEPOSIT, depositMethod: 'VNPAY', refund: null });

      const res = await cancelByLink(b.manage);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().appointment.appointment.refund).toMatchObject({ amount: DEPOSIT, provider: 'VNPAY' });
      expect(res.json().message).toBe(
        'Đã hủy lịch hẹn. Tiền đặt cọc 200.000 VNĐ đã thanh toán sẽ được hoàn tự động về VNPay trong 3-5 ngày làm việc.',
      );
      await sendDueRefunds(deps());
      const done = { amount: DEPOSIT, provider: 'VNPAY', status: 'DONE' };
      expect((await detail(b.id)).refund).toMatchObject(done);
      expect((await row(b.id)).refund).toMatchObject(done);
      expect((await managed(b.manage)).refund).toMatchObject(done);
      expect(refundStateText((await detail(b.id)).refund!)).toBe('Đã hoàn tiền 200.000 VNĐ qua VNPay');

      const texts = await phoneTexts(b.msisdn);
      const told = texts.filter((m) => m.data?.amount);
      expect(told).toEqual([
        expect.objectContaining({
          channel: 'zalo',
          data: expect.objectContaining({ amount: '200.000 VNĐ', way: 'VNPay' }),
        }),
      ]);
    });

    it('a VietQR deposit: her cancel records a refund by transfer and tells her at once how much, how and when; marked done, she hears it with the amount', async () => {
      clock.set(MONDAY_9AM);
      const b = await book('10:00');
      await payByVietqr(b.pay);
      expect(await managed(b.manage)).toMatchObject({ depositMethod: 'VIETQR' });
      expect((await cancelByLink(b.manage)).statusCode).toBe(200);
      const waiting = { amount: DEPOSIT, provider: 'VIETQR', status: 'MANUAL' };
      expect((await detail(b.id)).refund).toMatchObject(waiting);
      expect((await managed(b.manage)).refund).toMatchObject(waiting);
      // Booking Manager's row, read (and kept) now, shows the marking on its next read.
      expect((await row(b.id)).refund).toMatchObject(waiting);

      const due = (await phoneTexts(b.msisdn)).filter((m) => m.data?.amount);
      expect(due).toHaveLength(1);
      expect(due[0]!.data).toMatchObject({ amount: '200.000 VNĐ', days: '3-5' });
      // No e-mail given: her phone is the only channel, and nothing was queued to an empty address.
      expect(await listOutboxEmails(db(), { appointmentId: b.id, kind: 'REFUND_DUE' })).toHaveLength(0);

      const refunds = (await call(t.app, s.staff, 'GET', `/api/appointments/${b.id}/payments`)).json().refunds;
      const marked = await call(t.app, s.staff, 'POST', `/api/refunds/${refunds[0].id}/mark-done`, {
        reference: 'FT27069999',
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect((await row(b.id)).refund).toMatchObject({ ...waiting, status: 'DONE' });
      const after = (await phoneTexts(b.msisdn)).filter((m) => m.data?.amount);
      expect(after).toHaveLength(2);
      expect(after[1]!.data).toMatchObject({ amount: '200.000 VNĐ', way: 'chuyển khoản' });
    });
  });
}
