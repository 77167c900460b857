import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { clientToken } from '../../../test/fhir';
import { buildPhoneTestApp } from '../../../test/phone';
import { startRecordingSmtp, type RecordingSmtp } from '../../../test/system/server-process';
import type { PhoneSimulator } from '../messaging/phone-simulator.mjs';
import { listOutboxEmails } from '../email/email.repository';
import { processDueEmails } from '../email/email.service';
import { listMessages } from '../messaging/messaging.repository';
import { processDueMessages } from '../messaging/messaging.service';
import { offerFreedPlaces } from '../appointments/waiting-list/waiting-list-offers.service';

type Res = Record<string, unknown> & { id: string; status: string };
type Bundle = { entry?: { resource: Res }[] };

/** The text of every part of a message as the SMTP server received it (base64 or quoted-printable). */
function decoded(raw: string): string {
  const parts = raw.matchAll(
    /Content-Transfer-Encoding: (base64|quoted-printable)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)(?=\r\n--)/g,
  );
  return [...parts]
    .map(([, encoding, body]) =>
      encoding === 'base64'
        ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body!
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .join('\n');
}

/**
 * What she is told when a connected booking app books for her (issue 38, docs/FHIR.md): what the
 * public booking tells her, through the real SMTP server and the phone simulator; a hold tells no one.
 */
