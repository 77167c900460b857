import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLAIM_MSG, mobileMsisdn, PRIVACY_MSG, PRIVACY_NOTICE, PRIVACY_PROOF_MINUTES } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { nextIp } from '../../../test/blog-fixtures';
import { booking, call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../test/appointments';
import { rowsOf } from '../../db/client';
import { applyRetention, PAST_RETENTION_REASON } from './retention.service';

/** Privacy by law (issue 26): consent, a person's rights over her data, who read what, retention. */
for (const kind of dbKinds()) {
  describe(`privacy [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const db = () => t.testDb.database.db;
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await db().execute(query))[0]!.n);
    const publicPost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000' } });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    const linkGet = (token: string, what: string) =>
      t.app.inject({ url: `/api/privacy/link/${token}/${what}`, remoteAddress: nextIp() });
    const answer = (id: number, outcome: 'DONE' | 'REFUSED' = 'DONE') =>
      call(t.app, s.admin, 'POST', `/api/privacy/requests/${id}/answer`, {
        outcome,
        answer: 'Phòng khám đã xóa dữ liệu của chị.',
      });
    /** The last proof code sent to this e-mail or phone, read from the outbox as her mailbox or phone would. */
    async function proofCodeSentTo(to: string): Promise<string> {
      const [row] = rowsOf<{ code: string | null }>(
        await db().execute(
          to.includes('@')
            ? sql`select substring(subject from '[0-9]{6}') as code from email_outbox
                  where kind = 'PRIVACY_CODE' and to_address = ${to} order by id desc limit 1`
            : sql`select data->>'code' as code from message_outbox
                  where template = 'PRIVACY_CODE' and recipient = ${mobileMsisdn(to)} order by id desc limit 1`,
        ),
      );
      expect(row?.code).toMatch(/^\d{6}$/);
      return row!.code!;
    }
    /** Her link proves the booking's e-mail or phone with the code sent to it. */
    async function prove(token: string, via: 'EMAIL' | 'PHONE', to: string) {
      const sent = await publicPost(`/api/privacy/link/${token}/proof/code`, { via });
      expect(sent.statusCode, sent.body).toBe(200);
      const proven = await publicPost(`/api/privacy/link/${token}/proof`, { code: await proofCodeSentTo(to) });
      expect(proven.statusCode, proven.body).toBe(200);
      expect(proven.json().scope).toBe('CONTACT');
    }

    let slot = 0;
    /** A booking of her own slot; its private link's token. */
    async function book(overrides: Record<string, unknown>): Promise<{ id: number; token: string }> {
      slot += 1;
      const res = await publicPost(
        '/api/appointments/public',
        booking({
          appointmentDate: DAYS.thu,
          appointmentTime: ['08:00', '08:30', '09:00', '09:30'][slot % 4],
          ...overrides,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().appointmentId, token: res.json().manageToken };
    }

    describe('consent where data is collected', () => {
      it('asks again for a consent given under an earlier notice, through her account or her link', async () => {
        // Her consent, given under version 0.9 of the notice; a withdrawn one of another purpose is never asked again.
        const patientId = s.patient.userId;
        await db().execute(sql`insert into consents (purpose, source, channel, notice_version, email, user_id, given_at)
          values ('HEALTH_DATA', 'BOOKING', 'ACCOUNT', '0.9', null, ${patientId}, now()),
                 ('MARKETING', 'NEWSLETTER', 'WEB', '0.9', null, ${patientId}, now())`);
        await db().execute(
          sql`update consents set withdrawn_at = now() where user_id = ${patientId} and purpose = 'MARKETING'`,
        );
        const due = await call(t.app, s.patient, 'GET', '/api/privacy/me/consents');
        expect(due.statusCode).toBe(200);
        expect(due.json()).toMatchObject({
          noticeVersion: PRIVACY_NOTICE.version,
          due: [{ purpose: 'HEALTH_DATA', givenVersion: '0.9' }],
        });
        // Only a ticked box passes.
        const unticked = await call(t.app, s.patient, 'POST', '/api/privacy/me/consents', { purpose: 'HEALTH_DATA' });
        expect(unticked.statusCode).toBe(400);
        expect(unticked.json().error).toBe(PRIVACY_MSG.renewalRequired);
        const renewed = await call(t.app, s.patient, 'POST', '/api/privacy/me/consents', {
          purpose: 'HEALTH_DATA',
          agree: true,
        });
        expect(renewed.statusCode, renewed.body).toBe(200);
        expect(renewed.json()).toMatchObject({ message: PRIVACY_MSG.renewed, renewal: { due: [] } });
        expect(
          rowsOf<{ source: string; channel: string; notice_version: string }>(
            await db().execute(
              sql`select source, channel, notice_version from consents where user_id = ${patientId} order by id desc limit 1`,
            ),
          )[0],
        ).toEqual({ source: 'RENEWAL', channel: 'ACCOUNT', notice_version: PRIVACY_NOTICE.version });
        // Nothing left to confirm, and a withdrawn consent cannot be brought back this way.
        for (const purpose of ['HEALTH_DATA', 'MARKETING'])
          expect(
            (await call(t.app, s.patient, 'POST', '/api/privacy/me/consents', { purpose, agree: true })).json().code,
          ).toBe('NO_CONSENT_TO_RENEW');

        // A visitor without an account, through her booking's private link.
        const { token } = await book({ fullName: 'Lý Thị Gia Hạn', phone: '0914000777', email: 'gia.han@example.com' });
        const linkConsents = () =>
          t.app.inject({ url: `/api/privacy/link/${token}/consents`, remoteAddress: nextIp() });
        expect((await linkConsents()).json().due).toEqual([]);
        await db().execute(sql`update consents set notice_version = '0.9' where email = 'gia.han@example.com'`);
        expect((await linkConsents()).json().due).toMatchObject([{ purpose: 'HEALTH_DATA', givenVersion: '0.9' }]);
        const viaLink = await publicPost(`/api/privacy/link/${token}/consents`, {
          purpose: 'HEALTH_DATA',
          agree: true,
        });
        expect(viaLink.statusCode, viaLink.body).toBe(200);
        expect((await linkConsents()).json().due).toEqual([]);
      });

      it('refuses a booking without the ticked box (400, in Vietnamese) and stores nothing', async () => {
        const before = await count(
          sql`select (select count(*) from appointments) + (select count(*) from consents) as n`,
        );
        for (const consent of [{ consentHealthData: undefined }, { consentHealthData: false }]) {
          const res = await publicPost('/api/appointments/public', booking({ phone: '0911000001', ...consent }));
          expect(res.statusCode).toBe(400);
          expect(res.json().error).toBe(PRIVACY_MSG.healthConsentRequired);
        }
        expect(
          await count(sql`select (select count(*) from appointments) + (select count(*) from consents) as n`),
        ).toBe(before);
      });

      it('records each consent with who, purpose, the notice version, when and the channel', async () => {
        const { id } = await book({ phone: '0911000002', email: 'consent.web@example.com', department: 'GYNECOLOGY' });
        const signedIn = await call(
          t.app,
          s.patient,
          'POST',
          '/api/appointments/public',
          booking({ phone: '0911000003', email: 'consent.account@example.com', appointmentDate: DAYS.fri }),
        );
        expect(signedIn.statusCode).toBe(201);
        const rows = rowsOf<Record<string, unknown>>(
          await db()
            .execute(sql`select purpose, source, channel, notice_version, phone, email, user_id, appointment_id, given_at
            from consents where email in ('consent.web@example.com', 'consent.account@example.com') order by id`),
        );
        expect(rows).toHaveLength(2);
        expect(rows[0]).toMatchObject({
          purpose: 'HEALTH_DATA',
          source: 'BOOKING',
          channel: 'WEB',
          notice_version: PRIVACY_NOTICE.version,
          phone: '0911000002',
          user_id: null,
          appointment_id: id,
        });
        expect(new Date(rows[0]!.given_at as string).toISOString()).toBe(new Date(MONDAY_9AM).toISOString());
        expect(rows[1]).toMatchObject({ channel: 'ACCOUNT', user_id: s.patient.userId });

        const refused = await publicPost('/api/newsletter', { email: 'news@example.com' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(PRIVACY_MSG.marketingConsentRequired);
        expect(
          (await publicPost('/api/newsletter', { email: 'news@example.com', consentMarketing: true })).statusCode,
        ).toBe(200);
        expect(
          await count(
            sql`select count(*) as n from consents where email = 'news@example.com' and purpose = 'MARKETING'`,
          ),
        ).toBe(1);
      });

      it('refuses a waiting-list entry without consent and records it with one', async () => {
        const full = { appointmentDate: DAYS.sat, appointmentTime: '10:00', department: 'FERTILITY' };
        for (let i = 0; i < 3; i++) await book({ ...full, phone: `091200000${i}`, email: null });
        const entry = { ...full, fullName: 'Người Chờ', phone: '0912000009', email: 'waiting@example.com' };
        const refused = await publicPost('/api/appointments/waiting-list', entry);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(PRIVACY_MSG.waitingConsentRequired);
        expect(
          await count(sql`select count(*) as n from waiting_list_entries where email = 'waiting@example.com'`),
        ).toBe(0);
        expect(
          (await publicPost('/api/appointments/waiting-list', { ...entry, consentContact: true })).statusCode,
        ).toBe(201);
        expect(
          await count(
            sql`select count(*) as n from consents where email = 'waiting@example.com' and source = 'WAITING_LIST'`,
          ),
        ).toBe(1);
      });
    });

    describe('her data, by her link', () => {
      it('contains exactly her data: not another patient of the same name, nor one who shares her phone', async () => {
        const mine = await book({ fullName: 'Lê Thị Hoa', phone: '0913000001', email: 'hoa.le@example.com' });
        await book({ fullName: 'Lê Thị Hoa', phone: '0913000002', email: 'hoa.other@example.com' });
        await book({ fullName: 'Phạm Văn Nam', phone: '0913000001', email: 'nam.husband@example.com' });
        // Zalo could not reach her: her booking's message went by SMS too (issue 27).
        await db()
          .execute(sql`insert into message_outbox (channel, template, recipient, data, appointment_id, tracking_id, status)
          values ('sms', 'BOOKING_RECEIVED', '84913000001', '{"customer_name": "Le Thi Hoa"}', ${mine.id}, 'privacy-hoa-sms', 'simulated')`);
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/privacy/link/${mine.token}/data`,
          remoteAddress: nextIp(),
        });
        expect(res.statusCode).toBe(200);
        const data = res.json();
        expect(data.appointments.map((a: { id: number }) => a.id)).toEqual([mine.id]);
        expect(data.appointments[0].history.length).toBeGreaterThan(0);
        expect(data.consents.map((c: { email: string }) => c.email)).toEqual(['hoa.le@example.com']);
        expect(data.messages.length).toBeGreaterThan(0);
        type Sent = { kind: string; toAddress: string; subject: string };
        expect(data.messages.filter((m: Sent) => m.toAddress === 'hoa.le@example.com').length).toBeGreaterThan(0);
        // Her booking's Zalo message and SMS; not her husband's, though sent to the phone they share.
        expect(
          data.messages
            .filter((m: Sent) => m.toAddress !== 'hoa.le@example.com')
            .map((m: Sent) => [m.kind, m.toAddress, m.subject])
            .sort(),
        ).toEqual([
          ['BOOKING_RECEIVED', '0913000001', 'Tin nhắn SMS'],
          ['BOOKING_RECEIVED', '0913000001', 'Tin nhắn Zalo'],
        ]);
        expect(JSON.stringify(data)).not.toMatch(/hoa\.other|nam\.husband|Phạm Văn Nam/);
      });
    });

    describe('deletion that respects medical records', () => {
      it('de-identifies what is not a medical record and keeps a completed visit restricted', async () => {
        const email = 'mai.deletion@example.com';
        const visit = await seedAppointment(db(), {
          email,
          fullName: 'Đỗ Thị Mai',
          status: 'COMPLETED',
          appointmentDate: '2027-02-01',
          doctorId: s.doctor.userId,
          notes: 'Khám xong, tái khám sau 3 tháng',
          paymentCompleted: true,
        });
        const cancelled = await seedAppointment(db(), { email, fullName: 'Đỗ Thị Mai', status: 'CANCELLED' });
        const pending = await book({ fullName: 'Đỗ Thị Mai', phone: '0914000001', email });
        await publicPost('/api/newsletter', { email, consentMarketing: true });
        // An SMS to her phone and one about her visit sent to another number (issue 27).
        await db()
          .execute(sql`insert into message_outbox (channel, template, recipient, data, appointment_id, tracking_id, status) values
          ('sms', 'REMINDER', '84914000001', '{"customer_name": "Do Thi Mai"}', null, 'privacy-mai-sms', 'delivered'),
          ('sms', 'REMINDER', '84914000009', '{"customer_name": "Do Thi Mai"}', ${visit.id}, 'privacy-mai-visit', 'sent')`);
        // Codes to claim her visits, sent to her e-mail and to her phone (issue 25, defect 9), asked by an account.
        await db().execute(sql`insert into claim_codes (user_id, email, phone, code_hash, expires_at, created_at) values
          (${s.admin.userId}, ${email}, null, 'x', now(), now()), (${s.admin.userId}, null, '0914000001', 'y', now(), now())`);
        const herClaimCodes = sql`select count(*) as n from claim_codes where email = ${email} or phone = '0914000001'`;
        expect(await count(herClaimCodes)).toBe(2);
        const herMessages = sql`select count(*) as n from message_outbox
          where recipient = '84914000001' or appointment_id in (${visit.id}, ${cancelled.id}, ${pending.id})`;
        expect(await count(herMessages)).toBeGreaterThanOrEqual(3);
        const total = await count(sql`select count(*) as n from appointments`);

        // Her link reaches everything under her e-mail once she typed the code sent to it (issue 34).
        await prove(pending.token, 'EMAIL', email);
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/privacy/link/${pending.token}/requests`,
          payload: { kind: 'DELETION' },
          remoteAddress: nextIp(),
        });
        expect(asked.statusCode).toBe(201);
        const request = asked.json().request;
        expect(request.scope).toBe('CONTACT');
        expect(new Date(request.dueAt).getTime() - new Date(MONDAY_9AM).getTime()).toBe(72 * 3_600_000);

        const answered = await call(t.app, s.admin, 'POST', `/api/privacy/requests/${request.id}/answer`, {
          outcome: 'DONE',
          answer: 'Phòng khám đã xóa dữ liệu của chị.',
        });
        expect(answered.statusCode, answered.body).toBe(200);
        expect(answered.json().deletion).toMatchObject({
          appointmentsRestricted: 1,
          appointmentsDeidentified: 2,
          newsletterErased: 1,
        });
        expect(answered.json().request.answer).toContain(PRIVACY_MSG.deletionKeptRecords);

        // The counts keep every row; what names her is gone, but from the medical record.
        expect(await count(sql`select count(*) as n from appointments`)).toBe(total);
        const rows = rowsOf<{
          id: number;
          full_name: string;
          email: string | null;
          status: string;
          restricted: boolean;
        }>(
          await db().execute(
            sql`select id, full_name, email, status, restricted from appointments where id in (${visit.id}, ${cancelled.id}, ${pending.id}) order by id`,
          ),
        );
        expect(rows.find((r) => r.id === visit.id)).toMatchObject({ email, restricted: true, status: 'COMPLETED' });
        for (const id of [cancelled.id, pending.id])
          expect(rows.find((r) => r.id === id)).toMatchObject({
            email: null,
            full_name: 'Đã xóa theo yêu cầu',
            status: 'CANCELLED',
          });
        expect(await count(sql`select count(*) as n from newsletter_subscribers where email = ${email}`)).toBe(0);
        // Her messages are gone; the answer is on its way to her.
        expect(
          rowsOf<{ kind: string }>(
            await db().execute(sql`select kind from email_outbox where to_address = ${email}`),
          ).map((r) => r.kind),
        ).toEqual(['PRIVACY_ANSWER']);
        expect(await count(herMessages)).toBe(0);
        expect(await count(herClaimCodes)).toBe(0);

        // Only the treating doctor and ADMIN open the kept record.
        expect((await call(t.app, s.staff, 'GET', `/api/appointments/${visit.id}`)).statusCode).toBe(403);
        expect((await call(t.app, s.doctor, 'GET', `/api/appointments/${visit.id}`)).statusCode).toBe(200);
        expect((await call(t.app, s.admin, 'GET', `/api/appointments/${visit.id}`)).statusCode).toBe(200);
        // Nor do the front desk's lists, Patient Control or the history export show it to anyone else: the row
        // stays (the counts and revenue need it), without her name, contact, reason or notes.
        const seenBy = async (session: typeof s.staff) => {
          const bodies = await Promise.all(
            [
              `/api/appointments?size=100&from=2027-02-01&to=2027-02-01`,
              `/api/appointments/history?size=100&period=custom&from=2027-02-01&to=2027-02-01`,
              `/api/appointments/history/export?period=custom&from=2027-02-01&to=2027-02-01`,
              `/api/patients?size=100`,
              `/api/patients/detail?email=${encodeURIComponent(email)}`,
            ].map(async (url) => {
              const res = await call(t.app, session, 'GET', url);
              return `${res.statusCode} ${res.body}`;
            }),
          );
          return bodies.join('\n');
        };
        const staffSees = await seenBy(s.staff);
        expect(staffSees).not.toMatch(/Đỗ Thị Mai|mai\.deletion|tái khám sau 3 tháng/);
        expect(staffSees).toContain(`"id":${visit.id}`);
        expect(staffSees).toContain(`\n${visit.id},${PRIVACY_MSG.restrictedName},`);
        expect(await seenBy(s.admin)).toMatch(/Đỗ Thị Mai/);
        // Her old link no longer opens anything.
        expect(
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/appointments/manage/${pending.token}`,
              remoteAddress: nextIp(),
            })
          ).statusCode,
        ).toBe(404);
      });
    });

    describe('a person who gave only her phone (issue 27)', () => {
      it('reaches the waiting-list entries she made with her phone alone, not those of someone with an e-mail who shares it', async () => {
        const mine = await book({ fullName: 'Vũ Thị Hạnh', phone: '0915000001', email: '' });
        await db().execute(sql`insert into waiting_list_entries
          (appointment_date, appointment_time, department, slot_starts_at, full_name, phone, email, token_hash, site_origin)
          values ('2027-03-05', '10:00', 'GYNECOLOGY', '2027-03-05T03:00:00Z', 'Vũ Thị Hạnh', '0915000001', null, 'wl-hanh', 'https://x'),
                 ('2027-03-05', '10:30', 'GYNECOLOGY', '2027-03-05T03:30:00Z', 'Vũ Văn Long', '0915000001', 'long@example.com', 'wl-long', 'https://x')`);
        // Entries made with her phone, not with this booking: hers once she typed the code sent to it (issue 34).
        expect((await linkGet(mine.token, 'data')).json().waitingList).toEqual([]);
        await prove(mine.token, 'PHONE', '0915000001');
        const data = await t.app.inject({
          method: 'GET',
          url: `/api/privacy/link/${mine.token}/data`,
          remoteAddress: nextIp(),
        });
        expect(data.statusCode, data.body).toBe(200);
        expect(
          data.json().waitingList.map((w: { fullName: string; email: string | null }) => [w.fullName, w.email]),
        ).toEqual([['Vũ Thị Hạnh', null]]);

        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/privacy/link/${mine.token}/requests`,
          payload: { kind: 'DELETION' },
          remoteAddress: nextIp(),
        });
        expect(asked.statusCode, asked.body).toBe(201);
        const answered = await call(t.app, s.admin, 'POST', `/api/privacy/requests/${asked.json().request.id}/answer`, {
          outcome: 'DONE',
          answer: 'Phòng khám đã xóa dữ liệu của chị.',
        });
        expect(answered.statusCode, answered.body).toBe(200);
        expect(answered.json().deletion).toMatchObject({ waitingEntriesErased: 1 });
        expect(
          rowsOf<{ full_name: string }>(
            await db().execute(sql`select full_name from waiting_list_entries where phone = '0915000001'`),
          ).map((r) => r.full_name),
        ).toEqual(['Vũ Văn Long']);
      });
    });

    describe('a private link speaks for its own booking (issue 34)', () => {
      const erased = 'Đã xóa theo yêu cầu';
      type Row = { full_name: string; phone: string; email: string | null; status: string; user_id: number | null };
      const appointment = async (id: number) =>
        rowsOf<Row>(
          await db().execute(sql`select full_name, phone, email, status, user_id from appointments where id = ${id}`),
        )[0]!;
      const ids = (data: { appointments: { id: number }[] }) => data.appointments.map((a) => a.id).sort();

      it('a stranger who booked with her e-mail sees and deletes only that booking; the code sent to the e-mail opens all of it', async () => {
        const [{ email: herEmail }] = rowsOf<{ email: string }>(
          await db().execute(sql`select email from users where id = ${s.patient.userId}`),
        ) as [{ email: string }];
        // Her own signed-in visit, and her consent under her account.
        const hers = await seedAppointment(db(), {
          email: herEmail,
          userId: s.patient.userId,
          fullName: 'Nguyễn Thị Bình',
          phone: '0916000009',
          reason: 'Khám thai định kỳ',
          appointmentDate: DAYS.fri,
        });
        await db().execute(sql`insert into consents (purpose, source, channel, notice_version, email, user_id, given_at)
          values ('HEALTH_DATA', 'BOOKING', 'ACCOUNT', ${PRIVACY_NOTICE.version}, ${herEmail}, ${s.patient.userId}, now())`);
        const herConsentsInForce = sql`select count(*) as n from consents
          where (user_id = ${s.patient.userId} or email = ${herEmail}) and withdrawn_at is null
            and appointment_id is distinct from ${0}`;

        const stranger = await book({ fullName: 'Người Lạ', phone: '0916000001', email: herEmail });
        const seen = await linkGet(stranger.token, 'data');
        expect(seen.statusCode, seen.body).toBe(200);
        expect(ids(seen.json())).toEqual([stranger.id]);
        expect(seen.json().identity).toMatchObject({ scope: 'BOOKING', emails: [], appointmentId: stranger.id });
        expect(seen.json().consents).toHaveLength(1);
        expect(seen.body).not.toMatch(/Khám thai định kỳ|Nguyễn Thị Bình|0916000009/);

        // The code goes to her e-mail, which the stranger does not read: a guess opens nothing.
        const sent = await publicPost(`/api/privacy/link/${stranger.token}/proof/code`, { via: 'EMAIL' });
        expect(sent.statusCode, sent.body).toBe(200);
        expect(sent.json()).toMatchObject({ message: PRIVACY_MSG.proofCodeSentEmail, expiresInMinutes: 15 });
        expect(sent.json().sentTo).not.toContain(herEmail.split('@')[0]);
        const real = await proofCodeSentTo(herEmail);
        const guess = await publicPost(`/api/privacy/link/${stranger.token}/proof`, {
          code: real === '000000' ? '000001' : '000000',
        });
        expect(guess.statusCode).toBe(400);
        expect(guess.json()).toMatchObject({ code: 'CLAIM_CODE_WRONG', message: CLAIM_MSG.codeWrong(4) });
        expect(ids((await linkGet(stranger.token, 'data')).json())).toEqual([stranger.id]);
        expect((await linkGet(stranger.token, 'requests')).json()).toEqual([]);

        // Its deletion touches that booking alone.
        const asked = await publicPost(`/api/privacy/link/${stranger.token}/requests`, { kind: 'DELETION' });
        expect(asked.statusCode, asked.body).toBe(201);
        expect(asked.json().request.scope).toBe('BOOKING');
        const answered = await answer(asked.json().request.id);
        expect(answered.statusCode, answered.body).toBe(200);
        expect(answered.json().deletion).toEqual({
          appointmentsDeidentified: 1,
          appointmentsRestricted: 0,
          waitingEntriesErased: 0,
          commentsAnonymised: 0,
          newsletterErased: 0,
          messagesErased: expect.any(Number),
          accountClosed: false,
        });
        expect(answered.json().request).toMatchObject({ scope: 'BOOKING', replyBy: 'EMAIL', replyTo: herEmail });
        expect(await appointment(stranger.id)).toMatchObject({ full_name: erased, phone: '', status: 'CANCELLED' });
        expect(await appointment(hers.id)).toEqual({
          full_name: 'Nguyễn Thị Bình',
          phone: '0916000009',
          email: herEmail,
          status: 'PENDING',
          user_id: s.patient.userId,
        });
        expect(await count(herConsentsInForce)).toBeGreaterThanOrEqual(1);
        expect(await count(sql`select count(*) as n from users where id = ${s.patient.userId} and active`)).toBe(1);

        // Her own link, with the code she reads in her mailbox, sees everything under her e-mail.
        const mine = await book({ fullName: 'Nguyễn Thị Bình', phone: '0916000009', email: herEmail });
        expect(ids((await linkGet(mine.token, 'data')).json())).toEqual([mine.id]);
        await prove(mine.token, 'EMAIL', herEmail);
        const all = await linkGet(mine.token, 'data');
        expect(all.json().identity).toMatchObject({ scope: 'CONTACT', emails: [herEmail] });
        expect(ids(all.json())).toEqual(expect.arrayContaining([hers.id, mine.id]));
        expect(ids(all.json())).not.toContain(stranger.id);
        expect(all.body).toContain('Khám thai định kỳ');
        // For a while only: then the link speaks for its booking again.
        clock.set(new Date(new Date(MONDAY_9AM).getTime() + (PRIVACY_PROOF_MINUTES + 1) * 60_000));
        try {
          expect(ids((await linkGet(mine.token, 'data')).json())).toEqual([mine.id]);
        } finally {
          clock.set(MONDAY_9AM);
        }
      });

      it('a phone-only booking: her link shows her booking; her deletion is carried out on it and answered on her phone', async () => {
        const phone = '0917000001';
        const mine = await book({ fullName: 'Đinh Thị Thu', phone, email: '' });
        // Someone else's booking with the same number (two people share a phone): not hers without the code.
        const shared = await book({ fullName: 'Đinh Văn Hải', phone, email: 'hai.dinh@example.com' });
        const seen = await linkGet(mine.token, 'data');
        expect(seen.statusCode, seen.body).toBe(200);
        expect(seen.json().appointments).toMatchObject([{ id: mine.id, fullName: 'Đinh Thị Thu', phone }]);
        expect(seen.json().consents).toMatchObject([{ purpose: 'HEALTH_DATA', phone, withdrawnAt: null }]);
        expect(seen.body).not.toMatch(/Đinh Văn Hải|hai\.dinh/);
        // No e-mail to send a code to.
        const noEmail = await publicPost(`/api/privacy/link/${mine.token}/proof/code`, { via: 'EMAIL' });
        expect(noEmail.statusCode).toBe(400);
        expect(noEmail.json()).toMatchObject({ code: 'NO_BOOKING_EMAIL', message: PRIVACY_MSG.proofNoEmail });

        const asked = await publicPost(`/api/privacy/link/${mine.token}/requests`, { kind: 'DELETION' });
        expect(asked.statusCode, asked.body).toBe(201);
        const id = asked.json().request.id;
        const queued = (await call(t.app, s.admin, 'GET', '/api/privacy/requests?status=OPEN&size=100'))
          .json()
          .items.find((r: { id: number }) => r.id === id);
        expect(queued).toMatchObject({
          scope: 'BOOKING',
          email: null,
          phone,
          fullName: 'Đinh Thị Thu',
          replyBy: 'PHONE',
          replyTo: '0917***001',
        });

        const answered = await answer(id);
        expect(answered.statusCode, answered.body).toBe(200);
        expect(answered.json().request.status).toBe('DONE');
        // Done means done: her booking no longer holds her name or phone, her consent is withdrawn...
        expect(answered.json().deletion).toMatchObject({ appointmentsDeidentified: 1, appointmentsRestricted: 0 });
        expect(await appointment(mine.id)).toMatchObject({
          full_name: erased,
          phone: '',
          email: null,
          status: 'CANCELLED',
        });
        expect(
          await count(sql`select count(*) as n from appointments where id = ${mine.id}
            and (full_name like '%Thu%' or phone = ${phone} or reason is not null)`),
        ).toBe(0);
        expect(
          await count(
            sql`select count(*) as n from consents where appointment_id = ${mine.id} and withdrawn_at is null`,
          ),
        ).toBe(0);
        // ...her link shows nothing any more...
        expect((await linkGet(mine.token, 'data')).statusCode).toBe(404);
        expect(
          (await t.app.inject({ url: `/api/appointments/manage/${mine.token}`, remoteAddress: nextIp() })).statusCode,
        ).toBe(404);
        // ...the other booking on that number is untouched, and the answer goes to her phone, not to an empty e-mail.
        expect(await appointment(shared.id)).toMatchObject({ full_name: 'Đinh Văn Hải', phone, status: 'PENDING' });
        const toPhone = rowsOf<{ template: string; channel: string }>(
          await db().execute(sql`select template, channel from message_outbox
            where recipient = ${mobileMsisdn(phone)} and template like 'PRIVACY%'`),
        );
        expect(toPhone).toEqual([{ template: 'PRIVACY_DELETED', channel: 'zalo' }]);
        expect(await count(sql`select count(*) as n from email_outbox where coalesce(to_address, '') = ''`)).toBe(0);
      });
    });

    describe('who read what', () => {
      it('writes an access record for each back-office read of health data, and for a refused one', async () => {
        const a = await seedAppointment(db(), {
          email: 'reads@example.com',
          doctorId: s.doctor2.userId,
          status: 'CONFIRMED',
        });
        const before = await count(sql`select count(*) as n from access_records`);
        expect((await call(t.app, s.staff, 'GET', `/api/appointments/${a.id}`)).statusCode).toBe(200);
        expect((await call(t.app, s.staff, 'GET', `/api/appointments/${a.id}/history`)).statusCode).toBe(200);
        expect((await call(t.app, s.admin, 'GET', `/api/patients/detail?email=reads@example.com`)).statusCode).toBe(
          200,
        );
        expect((await call(t.app, s.staff, 'GET', `/api/appointments/history/export`)).statusCode).toBe(200);
        // The general practitioner is not assigned: refused as before, and the attempt is logged.
        expect((await call(t.app, s.doctor, 'GET', `/api/appointments/${a.id}`)).statusCode).toBe(403);
        // A patient reading her own is not a back-office read.
        await call(t.app, s.patient, 'GET', `/api/appointments/${a.id}`);
        const rows = rowsOf<Record<string, unknown>>(
          await db().execute(sql`select actor_name, actor_role, target, outcome, appointment_id, subject_email, address
            from access_records order by id offset ${before}`),
        );
        expect(rows.map((r) => [r.actor_role, r.target, r.outcome])).toEqual([
          ['STAFF', 'APPOINTMENT_DETAIL', 'READ'],
          ['STAFF', 'APPOINTMENT_HISTORY', 'READ'],
          ['ADMIN', 'PATIENT_DETAIL', 'READ'],
          ['STAFF', 'HISTORY_EXPORT', 'READ'],
          ['DOCTOR', 'APPOINTMENT_DETAIL', 'REFUSED'],
        ]);
        expect(rows[0]).toMatchObject({
          actor_name: 'staff',
          appointment_id: a.id,
          subject_email: 'reads@example.com',
        });
        expect(rows[0]!.address).toBeTruthy();

        const log = await call(t.app, s.admin, 'GET', `/api/privacy/access-log?appointmentId=${a.id}`);
        expect(log.json().total).toBe(3);
        const csv = await call(t.app, s.admin, 'GET', `/api/privacy/access-log/export?email=reads@example.com`);
        expect(csv.statusCode).toBe(200);
        expect(csv.body).toContain('Chi tiết lịch hẹn');
      });

      it('cannot be changed or deleted: the database refuses it', async () => {
        await call(t.app, s.admin, 'GET', `/api/patients/detail?email=reads@example.com`);
        const n = await count(sql`select count(*) as n from access_records`);
        await expect(db().execute(sql`update access_records set actor_name = 'someone'`)).rejects.toThrow();
        await expect(db().execute(sql`delete from access_records`)).rejects.toThrow();
        await expect(db().execute(sql`truncate access_records`)).rejects.toThrow();
        expect(await count(sql`select count(*) as n from access_records`)).toBe(n);
        expect(await count(sql`select count(*) as n from access_records where actor_name = 'someone'`)).toBe(0);
      });
    });

    describe('retention', () => {
      it('removes what is due and nothing else, with a fixed clock', async () => {
        const now = new Date(MONDAY_9AM).getTime();
        const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
        await db()
          .execute(sql`insert into email_outbox (kind, to_address, subject, html, text, status, created_at, sent_at) values
          ('GENERIC', 'old@example.com', 'x', '<p>lý do khám</p>', 'lý do khám', 'sent', ${daysAgo(400)}, ${daysAgo(400)}),
          ('GENERIC', 'month@example.com', 'x', '<p>lý do khám</p>', 'lý do khám', 'sent', ${daysAgo(40)}, ${daysAgo(40)}),
          ('GENERIC', 'fresh@example.com', 'x', '<p>lý do khám</p>', 'lý do khám', 'sent', ${daysAgo(2)}, ${daysAgo(2)}),
          ('GENERIC', 'queued@example.com', 'x', '<p>lý do khám</p>', 'lý do khám', 'queued', ${daysAgo(400)}, null)`);
        await db()
          .execute(sql`insert into message_outbox (channel, template, recipient, data, tracking_id, status, created_at) values
          ('sms', 'REMINDER', '84987000001', '{"customer_name": "Old"}', 'retention-old', 'delivered', ${daysAgo(400)}),
          ('zalo', 'REMINDER', '84987000002', '{"customer_name": "Month"}', 'retention-month', 'sent', ${daysAgo(40)}),
          ('sms', 'REMINDER', '84987000003', '{"customer_name": "Fresh"}', 'retention-fresh', 'simulated', ${daysAgo(2)}),
          ('sms', 'REMINDER', '84987000004', '{"customer_name": "Queued"}', 'retention-queued', 'queued', ${daysAgo(400)})`);
        const oldCancelled = await seedAppointment(db(), { status: 'CANCELLED', appointmentDate: '2025-12-01' });
        const oldVisit = await seedAppointment(db(), {
          status: 'COMPLETED',
          appointmentDate: '2025-12-01',
          notes: 'ghi chú',
        });
        const recentCancelled = await seedAppointment(db(), { status: 'CANCELLED', appointmentDate: '2026-12-01' });
        await db().execute(sql`insert into access_records (accessed_at, actor_name, target, outcome) values
          (${daysAgo(800)}, 'old-reader', 'APPOINTMENT_DETAIL', 'READ'),
          (${daysAgo(100)}, 'recent-reader', 'APPOINTMENT_DETAIL', 'READ')`);

        // A year before the clock: the demo data's bookings that never became a visit are due too.
        const dueBookings = await count(sql`select count(*) as n from appointments where appointment_date < '2026-03-01'
          and status in ('CANCELLED', 'NO_SHOW', 'PENDING', 'AWAITING_DOCTOR_APPROVAL') and deidentified_at is null`);
        const run = await applyRetention({ ...t.app.deps, clock });
        // The old read was linked to the access log's chain after this file's younger reads: it waits for
        // them, so the kept records stay one chain (issue 34; access-log-chain.test.ts purges a chain's oldest part).
        expect(run).toMatchObject({ messagesRemoved: 2, bookingsDeidentified: dueBookings, accessRecordsRemoved: 0 });
        expect(run.messageBodiesCleared).toBeGreaterThanOrEqual(1);

        const mails = rowsOf<{ to_address: string; text: string | null }>(
          await db().execute(sql`select to_address, text from email_outbox
            where to_address in ('old@example.com', 'month@example.com', 'fresh@example.com', 'queued@example.com') order by to_address`),
        );
        expect(mails).toEqual([
          { to_address: 'fresh@example.com', text: 'lý do khám' },
          { to_address: 'month@example.com', text: '' },
          { to_address: 'queued@example.com', text: 'lý do khám' },
        ]);
        // Phone messages alike: the old one gone, a month-old one without her name, the others whole.
        expect(
          rowsOf<{ recipient: string; data: Record<string, string> }>(
            await db().execute(sql`select recipient, data from message_outbox
              where recipient like '8498700000%' order by recipient`),
          ),
        ).toEqual([
          { recipient: '84987000002', data: {} },
          { recipient: '84987000003', data: { customer_name: 'Fresh' } },
          { recipient: '84987000004', data: { customer_name: 'Queued' } },
        ]);
        const rows = rowsOf<{ id: number; email: string | null }>(
          await db().execute(
            sql`select id, email from appointments where id in (${oldCancelled.id}, ${oldVisit.id}, ${recentCancelled.id})`,
          ),
        );
        expect(rows.find((r) => r.id === oldCancelled.id)!.email).toBeNull();
        expect(rows.find((r) => r.id === oldVisit.id)!.email).toBe(oldVisit.email);
        expect(rows.find((r) => r.id === recentCancelled.id)!.email).toBe(recentCancelled.email);
        const readers = rowsOf<{ actor_name: string }>(
          await db().execute(
            sql`select actor_name from access_records where actor_name in ('old-reader', 'recent-reader')`,
          ),
        );
        expect(readers.map((r) => r.actor_name).sort()).toEqual(['old-reader', 'recent-reader']);
      });
    });

    describe('retention of care plans', () => {
      // The clock's day is 1 March 2027: a plan none of whose visits took place goes a year after its
      // last day (before 1 March 2026), one with a visit that took place ten years after it (before 1 March 2017).
      async function plan(p: {
        name: string;
        status: 'ACTIVE' | 'STOPPED' | 'COMPLETED';
        stoppedAt?: string;
        windows: { start: string; end: string; appointmentId?: number; skipReason?: string }[];
      }): Promise<number> {
        const [row] = rowsOf<{ id: number }>(
          await db().execute(sql`insert into care_plans (template_id, template_version, name, kind, anchor, anchor_date,
              status, stop_reason, stopped_at, full_name, phone, email, preferences)
            select id, version, name, kind, 'PROCEDURE', ${p.windows[0]!.start}::date, ${p.status},
              ${p.stoppedAt ? 'Chị chuyển sang phòng khám khác' : null}, ${p.stoppedAt ?? null}::timestamptz,
              ${p.name}, '0987650000', 'plan.retention@example.com', '{"weekday": 2}'::jsonb
            from care_plan_templates where kind = 'CONTRACEPTION' order by id limit 1
            returning id`),
        );
        for (const [i, w] of p.windows.entries())
          await db().execute(sql`insert into care_plan_visits (plan_id, key, label, department, from_day, to_day,
              window_start, window_end, appointment_id, skip_reason)
            values (${row!.id}, ${`v${i}`}, 'Kiểm tra', 'FAMILY_PLANNING', 0, 7, ${w.start}::date, ${w.end}::date,
              ${w.appointmentId ?? null}::integer, ${w.skipReason ?? null})`);
        return row!.id;
      }
      const plansById = async (ids: number[]) =>
        new Map(
          rowsOf<Record<string, unknown>>(
            await db().execute(sql`select p.id, p.full_name, p.phone, p.email, p.status, p.stop_reason, p.preferences,
                (select array_agg(v.skip_reason order by v.id) from care_plan_visits v where v.plan_id = p.id) as skips,
                (select count(*)::int from care_plan_visits v where v.plan_id = p.id) as visits
              from care_plans p where p.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`),
          ).map((r) => [r.id as number, r]),
        );

      it('takes her off a plan past its period, counted as a booking or as a medical record, and nothing else', async () => {
        const examined = await seedAppointment(db(), {
          status: 'COMPLETED',
          appointmentDate: '2016-05-02',
          department: 'FAMILY_PLANNING',
        });
        const examinedRecently = await seedAppointment(db(), {
          status: 'COMPLETED',
          appointmentDate: '2025-01-10',
          department: 'FAMILY_PLANNING',
        });
        const ids = {
          // No visit took place; stopped, its last window ended over a year ago: due.
          unvisitedOld: await plan({
            name: 'Hết hạn chưa khám',
            status: 'STOPPED',
            stoppedAt: '2025-11-20T03:00:00Z',
            windows: [{ start: '2025-11-24', end: '2025-12-01', skipReason: 'Chị đang mang thai' }],
          }),
          // Its window ended within the year: kept.
          unvisitedRecent: await plan({
            name: 'Chưa đến hạn',
            status: 'ACTIVE',
            windows: [{ start: '2026-03-03', end: '2026-03-10' }],
          }),
          // Its windows ended long ago but it stopped within the year: counted from the stop, kept.
          stoppedRecently: await plan({
            name: 'Dừng gần đây',
            status: 'STOPPED',
            stoppedAt: '2026-06-01T03:00:00Z',
            windows: [{ start: '2025-11-24', end: '2025-12-01' }],
          }),
          // A visit took place over ten years ago, still marked running: due, and completed.
          examinedOld: await plan({
            name: 'Hồ sơ quá mười năm',
            status: 'ACTIVE',
            windows: [
              { start: '2016-04-28', end: '2016-05-05', appointmentId: examined.id },
              { start: '2016-07-28', end: '2016-08-04', skipReason: 'Chị đi công tác' },
            ],
          }),
          // A visit took place two years ago: a medical record, kept although past a booking's year.
          examinedRecent: await plan({
            name: 'Hồ sơ bệnh án',
            status: 'COMPLETED',
            windows: [{ start: '2025-01-06', end: '2025-01-13', appointmentId: examinedRecently.id }],
          }),
        };

        const run = await applyRetention({ ...t.app.deps, clock });
        expect(run.carePlansDeidentified).toBe(2);
        const after = await plansById(Object.values(ids));
        for (const id of [ids.unvisitedOld, ids.examinedOld])
          expect(after.get(id)).toMatchObject({
            full_name: 'Đã xóa theo yêu cầu',
            phone: '',
            email: null,
            preferences: {},
          });
        expect(after.get(ids.unvisitedOld)).toMatchObject({
          status: 'STOPPED',
          stop_reason: PAST_RETENTION_REASON,
          skips: [PAST_RETENTION_REASON],
          visits: 1,
        });
        expect(after.get(ids.examinedOld)).toMatchObject({
          status: 'COMPLETED',
          stop_reason: null,
          skips: [null, PAST_RETENTION_REASON],
          visits: 2,
        });
        for (const [id, name] of [
          [ids.unvisitedRecent, 'Chưa đến hạn'],
          [ids.stoppedRecently, 'Dừng gần đây'],
          [ids.examinedRecent, 'Hồ sơ bệnh án'],
        ] as const)
          expect(after.get(id)).toMatchObject({
            full_name: name,
            phone: '0987650000',
            email: 'plan.retention@example.com',
          });
        // The medical record itself is not touched.
        expect(
          rowsOf<{ full_name: string }>(
            await db().execute(sql`select full_name from appointments where id = ${examined.id}`),
          )[0]!.full_name,
        ).toBe(examined.fullName);

        // Once only: a second run finds nothing more.
        expect((await applyRetention({ ...t.app.deps, clock })).carePlansDeidentified).toBe(0);
      });
    });

    describe('the back-office queue', () => {
      it('shows each request with its deadline and flags the overdue ones', async () => {
        const { token } = await book({ phone: '0915000001', email: 'queue@example.com' });
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/privacy/link/${token}/requests`,
          payload: { kind: 'CORRECTION', details: 'Tên đúng là Nguyễn Thị Thu' },
          remoteAddress: nextIp(),
        });
        expect(asked.statusCode).toBe(201);
        const noDetails = await call(t.app, s.patient, 'POST', '/api/privacy/me/requests', { kind: 'CORRECTION' });
        expect(noDetails.statusCode).toBe(400);
        expect(noDetails.json().message).toBe(PRIVACY_MSG.correctionRequired);

        const find = async () =>
          (await call(t.app, s.admin, 'GET', '/api/privacy/requests?status=OPEN&size=100'))
            .json()
            .items.find((r: { id: number }) => r.id === asked.json().request.id);
        expect(await find()).toMatchObject({ overdue: false, email: 'queue@example.com' });
        expect((await call(t.app, s.staff, 'GET', '/api/privacy/requests')).statusCode).toBe(403);
        clock.set(new Date(new Date(MONDAY_9AM).getTime() + 73 * 3_600_000));
        try {
          expect(await find()).toMatchObject({ overdue: true });
        } finally {
          clock.set(MONDAY_9AM);
        }
      });
    });
  });
}
