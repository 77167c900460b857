import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MSG,
  CLAIM_CODE_ATTEMPTS,
  CLAIM_CODES_PER_HOUR,
  CLAIM_MSG,
  MESSAGING_TEXT,
  mobileMsisdn,
  TIME_SLOTS,
} from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM } from '../../../../test/appointments';
import { claimCodes } from '../../../db/schema';
import { listOutboxEmails } from '../../email/email.repository';
import { listMessages, processDueMessages } from '../../messaging/messaging.service';
import { smsText } from '../../messaging/templates';
import { listAppointmentEvents } from '../appointments.repository';
import { codeHash, issuePendingClaimCodes } from './claims.service';

/** Issue 25, defect 9: a patient claims the visits she booked signed out, never by a typed e-mail alone. */
for (const kind of dbKinds()) {
  describe(`claiming visits booked signed out [${kind}]`, () => {
    let t: TestContext;
    let now = new Date(MONDAY_9AM).getTime();
    const clock = { now: () => new Date(now) };
    let ip = 0;
    let n = 0;
    let k = 0;
    let admin: string;
    const db = () => t.testDb.database.db;
    /** The statements the database ran while `recorded` is set (values left out). */
    let recorded: string[] | null = null;
    const logger = { logQuery: (query: string) => recorded?.push(query) };
    /** What the outbox worker does first on each run: make the codes asked for and queue the matching ones. */
    const issue = () => issuePendingClaimCodes({ ...t.app.deps, db: db(), clock });

    /** A new patient account of her own, signed in. */
    async function patient(overrides: Record<string, unknown> = {}) {
      n += 1;
      const account = {
        username: `claimer${n}`,
        email: `claimer${n}@example.com`,
        fullName: `Người Đặt ${n}`,
        password: 'Blue-Lotus#2026',
        role: 'PATIENT',
        phone: `09110000${String(n).padStart(2, '0')}`,
        ...overrides,
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: account, headers: bearer(admin) });
      expect(res.statusCode).toBe(201);
      const session = await loginAs(t.app, account.username, account.password);
      return { id: session.userId, token: session.token, email: account.email, phone: account.phone };
    }
    /** A visit booked signed out; its private link's token when it has an e-mail. */
    async function visitorBooking(overrides: Record<string, unknown>) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        payload: booking({
          appointmentDate: [DAYS.thu, DAYS.fri, DAYS.wed][++k % 3],
          appointmentTime: TIME_SLOTS[k % TIME_SLOTS.length],
          ...overrides,
        }),
        remoteAddress: `10.9.0.${++ip % 250}`,
      });
      expect(res.statusCode).toBe(201);
      return res.json() as { appointmentId: number; manageToken?: string };
    }
    const as = (token: string, url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        remoteAddress: `10.9.1.${++ip % 250}`,
        ...(payload ? { payload } : {}),
      });
    const mine = async (token: string) =>
      (
        (await t.app.inject({ url: '/api/appointments/my-appointments?size=100', headers: bearer(token) })).json() as {
          items: { id: number }[];
        }
      ).items.map((a) => a.id);
    /** Asks for a code and lets the outbox worker make it, as a few seconds later. */
    const askCode = async (token: string, payload: object) => {
      const res = await as(token, '/api/appointments/claims/code', payload);
      await issue();
      return res;
    };
    /** The last code sent to this address, read from the outbox as her mailbox would (once the worker ran). */
    async function codeSentTo(email: string): Promise<string | null> {
      await issue();
      const mails = (await listOutboxEmails(db(), { kind: 'CLAIM_CODE' })).filter((m) => m.toAddress === email);
      const last = mails.at(-1);
      return last ? (/(\d{6})/.exec(last.subject)?.[1] ?? null) : null;
    }
    async function codesSentTo(email: string): Promise<number> {
      await issue();
      return (await listOutboxEmails(db(), { kind: 'CLAIM_CODE' })).filter((m) => m.toAddress === email).length;
    }

    /** The CLAIM_CODE messages queued to this number (84… form), newest first, read from the outbox. */
    async function phoneCodes(phone: string) {
      await issue();
      return (await listMessages(db(), {})).filter(
        (m) => m.template === 'CLAIM_CODE' && m.recipient === mobileMsisdn(phone),
      );
    }

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, logger });
      admin = (await loginAs(t.app, ...DEMO.admin)).token;
    });
    afterAll(async () => t?.close());

    describe('from the private link, signed in', () => {
      it('adds a visit booked with her own e-mail to My Appointments, once, and the trail says so', async () => {
        const p = await patient();
        const { appointmentId, manageToken } = await visitorBooking({
          email: p.email.toUpperCase(),
          phone: '0988000001',
        });
        expect(await mine(p.token)).not.toContain(appointmentId);
        const view = await t.app.inject({ url: `/api/appointments/manage/${manageToken}` });
        expect(view.json().inAccount).toBe(false);

        const res = await as(p.token, `/api/appointments/manage/${manageToken}/claim`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: CLAIM_MSG.claimedOne, appointment: { inAccount: true } });
        expect(await mine(p.token)).toContain(appointmentId);
        const events = await listAppointmentEvents(db(), appointmentId);
        expect(events.some((e) => e.note === 'Bệnh nhân thêm lịch hẹn vào tài khoản' && e.actorId === p.id)).toBe(true);

        // Again: nothing changes, she is told it is hers already.
        const again = await as(p.token, `/api/appointments/manage/${manageToken}/claim`);
        expect(again.json().message).toBe(CLAIM_MSG.alreadyYours);
      });

      it('adds one booked with her own phone and another e-mail', async () => {
        const p = await patient();
        const { appointmentId, manageToken } = await visitorBooking({
          email: 'other-address@example.net',
          phone: p.phone,
        });
        expect((await as(p.token, `/api/appointments/manage/${manageToken}/claim`)).statusCode).toBe(200);
        expect(await mine(p.token)).toContain(appointmentId);
      });

      it("refuses a visit booked with someone else's e-mail and phone, and one already in another account", async () => {
        const p = await patient();
        const other = await patient();
        const { appointmentId, manageToken } = await visitorBooking({ email: other.email, phone: '0988000003' });
        const refused = await as(p.token, `/api/appointments/manage/${manageToken}/claim`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'CLAIM_NOT_YOURS', message: CLAIM_MSG.notYours });
        expect(await mine(p.token)).not.toContain(appointmentId);

        expect((await as(other.token, `/api/appointments/manage/${manageToken}/claim`)).statusCode).toBe(200);
        const taken = await as(p.token, `/api/appointments/manage/${manageToken}/claim`);
        expect(taken.statusCode).toBe(409);
        expect(taken.json().code).toBe('CLAIMED_BY_OTHER');
      });

      it('needs a signed-in patient and a real link', async () => {
        const p = await patient();
        const { manageToken } = await visitorBooking({ email: p.email, phone: '0988000004' });
        expect(
          (await t.app.inject({ method: 'POST', url: `/api/appointments/manage/${manageToken}/claim` })).statusCode,
        ).toBe(401);
        const staff = (await loginAs(t.app, ...DEMO.staff)).token;
        expect((await as(staff, `/api/appointments/manage/${manageToken}/claim`)).statusCode).toBe(403);
        expect((await as(p.token, `/api/appointments/manage/${'x'.repeat(43)}/claim`)).statusCode).toBe(404);
      });
    });

    describe('with a code sent to the e-mail', () => {
      it('sends a 6-digit code to the e-mail, kept only hashed, and the code adds every visit booked with it, once', async () => {
        const p = await patient();
        const a = await visitorBooking({ email: p.email, phone: '0988000010' });
        const b = await visitorBooking({ email: p.email, phone: '0988000011', appointmentDate: DAYS.fri });
        const sent = await as(p.token, '/api/appointments/claims/code', {});
        expect(sent.statusCode).toBe(200);
        expect(sent.json()).toEqual({ message: CLAIM_MSG.codeSent, expiresInMinutes: 15 });
        const code = (await codeSentTo(p.email))!;
        expect(code).toMatch(/^\d{6}$/);
        // Stored as a hash: the table holds no code.
        const stored = (await db().select().from(claimCodes)).filter((c) => c.userId === p.id);
        expect(stored).toHaveLength(1);
        expect(JSON.stringify(stored)).not.toContain(code);

        const res = await as(p.token, '/api/appointments/claims/verify', { code });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: CLAIM_MSG.claimed(2), claimed: 2 });
        expect(await mine(p.token)).toEqual(expect.arrayContaining([a.appointmentId, b.appointmentId]));

        // One-time: the same code again is spent.
        const again = await as(p.token, '/api/appointments/claims/verify', { code });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toMatchObject({ code: 'CLAIM_CODE_SPENT', message: CLAIM_MSG.codeSpent });
      });

      it('sends nothing for an e-mail with no visit to claim, with the same answer (nothing learnt of the address)', async () => {
        const p = await patient();
        const res = await as(p.token, '/api/appointments/claims/code', { email: 'nobody-booked@example.org' });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(CLAIM_MSG.codeSent);
        expect(await codesSentTo('nobody-booked@example.org')).toBe(0);
      });

      it('a typed e-mail alone claims nothing: the code goes to that e-mail, not to her', async () => {
        const p = await patient();
        const victim = 'someone-else@example.org';
        const theirs = await visitorBooking({ email: victim, phone: '0988000020' });
        expect((await as(p.token, '/api/appointments/claims/code', { email: victim })).statusCode).toBe(200);
        expect(await codesSentTo(p.email)).toBe(0);
        expect(await codesSentTo(victim)).toBe(1);
        // Guessing a code: wrong, and nothing changes hands.
        const real = (await codeSentTo(victim))!;
        const guess = real === '000000' ? '000001' : '000000';
        const res = await as(p.token, '/api/appointments/claims/verify', { code: guess });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'CLAIM_CODE_WRONG',
          message: CLAIM_MSG.codeWrong(CLAIM_CODE_ATTEMPTS - 1),
        });
        expect(await mine(p.token)).not.toContain(theirs.appointmentId);
      });

      it(`spends the code after ${CLAIM_CODE_ATTEMPTS} wrong answers: even the right one then fails`, async () => {
        const p = await patient();
        const v = await visitorBooking({ email: p.email, phone: '0988000030' });
        await as(p.token, '/api/appointments/claims/code', {});
        const code = (await codeSentTo(p.email))!;
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        for (let i = 1; i <= CLAIM_CODE_ATTEMPTS; i++) {
          const res = await as(p.token, '/api/appointments/claims/verify', { code: wrong });
          expect(res.statusCode).toBe(400);
          expect(res.json().code).toBe(i < CLAIM_CODE_ATTEMPTS ? 'CLAIM_CODE_WRONG' : 'CLAIM_CODE_SPENT');
        }
        expect((await as(p.token, '/api/appointments/claims/verify', { code })).json().code).toBe('CLAIM_CODE_SPENT');
        expect(await mine(p.token)).not.toContain(v.appointmentId);
      });

      it('a code expires after 15 minutes, and a new code ends the one before', async () => {
        const p = await patient();
        const v = await visitorBooking({ email: p.email, phone: '0988000040' });
        await as(p.token, '/api/appointments/claims/code', {});
        const first = (await codeSentTo(p.email))!;
        now += 15 * 60_000 + 1000;
        expect((await as(p.token, '/api/appointments/claims/verify', { code: first })).json().code).toBe(
          'CLAIM_CODE_SPENT',
        );

        await as(p.token, '/api/appointments/claims/code', {});
        const second = (await codeSentTo(p.email))!;
        await as(p.token, '/api/appointments/claims/code', {});
        const third = (await codeSentTo(p.email))!;
        if (second !== third)
          expect((await as(p.token, '/api/appointments/claims/verify', { code: second })).statusCode).toBe(400);
        expect((await as(p.token, '/api/appointments/claims/verify', { code: third })).json().claimed).toBe(1);
        expect(await mine(p.token)).toContain(v.appointmentId);
      });

      it(`sends at most ${CLAIM_CODES_PER_HOUR} codes an hour to an account`, async () => {
        const p = await patient();
        await visitorBooking({ email: p.email, phone: '0988000050' });
        for (let i = 0; i < CLAIM_CODES_PER_HOUR; i++) expect((await askCode(p.token, {})).statusCode).toBe(200);
        const refused = await askCode(p.token, {});
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(CLAIM_MSG.tooManyCodes);
        expect(await codesSentTo(p.email)).toBe(CLAIM_CODES_PER_HOUR);
        now += 3_600_000 + 1000;
        expect((await as(p.token, '/api/appointments/claims/code', {})).statusCode).toBe(200);
        // The codes of an hour before are gone, with the e-mail they name.
        const kept = (await db().select().from(claimCodes)).filter((c) => c.userId === p.id);
        expect(kept).toHaveLength(1);
      });

      it('is for patients only, and a malformed code is a 400 with the reason', async () => {
        const staff = (await loginAs(t.app, ...DEMO.staff)).token;
        expect((await as(staff, '/api/appointments/claims/code', {})).statusCode).toBe(403);
        const p = await patient();
        const bad = await as(p.token, '/api/appointments/claims/verify', { code: '12ab' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(CLAIM_MSG.codeFormat);
      });
    });

    describe('with a code sent to the phone (booked with a mobile number only)', () => {
      const worker = () => processDueMessages({ ...t.app.deps, db: db(), clock });

      it('sends the code only to that phone, by Zalo at any hour, and it adds every visit booked with the number, once', async () => {
        const p = await patient();
        const phone = '0977000101';
        const a = await visitorBooking({ email: '', phone });
        const b = await visitorBooking({ email: '', phone: '+84 977 000 101' });
        const sent = await as(p.token, '/api/appointments/claims/code', { phone: '+84 977.000.101' });
        expect(sent.statusCode).toBe(200);
        expect(sent.json()).toEqual({ message: CLAIM_MSG.codeSentPhone, expiresInMinutes: 15 });
        // Nothing to her account's e-mail: the code proves the phone, so it goes to the phone alone.
        expect(await codesSentTo(p.email)).toBe(0);
        const [message, ...others] = await phoneCodes(phone);
        expect(others).toHaveLength(0);
        expect(message).toMatchObject({ channel: 'zalo', urgent: 1, appointmentId: null, status: 'queued' });
        const code = message!.data.code!;
        expect(code).toMatch(/^\d{6}$/);
        expect(smsText('CLAIM_CODE', message!.data)).toContain(code);
        const stored = (await db().select().from(claimCodes)).filter((c) => c.userId === p.id);
        expect(stored).toMatchObject([{ phone, email: null }]);
        expect(JSON.stringify(stored)).not.toContain(code);

        // Once out, the outbox keeps no code, and it cannot be sent again from there.
        await worker();
        const [out] = await phoneCodes(phone);
        expect(out!.status).not.toBe('queued');
        expect(out!.data.code).toBeUndefined();
        expect(JSON.stringify(await listMessages(db(), {}))).not.toContain(code);
        const staff = (await loginAs(t.app, ...DEMO.staff)).token;
        const resend = await as(staff, `/api/messages/${out!.id}/resend`);
        expect(resend.statusCode).toBe(409);
        expect(resend.json()).toMatchObject({ code: 'MESSAGE_CODE_GONE', message: MESSAGING_TEXT.resendCodeGone });

        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const refused = await as(p.token, '/api/appointments/claims/verify', { code: wrong });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'CLAIM_CODE_WRONG',
          message: CLAIM_MSG.codeWrong(CLAIM_CODE_ATTEMPTS - 1),
        });
        expect(await mine(p.token)).not.toContain(a.appointmentId);

        const res = await as(p.token, '/api/appointments/claims/verify', { code });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: CLAIM_MSG.claimed(2), claimed: 2 });
        expect(await mine(p.token)).toEqual(expect.arrayContaining([a.appointmentId, b.appointmentId]));
        const events = await listAppointmentEvents(db(), a.appointmentId);
        expect(events.some((e) => e.note === 'Bệnh nhân thêm lịch hẹn vào tài khoản' && e.actorId === p.id)).toBe(true);
        expect((await as(p.token, '/api/appointments/claims/verify', { code })).json().code).toBe('CLAIM_CODE_SPENT');
      });

      it('spends a phone code after 5 wrong answers', async () => {
        const p = await patient();
        const v = await visitorBooking({ email: '', phone: '0977000102' });
        await as(p.token, '/api/appointments/claims/code', { phone: '0977000102' });
        const code = (await phoneCodes('0977000102'))[0]!.data.code!;
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        for (let i = 1; i <= CLAIM_CODE_ATTEMPTS; i++)
          expect((await as(p.token, '/api/appointments/claims/verify', { code: wrong })).json().code).toBe(
            i < CLAIM_CODE_ATTEMPTS ? 'CLAIM_CODE_WRONG' : 'CLAIM_CODE_SPENT',
          );
        expect((await as(p.token, '/api/appointments/claims/verify', { code })).json().code).toBe('CLAIM_CODE_SPENT');
        expect(await mine(p.token)).not.toContain(v.appointmentId);
      });

      it('a number with no visit to claim gets the same answer and no message', async () => {
        const p = await patient();
        const res = await as(p.token, '/api/appointments/claims/code', { phone: '0977000199' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: CLAIM_MSG.codeSentPhone, expiresInMinutes: 15 });
        expect(await phoneCodes('0977000199')).toHaveLength(0);
        // A code is made all the same (never sent), so wrong answers and the hourly budget count alike.
        const stored = (await db().select().from(claimCodes)).filter((c) => c.userId === p.id);
        expect(stored).toMatchObject([{ phone: '0977000199', email: null, codeHash: expect.any(String) }]);
      });

      it('counts phone codes in the same hourly budget, and says what is wrong with a bad number', async () => {
        const p = await patient();
        await visitorBooking({ email: '', phone: '0977000103' });
        for (let i = 0; i < CLAIM_CODES_PER_HOUR; i++)
          expect((await askCode(p.token, { phone: '0977000103' })).statusCode).toBe(200);
        expect((await askCode(p.token, { phone: '0977000103' })).statusCode).toBe(429);
        expect(await phoneCodes('0977000103')).toHaveLength(CLAIM_CODES_PER_HOUR);

        const bad = await as(p.token, '/api/appointments/claims/code', { phone: '12ab' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(APPOINTMENT_MSG.invalidPhone);
        const both = await as(p.token, '/api/appointments/claims/code', { phone: '0977000103', email: p.email });
        expect(both.statusCode).toBe(400);
        expect(both.json().message).toBe(CLAIM_MSG.oneContact);
      });
    });

    describe('a contact that booked and one that never did are answered alike (issue 34, item 3)', () => {
      /** A code that is not the one stored for the patient's live code (if any), whatever the worker drew. */
      async function wrongCodeFor(userId: number, contact: { email: string } | { phone: string }) {
        const [live] = (await db().select().from(claimCodes)).filter((c) => c.userId === userId && !c.spentAt);
        return ['000000', '000001'].find((c) => codeHash(t.app.deps, userId, contact, c) !== live?.codeHash)!;
      }

      /** Everything a patient sees asking codes for this contact, and the statements her first request ran. */
      async function probe(contact: { email: string } | { phone: string }) {
        const p = await patient();
        const seen: unknown[] = [];
        const see = (res: { statusCode: number; json(): unknown }) => seen.push([res.statusCode, res.json()]);
        recorded = [];
        see(await as(p.token, '/api/appointments/claims/code', contact));
        const statements = recorded;
        recorded = null;
        await issue();
        const wrong = await wrongCodeFor(p.id, contact);
        for (let i = 0; i < CLAIM_CODE_ATTEMPTS + 1; i++)
          see(await as(p.token, '/api/appointments/claims/verify', { code: wrong }));
        for (let i = 1; i <= CLAIM_CODES_PER_HOUR; i++) see(await askCode(p.token, contact));
        return { seen, statements };
      }

      for (const channel of ['email', 'phone'] as const) {
        it(`by ${channel}: the same answers, wrong tries, hourly limit and database work`, async () => {
          const booked = channel === 'email' ? { email: 'booked-alike@example.org' } : { phone: '0977000301' };
          const never = channel === 'email' ? { email: 'never-alike@example.org' } : { phone: '0977000302' };
          await visitorBooking(
            channel === 'email' ? { email: booked.email, phone: '0988000301' } : { email: '', phone: booked.phone },
          );
          const a = await probe(booked);
          const b = await probe(never);
          // One code asked, CLAIM_CODE_ATTEMPTS wrong tries and one more, then the hour's budget and one more.
          expect(a.seen).toHaveLength(1 + CLAIM_CODE_ATTEMPTS + 1 + CLAIM_CODES_PER_HOUR);
          expect(a.seen.at(CLAIM_CODE_ATTEMPTS)).toMatchObject([400, { code: 'CLAIM_CODE_SPENT' }]);
          expect(a.seen.at(-1)).toMatchObject([429, { message: CLAIM_MSG.tooManyCodes }]);
          expect(b.seen).toEqual(a.seen);
          // The request itself does the same database work: the same statements, in the same order.
          expect(a.statements.length).toBeGreaterThan(0);
          expect(b.statements).toEqual(a.statements);
          // Only the contact that booked got codes (the first and the four asked again).
          const sent = channel === 'email' ? codesSentTo : async (phone: string) => (await phoneCodes(phone)).length;
          const [to, notTo] = channel === 'email' ? [booked.email, never.email] : [booked.phone, never.phone];
          expect(await sent(to!)).toBe(CLAIM_CODES_PER_HOUR);
          expect(await sent(notTo!)).toBe(0);
        });
      }
    });
  });
}
