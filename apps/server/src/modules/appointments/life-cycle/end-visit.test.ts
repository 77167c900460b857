import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { nextIp } from '../../../../test/blog-fixtures';
import { booking, call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { listMessages } from '../../messaging/messaging.repository';
import { notifyVnpayPaid } from '../../../../test/vnpay';
import { findAppointment } from '../appointments.repository';
import { offerFreedPlaces } from '../waiting-list/waiting-list-offers.service';

/**
 * One way to end a visit (issue 36): however a visit ends (staff, her private link, the erasure of
 * her data, a deposit hold that lapsed), money it took is owed back as exactly one refund, which
 * staff see in 'Hoàn tiền'.
 */
const PRICE = 300_000;
const DEPOSIT = 200_000;
const at = (minutes: number) => new Date(new Date(MONDAY_9AM).getTime() + minutes * 60_000).toISOString();

for (const kind of dbKinds()) {
  describe(`ending a visit that took money [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const deps = () => ({ ...t.app.deps, db: db(), clock });
    let n = 0;
    let slot = 0;
    const times = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '14:00', '14:30', '15:00', '15:30'];

    /** She books on the public page, a slot of her own; its id, private link and deposit's pay token. */
    async function book(department = 'GENERAL_PRACTICE') {
      n += 1;
      slot += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          appointmentDate: slot > times.length ? DAYS.fri : DAYS.thu,
          appointmentTime: times[slot % times.length],
          department,
          fullName: `Trần Thị Hoa ${n}`,
          phone: `0978${String(n).padStart(6, '0')}`,
          email: `hoa.${n}@example.com`,
        }),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      return {
        id: body.appointmentId as number,
        token: body.manageToken as string,
        payToken: body.deposit?.payToken as string | undefined,
      };
    }

    /** The clinic confirms, asks 300.000đ and takes it at the desk. */
    async function paidAtDesk(id: number) {
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/confirm`)).statusCode).toBe(200);
      const asked = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/request-payment`, { amount: PRICE });
      expect(asked.statusCode, asked.body).toBe(200);
      const paid = await call(t.app, s.staff, 'POST', `/api/appointments/${id}/handle-payment`, { status: 'PAID' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await findAppointment(db(), id))!.status).toBe('PAID');
    }

    /** She picks VNPay on the deposit's pay page; VNPay's notification that she paid it. */
    async function payDeposit(payToken: string) {
      const start = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pay/${payToken}/start`,
        payload: { method: 'VNPAY' },
      });
      expect(start.statusCode, start.body).toBe(200);
      const redirectUrl = start.json().redirectUrl as string;
      return async () => {
        const answer = await notifyVnpayPaid(
          t.app,
          t.config.payments.vnpay.hashSecret,
          redirectUrl,
          15_000_000 + (n += 1),
        );
        expect(answer).toMatchObject({ RspCode: '00' });
      };
    }

    /** She asks by her private link for her data to be deleted; the administrator carries it out. */
    async function erase(token: string) {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/privacy/link/${token}/requests`,
        payload: { kind: 'DELETION' },
        remoteAddress: nextIp(),
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const done = await call(t.app, s.admin, 'POST', `/api/privacy/requests/${asked.json().request.id}/answer`, {
        outcome: 'DONE',
        answer: 'Phòng khám đã xóa dữ liệu của chị.',
      });
      expect(done.statusCode, done.body).toBe(200);
    }

    const refundsOf = async (id: number) =>
      (await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`)).json().refunds as object[];
    /** What the front desk's 'Hoàn tiền' list shows of this visit. */
    const listed = async (id: number) =>
      (
        (await call(t.app, s.staff, 'GET', '/api/refunds')).json().refunds as {
          id: number;
          appointmentId: number | null;
        }[]
      ).filter((r) => r.appointmentId === id);

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000', PUBLIC_URL: 'https://antamclinic.vn' } });
      s = await signInAll(t.app);
      const set = await call(t.app, s.admin, 'PUT', '/api/departments/FERTILITY/deposit', { depositAmount: DEPOSIT });
      expect(set.statusCode, set.body).toBe(200);
    });
    afterAll(async () => t?.close());

    it('an erasure of a visit paid at the desk cancels it and opens one refund by hand, in Hoàn tiền, telling the erased person nothing', async () => {
      clock.set(MONDAY_9AM);
      const visit = await book();
      await paidAtDesk(visit.id);
      const mailsBefore = (await listOutboxEmails(db(), { appointmentId: visit.id })).length;
      await erase(visit.token);
      expect(await findAppointment(db(), visit.id)).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      expect(await refundsOf(visit.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: null, amount: PRICE, status: 'MANUAL' }),
      ]);
      expect(await listed(visit.id)).toEqual([expect.objectContaining({ amount: PRICE, status: 'MANUAL' })]);
      // Nothing new is sent about a visit whose person asked to be forgotten (her old mail went with her data).
      const mailsAfter = (await listOutboxEmails(db(), { appointmentId: visit.id })).length;
      expect(mailsAfter).toBeLessThanOrEqual(mailsBefore);
      expect(await listOutboxEmails(db(), { appointmentId: visit.id, kind: 'CANCELLATION' })).toEqual([]);
      // Given back by hand and marked done: no address is left to tell, and nothing is sent to an empty one.
      const [refund] = await listed(visit.id);
      const done = await call(t.app, s.staff, 'POST', `/api/refunds/${refund!.id}/mark-done`, { reference: 'TM-0042' });
      expect(done.statusCode, done.body).toBe(200);
      expect(await refundsOf(visit.id)).toEqual([expect.objectContaining({ status: 'DONE' })]);
      expect(await listOutboxEmails(db(), { appointmentId: visit.id })).toHaveLength(mailsAfter);
      expect(await listMessages(db(), { appointmentId: visit.id })).toEqual([]);
    });

    it('an erasure of a visit whose deposit she paid by VNPay opens one refund of the deposit through VNPay', async () => {
      clock.set(MONDAY_9AM);
      const visit = await book('FERTILITY');
      await (
        await payDeposit(visit.payToken!)
      )();
      await erase(visit.token);
      expect(await findAppointment(db(), visit.id)).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      expect(await refundsOf(visit.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: 'VNPAY', amount: DEPOSIT, status: 'PENDING' }),
      ]);
      expect(await listed(visit.id)).toHaveLength(1);
    });

    it('a cancel by her private link of a visit with a paid deposit opens one refund', async () => {
      clock.set(MONDAY_9AM);
      const visit = await book('FERTILITY');
      await (
        await payDeposit(visit.payToken!)
      )();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${visit.token}/cancel`,
        payload: { reason: 'Bận việc' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await refundsOf(visit.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: 'VNPAY', amount: DEPOSIT }),
      ]);
      expect(await listed(visit.id)).toHaveLength(1);
    });

    it('a staff cancel of a paid visit, and of a visit with a paid deposit, each opens one refund', async () => {
      clock.set(MONDAY_9AM);
      const paid = await book();
      await paidAtDesk(paid.id);
      const refunded = await call(t.app, s.staff, 'PUT', `/api/appointments/${paid.id}/cancel`, {
        reason: 'Bác sĩ nghỉ',
        refundRequired: true,
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(await refundsOf(paid.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: null, amount: PRICE, status: 'MANUAL' }),
      ]);

      const deposit = await book('FERTILITY');
      await (
        await payDeposit(deposit.payToken!)
      )();
      const cancelled = await call(t.app, s.staff, 'PUT', `/api/appointments/${deposit.id}/cancel`, {
        reason: 'Bác sĩ nghỉ',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await refundsOf(deposit.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: 'VNPAY', amount: DEPOSIT }),
      ]);
      expect(await listed(deposit.id)).toHaveLength(1);
    });

    it('a staff cancel of a visit whose deposit came by VNPay and the rest at the desk gives back both parts, once each', async () => {
      clock.set(MONDAY_9AM);
      const visit = await book('FERTILITY');
      await (
        await payDeposit(visit.payToken!)
      )();
      await paidAtDesk(visit.id);
      const cancelled = await call(t.app, s.staff, 'PUT', `/api/appointments/${visit.id}/cancel`, {
        reason: 'Bác sĩ nghỉ',
        refundRequired: true,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The deposit back through VNPay, and what the desk took (the rest) back by hand: no more, no less.
      expect(await refundsOf(visit.id)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ reason: 'PAYMENT', provider: 'VNPAY', amount: DEPOSIT }),
          expect.objectContaining({ reason: 'PAYMENT', provider: null, amount: PRICE - DEPOSIT, status: 'MANUAL' }),
        ]),
      );
      expect(await refundsOf(visit.id)).toHaveLength(2);
    });

    it('a hold whose deposit arrives after it lapsed ends cancelled with exactly one refund of it', async () => {
      clock.set(MONDAY_9AM);
      const visit = await book('FERTILITY');
      const notify = await payDeposit(visit.payToken!);
      clock.set(at(16));
      expect(await offerFreedPlaces(deps())).toMatchObject({ released: expect.any(Number) });
      expect(await findAppointment(db(), visit.id)).toMatchObject({ status: 'CANCELLED', refundRequired: false });
      expect(await refundsOf(visit.id)).toEqual([]);
      await notify();
      expect(await findAppointment(db(), visit.id)).toMatchObject({ status: 'CANCELLED', refundRequired: true });
      expect(await refundsOf(visit.id)).toEqual([
        expect.objectContaining({ reason: 'PAYMENT', provider: 'VNPAY', amount: DEPOSIT, status: 'PENDING' }),
      ]);
      // The next run of the job ends nothing more and opens nothing more.
      await offerFreedPlaces(deps());
      expect(await refundsOf(visit.id)).toHaveLength(1);
      expect(await listed(visit.id)).toHaveLength(1);
      clock.set(MONDAY_9AM);
    });
  });
}
