import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_MSG, MANAGE_TOKEN_RE } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, fixedClock, loginAs, type TestContext } from '../../test/build-app';
import { postInput } from '../../test/blog-fixtures';
import { booking, MONDAY_9AM } from '../../test/appointments';
import { dbKinds } from '../../test/databases';
import { rowsOf } from '../db/client';
import { applyRetention } from '../modules/privacy/retention.service';
import { withoutSecrets } from './idempotency';

/** A create sent twice (a double click, a request sent again after a lost answer) is done once (issue 25). */
for (const kind of dbKinds()) {
  describe(`Idempotency-Key [${kind}]`, () => {
    let t: TestContext;
    let staff = '';
    const clock = fixedClock(MONDAY_9AM);
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await t.testDb.database.db.execute(query))[0]!.n);

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_PUBLIC: '1000' } });
      staff = (await loginAs(t.app, DEMO.staff[0], DEMO.staff[1], true)).token;
    });
    afterAll(async () => t?.close());

    const createPost = (key: string | undefined, title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: { ...bearer(staff), ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload: postInput({ title }),
      });

    it('publishes a post once when the same request comes twice, and answers the repeat with the first answer', async () => {
      const title = 'Chăm sóc sức khỏe sinh sản tuổi dậy thì';
      const first = await createPost('9b1f5c1e-1c0e-4a0b-a7a2-2f6f4fe5e001', title);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await createPost('9b1f5c1e-1c0e-4a0b-a7a2-2f6f4fe5e001', title);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toMatch(/application\/json/);
      expect(again.json()).toEqual(first.json());
      expect(await count(sql`select count(*) as n from blogs where title = ${title}`)).toBe(1);
      // Without the header, nothing changes: a second request is a second post.
      const plain = 'Khám tiền hôn nhân: những điều cần biết';
      await createPost(undefined, plain);
      await createPost(undefined, plain);
      expect(await count(sql`select count(*) as n from blogs where title = ${plain}`)).toBe(2);
    });

    it('keeps the answer itself when the browser takes it compressed, and gives it again compressed', async () => {
      const title = 'Dinh dưỡng cho mẹ bầu: ba tháng đầu';
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/blogs',
          headers: { ...bearer(staff), 'idempotency-key': 'gzip-key-0001', 'accept-encoding': 'gzip' },
          payload: postInput({ title, content: 'Ăn đủ chất, chia nhỏ bữa. '.repeat(200) }),
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['content-encoding']).toBe('gzip');
      const again = await send();
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(again.rawPayload).toString('utf8'))).toEqual(
        JSON.parse(gunzipSync(first.rawPayload).toString('utf8')),
      );
      expect(await count(sql`select count(*) as n from blogs where title = ${title}`)).toBe(1);
    });

    it('does a double click that arrives at once only once', async () => {
      const title = 'Tầm soát ung thư cổ tử cung định kỳ';
      const answers = await Promise.all([1, 2, 3].map(() => createPost('double-click-0001', title)));
      expect(await count(sql`select count(*) as n from blogs where title = ${title}`)).toBe(1);
      const statuses = answers.map((a) => a.statusCode).sort();
      // One made it; the others got its answer, or were told it is still running (409, Retry-After).
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => x.statusCode !== 201)) {
        expect(a.statusCode).toBe(409);
        expect(a.headers['retry-after']).toBe('1');
        expect(a.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', message: IDEMPOTENCY_MSG.inProgress });
      }
    });

    it('refuses the same key for another request (422) and a malformed key (400), and keeps callers apart', async () => {
      expect((await createPost('key-for-one-post', 'Bài viết thứ nhất về tiền sản')).statusCode).toBe(201);
      const other = await createPost('key-for-one-post', 'Bài viết khác hẳn về hậu sản');
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MSG.reused });
      for (const bad of ['has space', 'x'.repeat(256), 'dấu-tiếng-việt']) {
        const res = await createPost(bad, 'Một bài viết không bao giờ được tạo');
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toBe(IDEMPOTENCY_MSG.invalidKey);
      }
      expect(
        await count(sql`select count(*) as n from blogs where title = 'Một bài viết không bao giờ được tạo'`),
      ).toBe(0);

      // Two visitors who happen to send the same key book two visits; each repeat gets its own answer.
      const book = (address: string, phone: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          headers: { 'idempotency-key': 'same-key-two-visitors' },
          remoteAddress: address,
          payload: booking({ phone, email: `${phone}@example.com`, appointmentTime: '10:00' }),
        });
      const a = await book('203.0.113.10', '0911222001');
      const b = await book('203.0.113.11', '0911222002');
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().appointmentId).not.toBe(b.json().appointmentId);
      const aAgain = await book('203.0.113.10', '0911222001');
      expect(aAgain.headers['idempotent-replayed']).toBe('true');
      expect(aAgain.json().appointmentId).toBe(a.json().appointmentId);
    });

    it("never gives a visitor another's private link: behind one address, the same key and body get the outcome without it (issue 34, item 9)", async () => {
      // Two phones behind one carrier address send the same key and the same booking.
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/appointments/public',
          headers: { 'idempotency-key': 'one-key-behind-one-nat' },
          remoteAddress: '203.0.113.50',
          payload: booking({ phone: '0911222050', email: 'behind-nat@example.com', appointmentTime: '10:30' }),
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      const { manageToken, appointmentId, message } = first.json() as Record<string, string>;
      expect(manageToken).toMatch(MANAGE_TOKEN_RE);
      const second = await send();
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      // Where the messages went is said again (the body the key was sent with holds it anyway); no link.
      expect(second.json()).toEqual({ message, appointmentId, reachedBy: { email: true, phone: true } });
      expect(second.body).not.toContain(manageToken);
      // Booked once, and the store keeps no link to give.
      expect(await count(sql`select count(*) as n from appointments where phone = '0911222050'`)).toBe(1);
      const kept = rowsOf<{ body: string }>(
        await t.testDb.database.db.execute(sql`select body from idempotency_keys where key = 'one-key-behind-one-nat'`),
      );
      expect(kept).toHaveLength(1);
      expect(kept[0]!.body).not.toContain(manageToken);
    });

    it('takes out of a signed-out answer every token, however deep, and keeps the rest', () => {
      const body = JSON.stringify({
        message: 'ok',
        appointmentId: 7,
        manageToken: 'm'.repeat(43),
        deposit: { amount: 50_000, dueAt: '2027-03-01T02:15:00.000Z', payToken: 'p'.repeat(43) },
        token: 't'.repeat(43),
      });
      expect(JSON.parse(withoutSecrets(body, 'application/json; charset=utf-8'))).toEqual({
        message: 'ok',
        appointmentId: 7,
        deposit: { amount: 50_000, dueAt: '2027-03-01T02:15:00.000Z' },
      });
      expect(withoutSecrets('not json', 'text/plain')).toBe('not json');
    });

    it('does not take up a key on a sign-in: its session is never kept, a repeat signs in again', async () => {
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'idempotency-key': 'sign-in-key-0001' },
          payload: { usernameOrEmail: DEMO.patient[0], password: DEMO.patient[1] },
        });
      const [a, b] = [await signIn(), await signIn()];
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect(await count(sql`select count(*) as n from idempotency_keys where key = 'sign-in-key-0001'`)).toBe(0);
    });

    it('keeps an answer a day, then the retention job removes it', async () => {
      const held = await count(sql`select count(*) as n from idempotency_keys`);
      expect(held).toBeGreaterThan(0);
      expect((await applyRetention(t.app.deps)).savedAnswersRemoved).toBe(0);
      clock.set(new Date(new Date(MONDAY_9AM).getTime() + 25 * 3_600_000));
      try {
        expect((await applyRetention(t.app.deps)).savedAnswersRemoved).toBe(held);
      } finally {
        clock.set(new Date(MONDAY_9AM));
      }
    });
  });
}
