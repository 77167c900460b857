import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_MSG } from '@clinic/shared';
import { buildApp, type App } from '../../app';
import { openPostgres, rowsOf, type Database } from '../../db/client';
import { createTokenService } from '../../lib/tokens';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { createMailer, simulatedMailer } from '../../lib/mailer';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { booking, call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { findAppointment } from '../appointments/appointments.repository';
import { claimEmailById, findOutboxEmail, listOutboxEmails } from './email.repository';
import { EMAIL_MAX_ATTEMPTS, processDueEmails } from './email.service';
import { genericEmail } from './templates';
import { enqueueNotifications } from '../notifications/notifications.service';

type Received = { to: string[]; raw: string };

/** The text of every part of a message as the SMTP server received it (base64 or quoted-printable). */
function decodedBody(raw: string): string {
  const parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: (base64|quoted-printable)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)(?=\r\n--)/g,
    ),
  ];
  return parts
    .map(([, encoding, body]) =>
      encoding === 'base64'
        ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(
            body!
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .join('\n');
}

/** A real SMTP server on 127.0.0.1 that can be told to refuse mail for a while. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refuse) return callback();
      const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
      err.responseCode = 451;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const kind of dbKinds()) {
  describe(`e-mail through the outbox [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const worker = () => processDueEmails({ ...t.app.deps, db: db(), clock });
    const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));

    beforeAll(async () => {
      smtp = await startSmtp();
      t = await buildTestApp(kind, { clock, env: { SMTP_URL: smtp.url, RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => {
      await t?.close();
      t?.app.deps.mailer.close();
      await smtp?.close();
    });

    it('sends a booking’s e-mail once: the worker marks it sent and the appointment emailSent', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: 'once@example.com', phone: '0961000001' }),
      });
      const id = res.json().appointmentId as number;
      const first = await worker();
      expect(first.sent).toBeGreaterThanOrEqual(1);
      await worker();
      expect(to('once@example.com')).toHaveLength(1);
      expect(to('once@example.com')[0]!.raw).toMatch(/Subject: =\?UTF-8\?/);
      const [row] = await listOutboxEmails(db(), { appointmentId: id });
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt?.toISOString()).toBe(new Date(MONDAY_9AM).toISOString());
      expect((await findAppointment(db(), id))?.emailSent).toBe(true);
    });

    it('keeps a booking’s e-mail as its data, sends it rendered in full, and keeps no private link once it is out', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          email: 'kept@example.com',
          phone: '0961000002',
          appointmentTime: '10:00',
          reason: 'Khám định kỳ',
        }),
      });
      const { appointmentId: id, manageToken } = res.json() as { appointmentId: number; manageToken: string };
      const stored = async () =>
        rowsOf<{ html: string | null; data: Record<string, unknown> | null }>(
          await db().execute(sql`select html, data from email_outbox where appointment_id = ${id}`),
        )[0]!;
      const before = await stored();
      expect(before.html).toBeNull();
      expect(before.data).toMatchObject({
        id,
        fullName: expect.any(String),
        departmentName: 'Khoa Phụ khoa',
        reason: 'Khám định kỳ',
      });
      expect(JSON.stringify(before.data)).toContain(manageToken);

      await worker();
      const [mail] = to('kept@example.com');
      const body = decodedBody(mail!.raw);
      for (const line of [
        `Mã lịch hẹn`,
        `#${id}`,
        'Khoa Phụ khoa',
        'Khám định kỳ',
        `/appointment/manage/${manageToken}`,
        'Trân trọng,',
        'Hotline',
      ])
        expect(body).toContain(line);
      expect(body).toContain('<table role="presentation"');
      const after = await stored();
      expect(JSON.stringify(after.data)).not.toContain(manageToken);
      expect(after.data).toMatchObject({ manageUrl: expect.stringContaining('/appointment/manage/(đã ẩn)') });
    });

    it('a process of the earlier release, which would send a kept e-mail empty, cannot claim it; this release sends it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({ email: 'rolling@example.com', phone: '0961000003', appointmentTime: '10:30' }),
      });
      const [row] = await listOutboxEmails(db(), { appointmentId: res.json().appointmentId });
      // An earlier release's connection does not say it renders kept e-mails.
      const refused = await db()
        .transaction(async (tx) => {
          await tx.execute(sql`set local clinic.renders_kept_emails = off`);
          await claimEmailById(tx, row!.id, clock.now(), new Date(clock.now().getTime() + 60_000));
        })
        .then(
          () => null,
          (err: Error) => err,
        );
      expect(String((refused?.cause as Error | undefined)?.message)).toMatch(
        /kept as its data: only a process that renders it may send it/,
      );
      expect(await findOutboxEmail(db(), row!.id)).toMatchObject({ status: 'queued', attempts: 0 });
      await worker();
      expect(to('rolling@example.com')).toHaveLength(1);
      expect(await findOutboxEmail(db(), row!.id)).toMatchObject({ status: 'sent' });
    });

    it('attaches a calendar file at the clinic’s time to the confirmation', async () => {
      const a = await seedAppointment(db(), {
        status: 'PENDING',
        email: 'ics@example.com',
        appointmentDate: DAYS.wed,
        appointmentTime: '09:00',
      });
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/confirm`)).statusCode).toBe(200);
      const [row] = await listOutboxEmails(db(), { appointmentId: a.id, kind: 'APPOINTMENT_CONFIRMED' });
      const ics = row!.attachments[0]!;
      expect(ics.content).toContain('BEGIN:VCALENDAR');
      // 09:00 in Ho Chi Minh City is 02:00 UTC.
      expect(ics.content).toContain('DTSTART:20270303T020000Z');
      expect(ics.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      await worker();
      const mail = to('ics@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.raw).toContain('text/calendar');
      expect(mail[0]!.raw).toContain(`lich-kham-${a.id}.ics`);
    });

    it("sends a staff action's e-mail at once and says so; an appointment without an address sends none", async () => {
      const a = await seedAppointment(db(), { status: 'PENDING', email: 'atonce@example.com' });
      const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/confirm`);
      expect(res.json()).toMatchObject({
        message: APPOINTMENT_MSG.confirmed,
        emailStatus: 'sent',
        appointment: { emailSent: false },
      });
      expect(to('atonce@example.com')).toHaveLength(1);
      expect((await findAppointment(db(), a.id))?.emailSent).toBe(true);
      await worker();
      expect(to('atonce@example.com')).toHaveLength(1);

      const silent = await seedAppointment(db(), { status: 'PENDING', email: null });
      expect((await call(t.app, s.staff, 'PUT', `/api/appointments/${silent.id}/confirm`)).json()).toMatchObject({
        emailStatus: 'none',
      });
    });

    it('keeps an e-mail the server refuses, retries it after the back-off, and sends it once', async () => {
      smtp.state.refuse = true;
      const a = await seedAppointment(db(), { status: 'CONFIRMED', email: 'retry@example.com' });
      // The action tries its e-mail at once and tells the screen it could not be sent.
      const res = await call(t.app, s.staff, 'PUT', `/api/appointments/${a.id}/request-payment`, { amount: 700000 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: APPOINTMENT_MSG.paymentRequested, emailStatus: 'failed' });
      let [row] = await listOutboxEmails(db(), { appointmentId: a.id });
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.lastError).toMatch(/451/);
      expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);

      smtp.state.refuse = false;
      await worker(); // not due yet
      expect(to('retry@example.com')).toHaveLength(0);
      clock.set(new Date(clock.now().getTime() + 31_000));
      try {
        await worker();
      } finally {
        clock.set(MONDAY_9AM);
      }
      [row] = await listOutboxEmails(db(), { appointmentId: a.id });
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(to('retry@example.com')).toHaveLength(1);
      expect(to('retry@example.com')[0]!.raw).toContain('700.000 VN');
    });

    it('answers an e-mail call the server refuses with "Email service temporarily unavailable", and gives up after the last try', async () => {
      smtp.state.refuse = true;
      try {
        const res = await call(t.app, s.staff, 'POST', '/api/email/send', {
          to: 'giveup@example.com',
          subject: 'Thử',
          content: 'Nội dung',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: false,
          message: 'Email service temporarily unavailable',
          status: 'queued',
        });
        const [row] = (await listOutboxEmails(db(), { kind: 'GENERIC' })).filter(
          (r) => r.toAddress === 'giveup@example.com',
        );
        for (let i = 1; i < EMAIL_MAX_ATTEMPTS; i++) {
          clock.set(new Date(clock.now().getTime() + 2 * 3600_000));
          await worker();
        }
        expect(await findOutboxEmail(db(), row!.id)).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
      } finally {
        smtp.state.refuse = false;
        clock.set(MONDAY_9AM);
      }
      expect(to('giveup@example.com')).toHaveLength(0);
    });

    it('sends the e-mail calls at once and says so; the text is escaped into the HTML', async () => {
      const generic = await call(t.app, s.staff, 'POST', '/api/email/send', {
        to: 'call@example.com',
        subject: 'Kết quả',
        content: 'Xin chào <script>alert(1)</script>\nDòng hai',
      });
      expect(generic.json()).toEqual({ success: true, message: APPOINTMENT_MSG.emailSent, status: 'sent' });
      expect(to('call@example.com')).toHaveLength(1);
      const [row] = (await listOutboxEmails(db(), { kind: 'GENERIC' })).filter(
        (r) => r.toAddress === 'call@example.com',
      );
      expect(row!.html).toContain('Xin chào &lt;script&gt;alert(1)&lt;/script&gt;<br>Dòng hai');
      expect(row!.html).not.toContain('<script>');

      const a = await seedAppointment(db(), {
        status: 'PAID',
        paymentCompleted: true,
        paymentAmount: 650000,
        email: 'paid@example.com',
      });
      const confirmation = await call(
        t.app,
        s.staff,
        'POST',
        `/api/appointments/${a.id}/send-payment-confirmation`,
        {},
      );
      expect(confirmation.json()).toMatchObject({ success: true, status: 'sent' });
      const update = await call(t.app, s.staff, 'POST', `/api/appointments/${a.id}/send-update-notification`, {
        changes: ['Giờ khám: 09:00 → 10:00'],
      });
      expect(update.json().success).toBe(true);
      expect(to('paid@example.com')).toHaveLength(2);
      const payload = await call(t.app, s.admin, 'POST', '/api/email/send-payment-confirmation', {
        patientEmail: 'payload@example.com',
        patientName: 'Phạm Thu',
        appointmentDate: DAYS.thu,
        appointmentTime: '10:00',
        department: 'GYNECOLOGY',
        paymentAmount: 500000,
      });
      expect(payload.json().success).toBe(true);
      expect(to('payload@example.com')).toHaveLength(1);
    });

    it('refuses bad e-mail calls: 400 with the message, 404 unknown, 401/403 for others', async () => {
      expect(
        (await call(t.app, s.staff, 'POST', '/api/email/send', { to: 'x@example.com', subject: 'S' })).json(),
      ).toMatchObject({ statusCode: 400, message: APPOINTMENT_MSG.emailContentRequired });
      expect(
        (await call(t.app, s.staff, 'POST', '/api/email/send', { to: 'nobody', subject: 'S', content: 'C' })).json()
          .message,
      ).toBe(APPOINTMENT_MSG.emailRecipientInvalid);
      expect(
        (await call(t.app, s.staff, 'POST', '/api/email/send-payment-confirmation', { patientName: 'A' })).json()
          .message,
      ).toBe('Vui lòng điền đầy đủ thông tin bắt buộc');
      expect(
        (await call(t.app, s.staff, 'POST', '/api/appointments/999999/send-payment-confirmation', {})).statusCode,
      ).toBe(404);
      expect(
        (await call(t.app, s.staff, 'POST', '/api/appointments/abc/send-update-notification', {})).statusCode,
      ).toBe(400);
      const noAddress = await seedAppointment(db(), { status: 'PAID', email: null });
      expect(
        (await call(t.app, s.staff, 'POST', `/api/appointments/${noAddress.id}/send-payment-confirmation`, {})).json(),
      ).toMatchObject({ statusCode: 400, message: APPOINTMENT_MSG.emailNoAddress });
      expect(
        (await call(t.app, s.patient, 'POST', '/api/email/send', { to: 'x@example.com', subject: 'S', content: 'C' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(t.app, s.doctor, 'POST', `/api/appointments/${noAddress.id}/send-payment-confirmation`, {}))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(t.app, null, 'POST', '/api/email/send', { to: 'x@example.com', subject: 'S', content: 'C' }))
          .statusCode,
      ).toBe(401);
    });

    it('two workers at once send every e-mail exactly once (FOR UPDATE SKIP LOCKED)', async () => {
      const addresses = Array.from({ length: 12 }, (_, i) => `pair${i}@example.com`);
      await enqueueNotifications(
        db(),
        addresses.map((a) => genericEmail(a, 'Song song', 'Nội dung')),
        clock.now(),
      );
      let second: Database | undefined;
      try {
        second = kind === 'postgres' ? await openPostgres(t.testDb.url!, { max: 3 }) : undefined;
        const other = second?.db ?? db();
        const [x, y] = await Promise.all([
          processDueEmails({ ...t.app.deps, db: db(), clock }, { batchSize: 3 }),
          processDueEmails({ ...t.app.deps, db: other, clock }, { batchSize: 3 }),
        ]);
        expect(x.sent + y.sent).toBeGreaterThanOrEqual(12);
      } finally {
        await second?.close();
      }
      for (const a of addresses) expect(to(a), a).toHaveLength(1);
    });

    describe('with the SMTP server down', () => {
      let down: App;
      let port: number;
      beforeAll(async () => {
        // A port where an SMTP server was and is no more: connections are refused.
        const gone = await startSmtp();
        port = gone.port;
        await gone.close();
        down = await buildApp({
          ...t.app.deps,
          mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: t.config.mailFrom }),
          limiter: createMemoryRateLimiter(),
          tokens: createTokenService(t.config.jwtSecret),
        });
        await down.ready();
      });
      afterAll(async () => {
        down?.deps.mailer.close();
        await down?.close();
      });

      it('books and confirms all the same; the e-mails wait, and go out once each when it is back', async () => {
        const booked = await down.inject({
          method: 'POST',
          url: '/api/appointments/public',
          payload: booking({ email: 'down.booked@example.com', phone: '0961000077', appointmentTime: '10:00' }),
        });
        expect(booked.statusCode).toBe(201);
        const a = await seedAppointment(db(), { status: 'PENDING', email: 'down.confirmed@example.com' });
        const confirmed = await call(down, s.staff, 'PUT', `/api/appointments/${a.id}/confirm`);
        expect(confirmed.statusCode).toBe(200);
        expect(confirmed.json()).toMatchObject({ emailStatus: 'failed', appointment: { status: 'CONFIRMED' } });

        const run = (at: number) =>
          processDueEmails({
            ...down.deps,
            db: db(),
            clock: fixedClock(new Date(new Date(MONDAY_9AM).getTime() + at)),
          });
        await run(0);
        const waiting = [
          ...(await listOutboxEmails(db(), { appointmentId: booked.json().appointmentId })),
          ...(await listOutboxEmails(db(), { appointmentId: a.id })),
        ];
        expect(waiting.map((r) => r.status)).toEqual(['queued', 'queued']);
        expect(waiting.every((r) => /ECONNREFUSED/.test(r.lastError ?? ''))).toBe(true);

        // Back on the same address: the next run after the back-off sends each once, later runs none.
        const back = await startSmtp(port);
        try {
          await run(31_000);
          await run(5 * 60_000);
          await run(60 * 60_000);
          for (const address of ['down.booked@example.com', 'down.confirmed@example.com']) {
            expect(
              back.received.filter((m) => m.to.includes(address)),
              address,
            ).toHaveLength(1);
          }
          expect((await findAppointment(db(), a.id))?.emailSent).toBe(true);
        } finally {
          await back.close();
        }
      });
    });

    describe('without SMTP_URL', () => {
      let plain: App;
      beforeAll(async () => {
        // A second server process on the same database, configured without SMTP.
        plain = await buildApp({
          ...t.app.deps,
          mailer: undefined,
          config: { ...t.config, smtpUrl: undefined },
          limiter: createMemoryRateLimiter(),
          tokens: createTokenService(t.config.jwtSecret),
        });
        await plain.ready();
      });
      afterAll(async () => plain?.close());

      it('records e-mails as simulated and says "simulated"', async () => {
        expect(plain.deps.mailer.kind).toBe('simulated');
        const res = await call(plain, s.staff, 'POST', '/api/email/send', {
          to: 'sim@example.com',
          subject: 'Thử',
          content: 'Nội dung',
        });
        expect(res.json()).toMatchObject({ success: true, status: 'simulated' });
        expect(res.json().message).toContain('simulated');
        const [row] = (await listOutboxEmails(db(), { kind: 'GENERIC' })).filter(
          (r) => r.toAddress === 'sim@example.com',
        );
        expect(row!.status).toBe('simulated');
        const a = await seedAppointment(db(), { status: 'PENDING', email: 'simworker@example.com' });
        await call(plain, s.staff, 'PUT', `/api/appointments/${a.id}/confirm`);
        await processDueEmails({ ...plain.deps, db: db(), mailer: simulatedMailer, clock });
        expect((await listOutboxEmails(db(), { appointmentId: a.id }))[0]!.status).toBe('simulated');
        expect(to('sim@example.com')).toHaveLength(0);
        expect(to('simworker@example.com')).toHaveLength(0);
      });
    });
  });
}
