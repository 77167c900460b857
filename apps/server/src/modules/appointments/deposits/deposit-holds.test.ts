import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG as M, DEPARTMENT_CODES, PAYMENT_MSG } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../../test/appointments';
import { listOutboxEmails } from '../../email/email.repository';
import { listMessages } from '../../messaging/messaging.repository';
import { vnpaySign, vnpaySignData } from '../../payments/vnpay';
import { findAppointment, listAppointmentEvents } from '../appointments.repository';
import { offerFreedPlaces } from '../waiting-list/waiting-list-offers.service';

const DEPOSIT = 200_000;
const at = (minutes: number, seconds = 0) =>
  new Date(new Date(MONDAY_9AM).getTime() + minutes * 60_000 + seconds * 1000).toISOString();

for (const kind of dbKinds()) {
  describe(`a deposit to hold a slot [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const deps = () => ({ ...t.app.deps, db: db(), clock });
    let n = 0;
    const person = (name: string) => {
      n += 1;
      return {
        fullName: name,
        phone: `0977${String(n).padStart(6, '0')}`,
        email: `${name.toLowerCase()}.${n}@example.com`,
      };
    };
    const book = (slot: object, who = person('Khach')) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ ...slot, ...who }),
        remoteAddress: '10.6.0.1',
      });
    const setDeposit = (code: string, depositAmount: unknown, session = s.admin) =>
      call(t.app, session, 'PUT', `/api/departments/${code}/deposit`, { depositAmount });
    const payPage = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/payments/pay/${token}` })).json();
    /** She picks VNPay on the pay page: the signed order VNPay receives. */
    const startVnpay = async (token: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pay/${token}/start`,
        payload: { method: 'VNPAY' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(new URL(res.json().redirectUrl as string).searchParams) as Record<string, string>;
    };
    /** VNPay's server-to-server notification that the order was paid. */
    const vnpayPaid = async (order: Record<string, string>) => {
      const params: Record<string, string> = {
        vnp_Amount: order.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_OrderInfo: order.vnp_OrderInfo!,
        vnp_PayDate: '20270301091000',
        vnp_ResponseCode: '00',
        vnp_TmnCode: order.vnp_TmnCode!,
        vnp_TransactionNo: String(14_000_000 + (n += 1)),
        vnp_TransactionStatus: '00',
        vnp_TxnRef: order.vnp_TxnRef!,
      };
      const q = `${vnpaySignData(params)}&vnp_SecureHash=${vnpaySign(params, t.config.payments.vnpay.hashSecret)}`;
      return (await t.app.inject({ method: 'GET', url: `/api/payments/vnpay/ipn?${q}` })).json();
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000', PUBLIC_URL: 'https://antamclinic.vn' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('is off by default; ADMIN sets it per department in VNĐ, anyone else is refused, a bad amount is a 400', async () => {
      const listed = await t.app.inject({ method: 'GET', url: '/api/appointments/public/departments' });
      // Every department, each without a deposit: an empty list would pass `every` on nothing.
      expect(listed.json()).toHaveLength(DEPARTMENT_CODES.length);
      expect(listed.json().every((d: { depositAmount: number | null }) => d.depositAmount === null)).toBe(true);
      expect((await setDeposit('FERTILITY', DEPOSIT, s.staff)).statusCode).toBe(403);
      expect(
        (await call(t.app, null, 'PUT', '/api/departments/FERTILITY/deposit', { depositAmount: DEPOSIT })).statusCode,
      ).toBe(401);
      for (const bad of [0, -5, 1.5, 'nhiều', 999_999_999]) {
        const res = await setDeposit('FERTILITY', bad);
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().message).toBe(PAYMENT_MSG.depositInvalid);
      }
      expect((await setDeposit('NO_SUCH_DEPARTMENT', DEPOSIT)).statusCode).toBe(404);
      const set = await setDeposit('FERTILITY', DEPOSIT);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ code: 'FERTILITY', depositAmount: DEPOSIT });
      const after = await t.app.inject({ method: 'GET', url: '/api/appointments/public/departments' });
      expect(after.json().find((d: { code: string }) => d.code === 'FERTILITY').depositAmount).toBe(DEPOSIT);
    });

    it('a deposit unpaid after 15 minutes releases the slot to the first person waiting; paid in time, the booking goes on', async () => {
      clock.set(MONDAY_9AM);
      expect((await setDeposit('FERTILITY', DEPOSIT)).statusCode).toBe(200);
      const slot = { appointmentDate: DAYS.wed, appointmentTime: '10:00', department: 'FERTILITY' };
      const [an, binh, chi] = [person('An'), person('Binh'), person('Chi')];
      const made = [];
      for (const who of [an, binh, chi]) {
        const res = await book(slot, who);
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json());
      }
      const [held] = made;
      expect(held).toMatchObject({ message: M.bookingReceived, deposit: { amount: DEPOSIT, dueAt: at(15) } });
      const row = (await findAppointment(db(), held.appointmentId))!;
      expect(row).toMatchObject({ status: 'PENDING', depositAmount: DEPOSIT, depositPaidAt: null });
      // Her message carries the amount, the deadline and the pay link; so does her phone's.
      const [mail] = await listOutboxEmails(db(), { appointmentId: held.appointmentId, kind: 'DEPOSIT_REQUEST' });
      expect(mail!.subject).toContain('09:15');
      expect(mail!.html).toContain(`https://antamclinic.vn/pay/${held.deposit.payToken}`);
      expect(mail!.html).toContain('200.000 VNĐ');
      expect(mail!.html).toContain(PAYMENT_MSG.payDeposit);
      const [phoned] = await listMessages(db(), { appointmentId: held.appointmentId });
      expect(phoned).toMatchObject({ template: 'DEPOSIT_REQUEST', urgent: 1 });
      // Its short form (issue 35): /l/{the token's first 22 characters}, which opens the pay page.
      expect(phoned!.data.link).toBe(`https://antamclinic.vn/l/${held.deposit.payToken.slice(0, 22)}`);
      expect(await payPage(held.deposit.payToken)).toMatchObject({
        kind: 'DEPOSIT',
        amount: DEPOSIT,
        payable: true,
        paid: false,
        depositDueAt: at(15),
      });

      // The three held bookings fill the slot: the next person is told so and waits.
      const dung = person('Dung');
      expect((await book(slot, dung)).json().code).toBe('SLOT_FULL');
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: { ...slot, ...dung, consentContact: true },
        remoteAddress: '10.6.0.2',
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const waitingToken = joined.json().token as string;

      // Binh and Chi pay in time; An opens VNPay but never pays.
      clock.set(at(5));
      const anOrder = await startVnpay(held.deposit.payToken);
      expect(anOrder.vnp_Amount).toBe(String(DEPOSIT * 100));
      for (const other of made.slice(1)) {
        expect(await vnpayPaid(await startVnpay(other.deposit.payToken))).toMatchObject({ RspCode: '00' });
        expect(await findAppointment(db(), other.appointmentId)).toMatchObject({
          status: 'PENDING',
          depositDueAt: new Date(at(15)),
        });
        expect((await findAppointment(db(), other.appointmentId))!.depositPaidAt).not.toBeNull();
        expect(await payPage(other.deposit.payToken)).toMatchObject({ kind: 'DEPOSIT', paid: true, payable: false });
      }
      const binhEvents = await listAppointmentEvents(db(), made[1].appointmentId);
      expect(binhEvents.at(-1)).toMatchObject({
        action: 'DEPOSIT_PAID',
        fromStatus: 'PENDING',
        toStatus: 'PENDING',
        actorName: 'VNPay',
      });
      expect(
        await listOutboxEmails(db(), { appointmentId: made[1].appointmentId, kind: 'PAYMENT_CONFIRMATION' }),
      ).toHaveLength(1);

      // A second before the deadline nothing is released.
      clock.set(at(14, 59));
      expect(await offerFreedPlaces(deps())).toMatchObject({ released: 0, offered: 0 });
      expect((await findAppointment(db(), held.appointmentId))!.status).toBe('PENDING');

      // At the deadline the hold ends: An's booking is cancelled with its reason, and Dung is offered the place.
      clock.set(at(15));
      expect(await offerFreedPlaces(deps())).toMatchObject({ released: 1, offered: 1 });
      expect(await findAppointment(db(), held.appointmentId)).toMatchObject({
        status: 'CANCELLED',
        cancelReason: PAYMENT_MSG.depositExpired,
      });
      expect((await listAppointmentEvents(db(), held.appointmentId)).at(-1)).toMatchObject({
        action: 'CANCEL',
        fromStatus: 'PENDING',
        toStatus: 'CANCELLED',
        note: PAYMENT_MSG.depositExpired,
        actorId: null,
      });
      const [told] = await listOutboxEmails(db(), { appointmentId: held.appointmentId, kind: 'CANCELLATION' });
      expect(told!.text).toContain(PAYMENT_MSG.depositExpired);
      const offer = await t.app.inject({ method: 'GET', url: `/api/appointments/waiting-list/${waitingToken}` });
      expect(offer.json()).toMatchObject({ status: 'OFFERED' });
      expect((await listOutboxEmails(db(), { kind: 'WAITING_OFFER' })).some((e) => e.toAddress === dung.email)).toBe(
        true,
      );
      for (const other of made.slice(1))
        expect((await findAppointment(db(), other.appointmentId))!.status).toBe('PENDING');
      expect(await payPage(held.deposit.payToken)).toMatchObject({ payable: false, methods: [] });

      // A run later releases nothing twice.
      expect(await offerFreedPlaces(deps())).toMatchObject({ released: 0 });

      // Her money arrives late: recorded, and flagged for refund as for any cancelled visit.
      clock.set(at(16));
      expect(await vnpayPaid(anOrder)).toMatchObject({ RspCode: '00' });
      expect(await findAppointment(db(), held.appointmentId)).toMatchObject({
        status: 'CANCELLED',
        refundRequired: true,
        depositPaidAt: null,
      });
      const ledger = await call(t.app, s.staff, 'GET', `/api/appointments/${held.appointmentId}/payments`);
      expect(ledger.json()).toMatchObject({
        payments: [{ kind: 'DEPOSIT', status: 'REFUND_DUE', amount: DEPOSIT }],
        flags: [{ flag: 'REFUND', amount: DEPOSIT }],
      });

      // Dung takes the place; no deposit is asked of a claim.
      const claimed = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/waiting-list/${waitingToken}/claim`,
      });
      expect(claimed.statusCode, claimed.body).toBe(201);
    });

    it('the deposit counts toward the visit: staff request the rest, and a deposit that covers it leaves nothing due', async () => {
      clock.set(MONDAY_9AM);
      expect((await setDeposit('FERTILITY', DEPOSIT)).statusCode).toBe(200);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '14:00', department: 'FERTILITY' };
      const paidDeposit = async () => {
        const res = (await book(slot)).json();
        expect(await vnpayPaid(await startVnpay(res.deposit.payToken))).toMatchObject({ RspCode: '00' });
        const id = res.appointmentId as number;
        expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/confirm`)).statusCode).toBe(200);
        return id;
      };

      const id = await paidDeposit();
      const asked = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/request-payment`, { amount: 500_000 });
      expect(asked.statusCode, asked.body).toBe(200);
      const [mail] = await listOutboxEmails(db(), { appointmentId: id, kind: 'PAYMENT_REQUEST' });
      expect(mail!.subject).toContain('300.000 VNĐ');
      const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail!.html ?? '')![1]!;
      expect(await payPage(token)).toMatchObject({
        kind: 'VISIT',
        amount: 300_000,
        depositPaid: DEPOSIT,
        payable: true,
      });
      const order = await startVnpay(token);
      expect(order.vnp_Amount).toBe(String(300_000 * 100));
      expect(await vnpayPaid(order)).toMatchObject({ RspCode: '00' });
      // The visit's amount stays what staff asked: the deposit and the rest make it.
      expect(await findAppointment(db(), id)).toMatchObject({
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 500_000,
      });
      const ledger = (await call(t.app, s.staff, 'GET', `/api/appointments/${id}/payments`)).json();
      expect(
        ledger.payments.map((p: { kind: string; amount: number; status: string }) => [p.kind, p.amount, p.status]),
      ).toEqual([
        ['DEPOSIT', DEPOSIT, 'PAID'],
        ['VISIT', 300_000, 'PAID'],
      ]);

      const covered = await paidDeposit();
      const none = await call(t.app, s.staff, 'PUT', `/api/appointments/${covered}/request-payment`, {
        amount: 150_000,
      });
      expect(none.statusCode, none.body).toBe(200);
      expect(await findAppointment(db(), covered)).toMatchObject({ status: 'PAID', paymentAmount: 150_000 });
      expect((await listAppointmentEvents(db(), covered)).at(-1)).toMatchObject({
        action: 'MARK_PAID',
        toStatus: 'PAID',
      });
      expect((await listAppointmentEvents(db(), covered)).at(-1)!.note).toContain(PAYMENT_MSG.depositDeducted);
      expect(await listOutboxEmails(db(), { appointmentId: covered, kind: 'PAYMENT_REQUEST' })).toHaveLength(0);
    });

    it('a deposit paid at the very instant the hold ends: either kept, or cancelled and flagged for refund, never lost', async () => {
      clock.set(MONDAY_9AM);
      expect((await setDeposit('FERTILITY', DEPOSIT)).statusCode).toBe(200);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '16:00', department: 'FERTILITY' };
      for (let i = 0; i < 3; i++) {
        const res = (await book(slot)).json();
        const order = await startVnpay(res.deposit.payToken);
        clock.set(at(15));
        const [answer] = await Promise.all([vnpayPaid(order), offerFreedPlaces(deps())]);
        expect(answer).toMatchObject({ RspCode: '00' });
        const row = (await findAppointment(db(), res.appointmentId))!;
        if (row.status === 'CANCELLED') expect(row).toMatchObject({ refundRequired: true, depositPaidAt: null });
        else expect(row.depositPaidAt).not.toBeNull();
        // The next run agrees with whichever came first.
        expect(await offerFreedPlaces(deps())).toMatchObject({ released: 0 });
        clock.set(MONDAY_9AM);
      }
    });

    it('a booking whose deposit was paid and is then cancelled owes her the deposit back', async () => {
      clock.set(MONDAY_9AM);
      expect((await setDeposit('FERTILITY', DEPOSIT)).statusCode).toBe(200);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '15:00', department: 'FERTILITY' };
      for (const by of ['her link', 'the front desk'] as const) {
        const res = (await book(slot)).json();
        expect(await vnpayPaid(await startVnpay(res.deposit.payToken))).toMatchObject({ RspCode: '00' });
        const cancelled =
          by === 'her link'
            ? await t.app.inject({
                method: 'POST',
                url: `/api/appointments/manage/${res.manageToken}/cancel`,
                payload: { reason: 'Bận việc' },
              })
            : await call(t.app, s.staff, 'PUT', `/api/appointments/${res.appointmentId}/cancel`, {
                reason: 'Bác sĩ nghỉ',
              });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(await findAppointment(db(), res.appointmentId), by).toMatchObject({
          status: 'CANCELLED',
          refundRequired: true,
        });
        const [told] = await listOutboxEmails(db(), { appointmentId: res.appointmentId, kind: 'CANCELLATION' });
        expect(told!.text, by).toContain('Số tiền hoàn lại: 200.000 VNĐ');
        // ...and staff have one refund of it to follow in 'Hoàn tiền' (this test app reaches no VNPay:
        // the desk's immediate call fails and stays there to retry).
        const money = await call(t.app, s.staff, 'GET', `/api/appointments/${res.appointmentId}/payments`);
        expect(money.json().refunds, by).toEqual([expect.objectContaining({ provider: 'VNPAY', amount: DEPOSIT })]);
      }
      // Without a deposit paid, a cancellation owes nothing.
      const unpaid = (await book(slot)).json();
      await call(t.app, s.staff, 'PUT', `/api/appointments/${unpaid.appointmentId}/cancel`, { reason: 'Bận' });
      expect((await findAppointment(db(), unpaid.appointmentId))!.refundRequired).toBe(false);
    });

    it('the front desk is never asked a deposit, nor is a department without one', async () => {
      clock.set(MONDAY_9AM);
      expect((await setDeposit('FERTILITY', DEPOSIT)).statusCode).toBe(200);
      const desk = await call(t.app, s.staff, 'POST', '/api/appointments/desk', {
        ...booking({ appointmentDate: DAYS.fri, appointmentTime: '09:00', department: 'FERTILITY', ...person('Quay') }),
        consentHealthData: undefined,
        consentInPerson: true,
      });
      expect(desk.statusCode, desk.body).toBe(201);
      expect(desk.json().deposit).toBeUndefined();
      const deskId = desk.json().appointment.id as number;
      const deskRow = (await findAppointment(db(), deskId))!;
      expect(deskRow).toMatchObject({ depositAmount: null, depositDueAt: null });
      const plain = await book({ appointmentDate: DAYS.fri, appointmentTime: '09:00', department: 'GYNECOLOGY' });
      expect(plain.statusCode).toBe(201);
      expect(plain.json().deposit).toBeUndefined();
      expect(
        await listOutboxEmails(db(), { appointmentId: plain.json().appointmentId, kind: 'DEPOSIT_REQUEST' }),
      ).toHaveLength(0);
      // Off again: the next booking is a plain one.
      expect((await setDeposit('FERTILITY', null)).json()).toMatchObject({ depositAmount: null });
      const after = await book({ appointmentDate: DAYS.fri, appointmentTime: '10:00', department: 'FERTILITY' });
      expect(after.json().deposit).toBeUndefined();
      clock.set(at(60));
      expect(await offerFreedPlaces(deps())).toMatchObject({ released: 0 });
      expect((await findAppointment(db(), deskId))!.status).toBe('PENDING');
    });
  });
}
