import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_TEXT, type AppointmentMessages, type MessageList } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { APP_ID, buildPhoneTestApp, OA_SECRET, ZALO_TOKEN } from '../../../test/phone';
import { freePort } from '../../../test/system/postgres-cluster';
import { booking, call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { rowsOf } from '../../db/client';
import { listOutboxEmails } from '../email/email.repository';
import { clearMessageData, listMessages } from './messaging.repository';
import { offerFreedPlaces } from '../appointments/waiting-list/waiting-list-offers.service';
import { inClinicDay, processDueMessages } from './messaging.service';
import { startPhoneSimulator, WEBHOOK_PATH, type PhoneSimulator } from './phone-simulator.mjs';
import { webhookProvider, zaloEventSignature } from './providers';
import {
  PHONE_TEMPLATES,
  SIMULATED_ZNS_TEMPLATE_IDS,
  SMS_MAX_PARTS,
  smsParts,
  smsText,
  znsData,
  type PhoneTemplateName,
} from './templates';

describe('phone texts', () => {
  it('keeps every SMS within two GSM-7 parts for the longest name allowed (100 characters)', () => {
    const longest =
      'Nguyễn Thị Hoàng Phương Thảo Nguyên Khánh Linh Đặng Trần Lê Phạm Võ Huỳnh Bùi Đỗ Hồ Ngô Dương Lý An';
    const name = longest.padEnd(100, 'a').slice(0, 100);
    for (const template of Object.keys(PHONE_TEMPLATES) as PhoneTemplateName[]) {
      const text = smsText(
        template,
        znsData({
          customer_name: name,
          date: '2027-03-02',
          time: '09:00',
          link: 'https://antamclinic.vn/l/AbCdEfGhIjKlMnOpQrStUv',
          amount: 12_345_000,
        }),
      );
      expect(smsParts(text), `${template}: ${text}`).toBeLessThanOrEqual(SMS_MAX_PARTS);
      // GSM-7 without diacritics: nothing outside plain ASCII.
      expect(text).toMatch(/^[\x20-\x7e\n]+$/);
    }
  });

  it('says the facts without diacritics', () => {
    const text = smsText(
      'BOOKING_RECEIVED',
      znsData({ customer_name: 'Đỗ Thị Ánh', date: '2027-03-02', time: '09:00', link: 'https://x.vn/l/abc' }),
    );
    expect(text).toContain('Do Thi Anh');
    expect(text).toContain('09:00 ngay 02/03/2027');
    expect(text).toContain('https://x.vn/l/abc');
  });

  it('opens the clinic day at 07:00 and closes it at 21:00, clinic time', () => {
    const day = { dayStart: '07:00', dayEnd: '21:00' };
    const tz = 'Asia/Ho_Chi_Minh';
    // 23:00 clinic time (16:00 UTC) waits for 07:00 the next day (00:00 UTC).
    expect(inClinicDay(new Date('2027-03-01T16:00:00Z'), tz, day).toISOString()).toBe('2027-03-02T00:00:00.000Z');
    // 06:59 waits a minute; 09:00 goes now.
    expect(inClinicDay(new Date('2027-03-01T23:59:00Z'), tz, day).toISOString()).toBe('2027-03-02T00:00:00.000Z');
    expect(inClinicDay(new Date(MONDAY_9AM), tz, day).toISOString()).toBe(new Date(MONDAY_9AM).toISOString());
  });
});

for (const kind of dbKinds()) {
  describe(`Zalo and SMS through the message outbox [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let sim: PhoneSimulator;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const worker = () => processDueMessages({ ...t.app.deps, db: db(), clock });
    const inboxOf = (phone: string) => sim.inbox.filter((m) => m.phone === phone);

    beforeAll(async () => {
      ({ t, sim } = await buildPhoneTestApp(kind, clock));
      s = await signInAll(t.app);
    });
    afterAll(async () => {
      await t?.close();
      await sim?.close();
    });

    it('sends a booking with an e-mail to the e-mail and to Zalo, once each, and no SMS', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: 'zalo.user@example.com', phone: '0961 000 101' }),
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().appointmentId as number;
      await worker();
      await worker();
      expect(await listOutboxEmails(db(), { appointmentId: id })).toHaveLength(1);
      const messages = await listMessages(db(), { appointmentId: id });
      expect(messages.map((m) => [m.channel, m.template, m.status])).toEqual([['zalo', 'BOOKING_RECEIVED', 'sent']]);
      expect(inboxOf('84961000101')).toHaveLength(1);
      expect(inboxOf('84961000101')[0]).toMatchObject({ channel: 'zalo', data: { customer_name: 'Trần Thị Lan' } });
    });

    it('sends a visitor without e-mail her private link by SMS when she is not on Zalo; the short link opens her booking', async () => {
      sim.rules.set('84961000102', { zalo: 'not-user' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '+84 961.000.102', appointmentTime: '10:00' }),
      });
      expect(res.statusCode).toBe(201);
      const { appointmentId: id, manageToken } = res.json() as { appointmentId: number; manageToken: string };
      await worker();
      expect(await listOutboxEmails(db(), { appointmentId: id })).toHaveLength(0);
      const messages = await listMessages(db(), { appointmentId: id });
      expect(messages.map((m) => [m.channel, m.status])).toEqual([
        ['zalo', 'fallback'],
        ['sms', 'sent'],
      ]);
      expect(messages[0]!.lastError).toContain('-118');
      const [sms] = inboxOf('84961000102');
      expect(sms).toMatchObject({ channel: 'sms' });
      const link = /http:\/\/127\.0\.0\.1:\d+\/l\/([A-Za-z0-9_-]{22})\b/.exec(sms!.text!);
      expect(link, sms!.text).not.toBeNull();
      expect(manageToken.startsWith(link![1]!)).toBe(true);
      // Once sent, the outbox keeps no private link.
      expect(JSON.stringify(await listMessages(db(), { appointmentId: id }))).not.toContain(link![1]!);
      const opened = await t.app.inject({ method: 'GET', url: `/l/${link![1]}` });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`/appointment/manage/${manageToken}`);
      const page = await t.app.inject({ method: 'GET', url: `/api/appointments/manage/${manageToken}` });
      expect(page.statusCode).toBe(200);
    });

    it('tells a patient with only a phone what a payment request asks and gives her its short pay link, on Zalo and by SMS; the link opens her pay page', async () => {
      sim.rules.set('84961000122', { zalo: 'not-user' });
      for (const [phone, channel] of [
        ['0961000121', 'zalo'],
        ['0961000122', 'sms'],
      ] as const) {
        const row = await seedAppointment(db(), { status: 'CONFIRMED', email: null, phone, appointmentTime: '14:00' });
        const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${row.id}/request-payment`, {
          amount: 380_000,
        });
        expect(res.statusCode, res.body).toBe(200);
        await worker();
        const [got] = inboxOf(`84${phone.slice(1)}`);
        expect(got, channel).toMatchObject({ channel });
        const said = channel === 'zalo' ? Object.values(got!.data!).join(' ') : got!.text!;
        // The amount as she reads it (SMS without diacritics) and the short form of her pay link.
        expect(said).toContain(channel === 'zalo' ? '380.000 VNĐ' : '380.000 VND');
        if (channel === 'zalo') {
          expect(got!.templateId).toBe(SIMULATED_ZNS_TEMPLATE_IDS.PAYMENT_REQUEST);
          expect(got!.data).toMatchObject({ amount: '380.000 VNĐ', time: '14:00' });
        }
        const code = /\/l\/([A-Za-z0-9_-]{22})\b/.exec(said)?.[1];
        expect(code, said).toBeDefined();
        const opened = await t.app.inject({ method: 'GET', url: `/l/${code}` });
        expect(opened.statusCode).toBe(302);
        const token = /^\/pay\/([A-Za-z0-9_-]{43})$/.exec(opened.headers.location as string)?.[1];
        expect(token, opened.headers.location as string).toBeDefined();
        const page = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${token}` });
        expect(page.json()).toMatchObject({ appointmentId: row.id, amount: 380_000, payable: true });
      }
    });

    it('refuses, as Zalo does, a message without a parameter its template names: it goes by SMS instead', async () => {
      const res = await fetch(`${sim.url}/message/template`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: ZALO_TOKEN },
        body: JSON.stringify({
          phone: '84961000123',
          template_id: SIMULATED_ZNS_TEMPLATE_IDS.PAYMENT_REQUEST,
          template_data: { customer_name: 'Lan', date: '02/03/2027', time: '09:00', hotline: '1900' },
          tracking_id: 'no-amount',
        }),
      });
      expect(await res.json()).toMatchObject({ error: -112 });
      expect(inboxOf('84961000123')).toHaveLength(0);
    });

    it('writes a public booking’s phone message with the booking: a refused booking sends nothing, and a booking whose message cannot be written is not made', async () => {
      const phone = '0961000299';
      const messagesTo = async () =>
        Number(
          rowsOf<{ n: number }>(
            await db().execute(sql`select count(*) as n from message_outbox where recipient = '84961000299'`),
          )[0]!.n,
        );
      const appointmentsOf = async () =>
        Number(
          rowsOf<{ n: number }>(
            await db().execute(sql`select count(*) as n from appointments where phone = ${phone}`),
          )[0]!.n,
        );
      const bookIt = (appointmentTime: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ email: '', phone, appointmentDate: DAYS.fri, appointmentTime }),
        });
      expect((await bookIt('08:00')).statusCode).toBe(201);
      expect(await messagesTo()).toBe(1);
      // The same person twice in one slot: refused, and nothing goes to her phone.
      expect((await bookIt('08:00')).statusCode).toBe(409);
      expect(await messagesTo()).toBe(1);

      // The outbox refuses her message: the booking is not made either, nor is anything sent.
      await db().execute(
        sql.raw(
          `alter table message_outbox add constraint test_refuses_her check (recipient <> '84961000299') not valid`,
        ),
      );
      try {
        expect((await bookIt('08:30')).statusCode).toBe(500);
      } finally {
        await db().execute(sql.raw('alter table message_outbox drop constraint test_refuses_her'));
      }
      expect(await appointmentsOf()).toBe(1);
      expect(await messagesTo()).toBe(1);
      await worker();
    });

    it('shows in the appointment’s history what was sent about it: channel, masked recipient, event, whether it arrived; never the text', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: 'hanh.history@example.com', phone: '0961000107', appointmentTime: '15:30' }),
      });
      const id = res.json().appointmentId as number;
      await worker();
      await sim.flushCallbacks();
      const seen = await call(t.app, s.staff, 'GET', `/api/appointments/${id}/messages`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(
        (seen.json() as AppointmentMessages).messages.map((m) => [m.channel, m.event, m.recipient, m.status]),
      ).toEqual([
        ['email', 'BOOKING_RECEIVED', 'ha***@example.com', 'queued'],
        ['zalo', 'BOOKING_RECEIVED', '0961***107', 'delivered'],
      ]);
      expect(seen.body).not.toMatch(/\/l\/|hanh\.history|0961000107|Tran Thi Lan|Trần Thị Lan/);
      expect((await call(t.app, s.doctor, 'GET', `/api/appointments/${id}/messages`)).statusCode).toBe(403);
      expect((await call(t.app, s.staff, 'GET', '/api/appointments/999999/messages')).statusCode).toBe(404);
    });

    it('retries a Zalo send whose answer was lost with the same tracking id: she gets it once', async () => {
      sim.rules.set('84961000103', { zalo: 'lose-answer' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '0961000103', appointmentTime: '11:00' }),
      });
      const id = res.json().appointmentId as number;
      expect((await worker()).retry).toBe(1);
      clock.set(new Date(new Date(MONDAY_9AM).getTime() + 60_000));
      expect((await worker()).sent).toBe(1);
      clock.set(MONDAY_9AM);
      expect(inboxOf('84961000103')).toHaveLength(1);
      const [row] = await listMessages(db(), { appointmentId: id });
      expect(row).toMatchObject({ channel: 'zalo', status: 'sent', attempts: 2 });
    });

    it('takes a signed delivery report once, and refuses one with a bad signature', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '0961000104', appointmentTime: '13:30' }),
      });
      const id = res.json().appointmentId as number;
      await worker();
      const [sent] = await listMessages(db(), { appointmentId: id });
      const timestamp = '1798000000000';
      const body = JSON.stringify({
        app_id: APP_ID,
        event_name: 'user_received_message',
        timestamp,
        message: { msg_id: sent!.providerMessageId, tracking_id: sent!.trackingId },
      });
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/messages/callbacks/zalo',
        headers: { 'content-type': 'application/json', 'x-zevent-signature': 'mac=00' },
        payload: body,
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ statusCode: 401, message: MESSAGING_TEXT.badSignature });
      expect((await listMessages(db(), { appointmentId: id }))[0]!.status).toBe('sent');
      const signed = {
        method: 'POST' as const,
        url: '/api/messages/callbacks/zalo',
        headers: {
          'content-type': 'application/json',
          'x-zevent-signature': zaloEventSignature(APP_ID, body, timestamp, OA_SECRET),
        },
        payload: body,
      };
      expect((await t.app.inject(signed)).json()).toEqual({ ok: true });
      // A repeat changes nothing.
      expect((await t.app.inject(signed)).json()).toEqual({ ok: false });
      expect((await listMessages(db(), { appointmentId: id }))[0]).toMatchObject({ status: 'delivered' });
    });

    it('records the SMS provider’s callback to the signed address it was given', async () => {
      sim.rules.set('84961000105', { zalo: 'template-refused' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '0961000105', appointmentTime: '14:00' }),
      });
      const id = res.json().appointmentId as number;
      await worker();
      await sim.flushCallbacks();
      const messages = await listMessages(db(), { appointmentId: id });
      expect(messages.map((m) => [m.channel, m.status])).toEqual([
        ['zalo', 'fallback'],
        ['sms', 'delivered'],
      ]);
      const tampered = await t.app.inject({
        method: 'GET',
        url: `/api/messages/callbacks/sms?ref=${messages[1]!.trackingId}&key=wrong&SendStatus=5`,
      });
      expect(tampered.statusCode).toBe(401);
    });

    it('holds a message that can wait until 07:00 clinic time, and sends it then', async () => {
      // 23:00 in Ho Chi Minh City: the doctor confirms a visit (non-urgent); the booking's own link goes at once.
      const night = '2027-03-01T16:00:00Z';
      clock.set(night);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '0961000106', appointmentDate: DAYS.wed, appointmentTime: '15:00' }),
      });
      const id = res.json().appointmentId as number;
      await worker();
      expect(inboxOf('84961000106')).toHaveLength(1);
      const confirmed = await call(t.app, s.staff, 'PUT', `/api/appointments/${id}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const run = await worker();
      expect(run.held).toBeGreaterThanOrEqual(1);
      expect(inboxOf('84961000106')).toHaveLength(1);
      clock.set('2027-03-02T00:00:00Z');
      await worker();
      expect(inboxOf('84961000106').map((m) => m.data?.customer_name)).toHaveLength(2);
      clock.set(MONDAY_9AM);
    });

    it('lets a visitor who gave only her phone wait for a full slot: a place freed at 23:00 reaches her phone at 07:00, its short link opens the offer and she claims it', async () => {
      clock.set(MONDAY_9AM);
      const slot = { appointmentDate: DAYS.thu, appointmentTime: '16:00', department: 'GYNECOLOGY' };
      const manageTokens: string[] = [];
      for (const phone of ['0961000201', '0961000202', '0961000203']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ ...slot, email: '', phone }),
        });
        expect(res.statusCode, res.body).toBe(201);
        manageTokens.push(res.json().manageToken as string);
      }
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/waiting-list',
        payload: { ...slot, fullName: 'Phạm Thị Hoa', phone: '0961 000 210', email: '', consentContact: true },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      await worker();
      const hers = () => inboxOf('84961000210');
      const offers = () => hers().filter((m) => m.templateId === SIMULATED_ZNS_TEMPLATE_IDS.WAITING_OFFER);
      expect(hers().map((m) => m.templateId)).toEqual([SIMULATED_ZNS_TEMPLATE_IDS.WAITING_JOINED]);

      // 23:00 clinic time: a place frees; nobody is woken for it.
      clock.set('2027-03-01T16:00:00Z');
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${manageTokens[0]}/cancel`,
        payload: { reason: 'Bận việc' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await offerFreedPlaces({ ...t.app.deps, db: db(), clock })).toMatchObject({ offered: 0 });
      await worker();
      expect(offers()).toHaveLength(0);

      // 07:00: the offer goes to her phone, once, with the short form of its link.
      clock.set('2027-03-02T00:00:00Z');
      expect(await offerFreedPlaces({ ...t.app.deps, db: db(), clock })).toMatchObject({ offered: 1 });
      await worker();
      await worker();
      expect(offers()).toHaveLength(1);
      const [offer] = offers();
      expect(offer).toMatchObject({ channel: 'zalo', data: { customer_name: 'Phạm Thị Hoa', time: '16:00' } });
      const code = /\/l\/([A-Za-z0-9_-]{22})$/.exec(offer!.data!.link ?? '')?.[1];
      expect(code, offer!.data!.link).toBeDefined();
      const opened = await t.app.inject({ method: 'GET', url: `/l/${code}` });
      expect(opened.statusCode).toBe(302);
      const offerToken = /^\/appointment\/waiting\/([A-Za-z0-9_-]{43})$/.exec(opened.headers.location as string)?.[1];
      expect(offerToken, opened.headers.location as string).toBeDefined();
      const seen = await t.app.inject({ method: 'GET', url: `/api/appointments/waiting-list/${offerToken}` });
      // Held 30 minutes from when it was sent.
      expect(seen.json()).toMatchObject({ status: 'OFFERED', offerExpiresAt: '2027-03-02T00:30:00.000Z' });

      const claimed = await t.app.inject({ method: 'POST', url: `/api/appointments/waiting-list/${offerToken}/claim` });
      expect(claimed.statusCode, claimed.body).toBe(201);
      await worker();
      // Her booking's private link goes to the same phone.
      const received = hers().filter((m) => m.templateId === SIMULATED_ZNS_TEMPLATE_IDS.BOOKING_RECEIVED);
      expect(received).toHaveLength(1);
      expect(received[0]!.data!.link).toMatch(/\/l\/[A-Za-z0-9_-]{22}$/);
      expect(await listOutboxEmails(db(), { appointmentId: claimed.json().appointmentId as number })).toHaveLength(0);
      clock.set(MONDAY_9AM);
    });

    it('lists messages to Booking Manager without their text, and lets her resend one', async () => {
      const list = await call(t.app, s.staff, 'GET', '/api/messages?channel=sms');
      expect(list.statusCode).toBe(200);
      const body = list.json() as { messages: { id: number; recipient: string }[]; templates: { name: string }[] };
      expect(body.messages.length).toBeGreaterThan(0);
      expect(body.messages[0]!.recipient).toMatch(/^0\d{3}\*\*\*\d{3}$/);
      expect(JSON.stringify(body)).not.toContain('/l/');
      expect(body.templates.map((x) => x.name)).toContain('WAITING_OFFER');
      expect((await call(t.app, s.doctor, 'GET', '/api/messages')).statusCode).toBe(403);
      const all = (await call(t.app, s.staff, 'GET', '/api/messages')).json() as MessageList;
      const cancellation = all.messages.find((m) => m.template === 'CANCELLATION')!;
      const sentBefore = sim.inbox.length;
      const resent = await call(t.app, s.staff, 'POST', `/api/messages/${cancellation.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().message).toBe(MESSAGING_TEXT.resent);
      expect(sim.inbox.slice(sentBefore)).toHaveLength(1);
      expect(sim.inbox[sentBefore]!.data).toMatchObject({ customer_name: 'Trần Thị Lan', time: '16:00' });
      expect((await call(t.app, s.staff, 'POST', '/api/messages/999999/resend')).statusCode).toBe(404);

      // Her private link is not kept once sent: resending it would send none; a new link is asked for instead.
      const withLink = all.messages.find((m) => m.template === 'BOOKING_RECEIVED' && m.status !== 'queued')!;
      const linkGone = await call(t.app, s.staff, 'POST', `/api/messages/${withLink.id}/resend`);
      expect(linkGone.statusCode).toBe(409);
      expect(linkGone.json()).toMatchObject({ statusCode: 409, message: MESSAGING_TEXT.resendLinkGone });

      // Retention cleared what the message said: nothing empty goes to her phone.
      expect(await clearMessageData(db(), new Date('2099-01-01T00:00:00Z'))).toBeGreaterThan(0);
      const cleared = await call(t.app, s.staff, 'POST', `/api/messages/${cancellation.id}/resend`);
      expect(cleared.statusCode).toBe(409);
      expect(cleared.json()).toMatchObject({ statusCode: 409, message: MESSAGING_TEXT.resendDataCleared });
      expect(sim.inbox.length).toBe(sentBefore + 1);
    });
  });

  describe(`SMS through the generic signed-webhook gateway [${kind}]`, () => {
    const SIGNING_KEY = 'webhook-signing-key-for-tests';
    let t: TestContext;
    let sim: PhoneSimulator;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const worker = () => processDueMessages({ ...t.app.deps, db: db(), clock });
    const bookFor = async (phone: string, appointmentTime: string) => {
      // Not on Zalo: the message goes by SMS, through the gateway.
      const msisdn = `84${phone.slice(1)}`;
      sim.rules.set(msisdn, { ...sim.rules.get(msisdn), zalo: 'not-user' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone, appointmentDate: DAYS.thu, appointmentTime }),
      });
      expect(res.statusCode, res.body).toBe(201);
      await worker();
      return res.json().appointmentId as number;
    };

    beforeAll(async () => {
      const port = await freePort();
      sim = await startPhoneSimulator({
        zaloToken: ZALO_TOKEN,
        oaSecret: OA_SECRET,
        smsApiKey: SIGNING_KEY,
        smsSecretKey: 'unused',
      });
      t = await buildTestApp(kind, {
        clock,
        env: {
          RATE_LIMIT_PUBLIC: '1000',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          ZALO_API_URL: sim.url,
          ZALO_ACCESS_TOKEN: ZALO_TOKEN,
          SMS_PROVIDER: 'webhook',
          SMS_API_URL: `${sim.url}${WEBHOOK_PATH}`,
          SMS_API_KEY: SIGNING_KEY,
        },
      });
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t?.close();
      await sim?.close();
    });

    it('hands the SMS to the gateway signed, once, and records its delivery report', async () => {
      const id = await bookFor('0962000301', '08:00');
      const messages = await listMessages(db(), { appointmentId: id });
      expect(messages.map((m) => [m.channel, m.status, m.provider])).toEqual([
        ['zalo', 'fallback', 'zns'],
        ['sms', 'sent', 'webhook'],
      ]);
      const sms = sim.inbox.filter((m) => m.phone === '84962000301');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.text).toMatch(
        /Da nhan yeu cau dat lich kham cua Tran Thi Lan luc 08:00 .*\/l\/[A-Za-z0-9_-]{22}$/,
      );
      expect(messages[1]!.providerMessageId).toBe(sms[0]!.providerMessageId);
      await sim.flushCallbacks();
      expect((await listMessages(db(), { appointmentId: id }))[1]).toMatchObject({ status: 'delivered' });
    });

    it('takes a retry after a lost answer under the same idempotency key: she gets it once', async () => {
      sim.rules.set('84962000302', { zalo: 'not-user', sms: 'lose-answer' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: '', phone: '0962000302', appointmentDate: DAYS.thu, appointmentTime: '08:30' }),
      });
      const id = res.json().appointmentId as number;
      expect((await worker()).retry).toBe(1);
      clock.set(new Date(new Date(MONDAY_9AM).getTime() + 60_000));
      expect((await worker()).sent).toBe(1);
      clock.set(MONDAY_9AM);
      expect(sim.inbox.filter((m) => m.phone === '84962000302')).toHaveLength(1);
      expect((await listMessages(db(), { appointmentId: id }))[1]).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('records a message the gateway refuses as failed, with its reason, without trying again', async () => {
      sim.rules.set('84962000303', { sms: 'refuse' });
      const id = await bookFor('0962000303', '09:00');
      const [, sms] = await listMessages(db(), { appointmentId: id });
      expect(sms).toMatchObject({ channel: 'sms', status: 'failed', attempts: 1 });
      expect(sms!.lastError).toBe('webhook 422: Recipient refuses messages');
      expect(sim.inbox.filter((m) => m.phone === '84962000303')).toHaveLength(0);
    });

    it('is refused by the gateway when signed with another key, and a forged request sends nothing', async () => {
      const message = {
        recipient: '84962000304',
        template: 'REMINDER' as const,
        data: {},
        text: 'An Tam: test',
        trackingId: 'f'.repeat(32),
        callbackUrl: 'http://127.0.0.1:9/unused',
      };
      const wrongKey = webhookProvider({
        provider: 'webhook',
        apiUrl: `${sim.url}${WEBHOOK_PATH}`,
        apiKey: 'not-the-gateway-key',
        secretKey: '',
        brandname: 'ANTAMCLINIC',
      });
      expect(await wrongKey.send(message)).toEqual({
        ok: false,
        final: true,
        error: 'webhook 401: Signature does not match',
      });
      const forged = await fetch(`${sim.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': 'sha256=00' },
        body: JSON.stringify({ to: '84962000304', text: 'forged' }),
      });
      expect(forged.status).toBe(401);
      expect(sim.inbox.filter((m) => m.phone === '84962000304')).toHaveLength(0);
    });
  });
}