for (const kind of dbKinds()) {
  describe(`FHIR booking: her messages [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let sim: PhoneSimulator;
    let smtp: RecordingSmtp;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    let writer = '';
    let n = 0;

    /** Both outboxes' workers, twice: a second run sends nothing again. */
    async function deliver() {
      for (let i = 0; i < 2; i += 1) {
        await processDueEmails({ ...t.app.deps, db: db(), clock });
        await processDueMessages({ ...t.app.deps, db: db(), clock });
      }
    }
    const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
    const phoneInbox = (msisdn: string) => sim.inbox.filter((m) => m.phone === msisdn);

    const newWriter = () =>
      clientToken(t, s.admin, {
        clientId: `messages-${(n += 1)}.example.vn`,
        name: `Ứng dụng đặt lịch ${n}`,
        scopes: ['system/Appointment.read', 'system/Appointment.write'],
      });
    const post = (url: string, body: unknown, token = writer) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify(body),
      });
    const ok = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Res & { extension?: unknown };
    };
    const params = (...parameter: Record<string, unknown>[]) => ({ resourceType: 'Parameters', parameter });
    /** A proposed place of general practice at that hour (with the doctor when asked). */
    async function proposal(date: string, time: string, doctorId?: number) {
      const b = ok(
        await post(
          '/fhir/Appointment/$find',
          params(
            { name: 'service-type', valueCode: 'GENERAL_PRACTICE' },
            { name: 'start', valueDate: date },
            { name: 'end', valueDate: date },
            ...(doctorId ? [{ name: 'practitioner', valueReference: { reference: `Practitioner/${doctorId}` } }] : []),
          ),
        ),
      ) as unknown as Bundle;
      const p = b.entry!.find((e) => e.resource.start === `${date}T${time}:00+07:00`)?.resource;
      expect(p, `${date} ${time}`).toBeDefined();
      return p!;
    }
    const withPatient = (a: Res, name: string, phone: string, email?: string) => ({
      ...a,
      status: 'pending',
      contained: [
        {
          resourceType: 'Patient',
          id: 'pt',
          name: [{ text: name }],
          telecom: [{ system: 'phone', value: phone }, ...(email ? [{ system: 'email', value: email }] : [])],
        },
      ],
      participant: [
        ...(a.participant as unknown[]),
        { actor: { reference: '#pt' }, required: 'required', status: 'accepted' },
      ],
    });
    const bookHeld = (id: string, token = writer) =>
      post(
        '/fhir/Appointment/$book',
        params({ name: 'appointment-reference', valueReference: { reference: `Appointment/${id}` } }),
        token,
      );

    beforeAll(async () => {
      smtp = await startRecordingSmtp();
      ({ t, sim } = await buildPhoneTestApp(kind, clock, { SMTP_URL: smtp.url }));
      s = await signInAll(t.app);
      writer = await newWriter();
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      t?.app.deps.mailer.close();
      await sim?.close();
      await smtp?.close();
    });

    it('tells her nothing of a hold, and once of its booking: the booking e-mail and the same on Zalo, with her link', async () => {
      const p = await proposal(DAYS.wed, '10:00');
      const held = ok(
        await post(
          '/fhir/Appointment/$hold',
          params({
            name: 'appointment-resource',
            resource: withPatient(p, 'Lê Thị Hoa', '0961000201', 'hoa.fhir@example.com'),
          }),
        ),
      );
      await deliver();
      expect(await listOutboxEmails(db(), { appointmentId: Number(held.id) })).toHaveLength(0);
      expect(await listMessages(db(), { appointmentId: Number(held.id) })).toHaveLength(0);
      expect(mailsTo('hoa.fhir@example.com')).toHaveLength(0);
      expect(phoneInbox('84961000201')).toHaveLength(0);

      expect(ok(await bookHeld(held.id)).status).toBe('pending');
      await deliver();
      const mails = await listOutboxEmails(db(), { appointmentId: Number(held.id) });
      expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([
        ['BOOKING_RECEIVED', 'hoa.fhir@example.com', 'sent'],
      ]);
      const received = mailsTo('hoa.fhir@example.com');
      expect(received).toHaveLength(1);
      // Her private link, on this clinic's address.
      expect(decoded(received[0]!.raw)).toMatch(
        new RegExp(`${t.config.publicUrl.replaceAll('.', '\\.')}/appointment/manage/[A-Za-z0-9_-]{43}`),
      );
      const zalo = phoneInbox('84961000201');
      expect(zalo).toHaveLength(1);
      expect(zalo[0]).toMatchObject({ channel: 'zalo', data: { customer_name: 'Lê Thị Hoa' } });
      expect(JSON.stringify(zalo[0]!.data)).toMatch(/\/l\/[A-Za-z0-9_-]{22}/);

      // Booked again: a conflict, and nothing sent twice.
      expect((await bookHeld(held.id)).statusCode).toBe(409);
      await deliver();
      expect(mailsTo('hoa.fhir@example.com')).toHaveLength(1);
      expect(phoneInbox('84961000201')).toHaveLength(1);

      // The booking's history names the app that booked the held place.
      const trail = await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}/history`);
      expect(trail.statusCode, trail.body).toBe(200);
      expect(JSON.stringify(trail.json())).toContain('FHIR: Ứng dụng đặt lịch 1: đặt lịch chỗ đã giữ');
    });

    it('books a proposed place at once with the public booking’s messages: by SMS when she is not on Zalo and gave no e-mail', async () => {
      sim.rules.set('84961000202', { zalo: 'not-user' });
      const p = await proposal(DAYS.wed, '10:30');
      const booked = ok(
        await post(
          '/fhir/Appointment/$book',
          params({ name: 'appointment-resource', resource: withPatient(p, 'Trần Thu Hà', '0961000202') }),
        ),
      );
      expect(booked.status).toBe('pending');
      await deliver();
      expect(await listOutboxEmails(db(), { appointmentId: Number(booked.id) })).toHaveLength(0);
      const messages = await listMessages(db(), { appointmentId: Number(booked.id) });
      expect(messages.map((m) => [m.channel, m.template, m.status])).toEqual([
        ['zalo', 'BOOKING_RECEIVED', 'fallback'],
        ['sms', 'BOOKING_RECEIVED', 'sent'],
      ]);
      const sms = phoneInbox('84961000202').filter((m) => m.channel === 'sms');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.text).toContain('Tran Thu Ha');
      // Its short link opens her booking, as a public booking's does.
      const code = /\/l\/([A-Za-z0-9_-]{22})\b/.exec(sms[0]!.text!);
      expect(code, sms[0]!.text).not.toBeNull();
      const opened = await t.app.inject({ method: 'GET', url: `/l/${code![1]}` });
      expect(opened.statusCode).toBe(302);
      const token = /^\/appointment\/manage\/([A-Za-z0-9_-]{43})$/.exec(opened.headers.location as string)![1];
      const page = await t.app.inject({ method: 'GET', url: `/api/appointments/manage/${token}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ appointment: { id: Number(booked.id), fullName: 'Trần Thu Hà' } });
      // Her data download, from the same link, names the channel of the consent the app stated for her.
      const data = await t.app.inject({ method: 'GET', url: `/api/privacy/link/${token}/data` });
      expect(data.statusCode, data.body).toBe(200);
      expect(data.json().consents).toMatchObject([
        { purpose: 'HEALTH_DATA', source: 'BOOKING', channel: 'FHIR', phone: '0961000202' },
      ]);
    });

    it('sends the confirmation when the app named the doctor, as the front desk books', async () => {
      const p = await proposal(DAYS.thu, '14:00', s.doctor.userId);
      const booked = ok(
        await post(
          '/fhir/Appointment/$book',
          params({
            name: 'appointment-resource',
            resource: withPatient(p, 'Phạm Ngọc Lan', '0961000203', 'lan.fhir@example.com'),
          }),
        ),
      );
      expect(booked.status).toBe('booked');
      await deliver();
      const mails = await listOutboxEmails(db(), { appointmentId: Number(booked.id) });
      expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([
        ['APPOINTMENT_CONFIRMED', 'lan.fhir@example.com', 'sent'],
      ]);
      expect(mailsTo('lan.fhir@example.com')).toHaveLength(1);
    });

    it('tells her nothing when a hold lapses unbooked and the job frees its place', async () => {
      const p = await proposal(DAYS.thu, '15:30');
      const held = ok(
        await post(
          '/fhir/Appointment/$hold',
          params(
            {
              name: 'appointment-resource',
              resource: withPatient(p, 'Vũ Thị Mai', '0961000204', 'mai.fhir@example.com'),
            },
            { name: 'hold-minutes', valueInteger: 5 },
          ),
        ),
      );
      clock.set(new Date(Date.parse(MONDAY_9AM) + 6 * 60_000));
      try {
        expect((await offerFreedPlaces({ ...t.app.deps, clock })).released).toBeGreaterThanOrEqual(1);
        await deliver();
        const staff = await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}`);
        expect(staff.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Hết thời gian giữ chỗ' });
        expect(await listOutboxEmails(db(), { appointmentId: Number(held.id) })).toHaveLength(0);
        expect(await listMessages(db(), { appointmentId: Number(held.id) })).toHaveLength(0);
        expect(mailsTo('mai.fhir@example.com')).toHaveLength(0);
        expect(phoneInbox('84961000204')).toHaveLength(0);
      } finally {
        clock.set(MONDAY_9AM);
      }
    });
  });
}
