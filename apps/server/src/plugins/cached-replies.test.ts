import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildSecondProcess,
  buildTestApp,
  fixedClock,
  type SecondProcess,
  type TestContext,
} from '../../test/build-app';
import { dbKinds } from '../../test/databases';
import { createPost, newVisitor, nextIp, postInput } from '../../test/blog-fixtures';
import { booking, call, DAYS, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../test/appointments';

type Page = { items: { id: number; fullName: string; doctor: { fullName: string } | null }[]; total: number };

// The back-office pages and the signed-in sessions are kept between reads (plugins/cached-replies.ts,
// lib/read-cache.ts). Whatever writes, a reader must see the write on its next request.
for (const kind of dbKinds()) {
  describe(`kept answers and sessions end with the next write [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    const page = async (who: keyof Sessions, url = '/api/appointments?page=1&size=5&sort=createdAt:desc') => {
      const res = await call(t.app, s[who], 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a page read twice is answered from memory the second time, and shows a booking made in between at once', async () => {
      const before = await page('staff');
      const misses = t.app.deps.cache.misses;
      expect(await page('staff')).toEqual(before);
      // Neither the session nor the page was read from the database again.
      expect(t.app.deps.cache.misses).toBe(misses);

      const res = await call(
        t.app,
        null,
        'POST',
        '/api/appointments/public',
        booking({
          fullName: 'Đỗ Thị Mới Đặt',
          phone: '0907000001',
          email: 'moidat@example.com',
          appointmentDate: DAYS.fri,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const after = await page('staff');
      expect(after.total).toBe(before.total + 1);
      expect(after.items[0]!.fullName).toBe('Đỗ Thị Mới Đặt');
    });

    it('a change made by hand in SQL, outside the server, shows on the next read too', async () => {
      const row = await seedAppointment(t.testDb.database.db, {
        fullName: 'Tên Cũ Trong Bảng',
        appointmentDate: DAYS.thu,
      });
      const url = '/api/appointments?page=1&size=5&sort=id:desc';
      expect((await page('staff', url)).items[0]!.fullName).toBe('Tên Cũ Trong Bảng');
      await t.testDb.database.db.execute(
        sql`update appointments set full_name = 'Tên Mới Sửa Tay' where id = ${row.id}`,
      );
      expect((await page('staff', url)).items[0]!.fullName).toBe('Tên Mới Sửa Tay');
    });

    it("the e-mail worker's delivery marks do not end the kept pages: no screen shows them", async () => {
      const row = await seedAppointment(t.testDb.database.db, { fullName: 'Đã Gửi Thư', appointmentDate: DAYS.thu });
      const url = '/api/appointments?page=1&size=5&sort=id:desc';
      await page('staff', url);
      await t.testDb.database.db.execute(
        sql`update appointments set email_sent = true, reminder_sent = true where id = ${row.id}`,
      );
      const misses = t.app.deps.cache.misses;
      expect((await page('staff', url)).items[0]!.fullName).toBe('Đã Gửi Thư');
      expect(t.app.deps.cache.misses).toBe(misses);
    });

    // Only PostgreSQL has several connections to hear a commit on.
    if (kind === 'postgres')
      it("a write ends the kept pages once: the copies of its notice that the pool's other connections hear later do not", async () => {
        // What every listening connection hears, read the way the server's connections hear it.
        const listener = new pg.Client({ connectionString: t.testDb.url! });
        await listener.connect();
        const notices: string[] = [];
        listener.on('notification', (n) => notices.push(n.payload ?? ''));
        await listener.query('LISTEN clinic_changes');
        try {
          const url = '/api/appointments?page=1&size=5&sort=id:desc';
          await seedAppointment(t.testDb.database.db, { fullName: 'Một Lần Thôi', appointmentDate: DAYS.thu });
          await vi.waitFor(() => expect(notices.some((n) => n.startsWith('appointments:'))).toBe(true));
          expect((await page('staff', url)).items[0]!.fullName).toBe('Một Lần Thôi');
          const misses = t.app.deps.cache.misses;
          // A copy of the same commit's notice, arriving late on another connection.
          t.testDb.database.changes.changed(notices.find((n) => n.startsWith('appointments:'))!);
          expect((await page('staff', url)).items[0]!.fullName).toBe('Một Lần Thôi');
          expect(t.app.deps.cache.misses).toBe(misses);
        } finally {
          await listener.end();
        }
      });

    // src/db/client.ts and functions/change-notices.sql: the pool's connections do not listen (a commit would wake each of them); the
    // connection that writes is told by the database's notices and hands them over at its commit.
    if (kind === 'postgres')
      it('a write is heard by the connection that made it, when it commits and before it returns, though no pooled connection listens', async () => {
        const { db, changes } = t.testDb.database;
        const channels = await Promise.all(
          Array.from({ length: 4 }, () =>
            db.execute(sql`select array(select pg_listening_channels()) as channels, pg_sleep(0.05)`),
          ),
        );
        for (const result of channels)
          expect((result as unknown as { rows: { channels: string[] }[] }).rows[0]!.channels).toEqual([]);

        const row = await seedAppointment(db, { fullName: 'Nghe Chính Mình', appointmentDate: DAYS.thu });
        // Every time, not by luck of which socket Node reads first.
        for (let i = 0; i < 50; i++) {
          const before = changes.stamp(['appointments']);
          await db.execute(sql`update appointments set full_name = ${`Nghe Chính Mình ${i}`} where id = ${row.id}`);
          expect(changes.stamp(['appointments'])).not.toBe(before);
        }

        let inside: string | null = null;
        await db.transaction(async (tx) => {
          inside = changes.stamp(['appointments']);
          await tx.execute(sql`update appointments set full_name = 'Nghe Khi Xong' where id = ${row.id}`);
          // Not before the commit: a page read now would be kept as if it came after the write.
          expect(changes.stamp(['appointments'])).toBe(inside);
        });
        expect(changes.stamp(['appointments'])).not.toBe(inside);
        expect((await page('staff', '/api/appointments?page=1&size=5&sort=id:desc')).items[0]!.fullName).toBe(
          'Nghe Khi Xong',
        );
      });

    it('a doctor renamed by an administrator is named anew on the pages kept before', async () => {
      await seedAppointment(t.testDb.database.db, {
        fullName: 'Bệnh Nhân Của Bác Sĩ',
        doctorId: s.doctor.userId,
        status: 'CONFIRMED',
        appointmentDate: DAYS.thu,
      });
      const url = '/api/appointments?page=1&size=5&sort=id:desc';
      const before = (await page('staff', url)).items[0]!.doctor!.fullName;
      const doctor = (await call(t.app, s.admin, 'GET', `/api/users/${s.doctor.userId}`)).json() as {
        username: string;
        email: string;
        role: string;
        specialty: string | null;
      };
      const res = await call(t.app, s.admin, 'PUT', `/api/users/${s.doctor.userId}`, {
        username: doctor.username,
        email: doctor.email,
        role: doctor.role,
        specialty: doctor.specialty,
        fullName: `${before} Đổi Tên`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await page('staff', url)).items[0]!.doctor!.fullName).toBe(`${before} Đổi Tên`);
    });

    it('each user has his own kept answers: a doctor never gets the page kept for staff or another doctor', async () => {
      await seedAppointment(t.testDb.database.db, {
        fullName: 'Chỉ Của Bác Sĩ Hai',
        doctorId: s.doctor2.userId,
        status: 'CONFIRMED',
        appointmentDate: DAYS.thu,
      });
      const url = '/api/appointments?page=1&size=50&sort=createdAt:desc';
      const staffPage = await page('staff', url);
      const doctor2Page = await page('doctor2', url);
      const doctorPage = await page('doctor', url);
      expect(staffPage.items.some((a) => a.fullName === 'Chỉ Của Bác Sĩ Hai')).toBe(true);
      expect(doctor2Page.items.some((a) => a.fullName === 'Chỉ Của Bác Sĩ Hai')).toBe(true);
      expect(doctorPage.items.some((a) => a.fullName === 'Chỉ Của Bác Sĩ Hai')).toBe(false);
      expect(doctorPage.total).toBeLessThan(staffPage.total);
    });

    it('a deactivated account is refused on its very next request, though its session was kept', async () => {
      const { token, userId } = await call(t.app, s.admin, 'POST', '/api/users', {
        username: 'letan_tam',
        email: 'letan.tam@example.com',
        password: 'LeTan@2027x',
        fullName: 'Lễ Tân Tạm',
        role: 'STAFF',
      }).then(async (r) => {
        expect(r.statusCode, r.body).toBe(201);
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { usernameOrEmail: 'letan_tam', password: 'LeTan@2027x' },
        });
        return login.json() as { token: string; userId: number };
      });
      const me = { token, userId };
      expect((await call(t.app, me, 'GET', '/api/users/profile')).statusCode).toBe(200);
      expect((await call(t.app, me, 'GET', '/api/appointments/stats')).statusCode).toBe(200);
      expect((await call(t.app, s.admin, 'PUT', `/api/users/${userId}/deactivate`)).statusCode).toBe(200);
      expect((await call(t.app, me, 'GET', '/api/users/profile')).statusCode).toBe(401);
      expect((await call(t.app, me, 'GET', '/api/appointments/stats')).statusCode).toBe(401);
    });

    it('a visitor sees a post the moment it is published, and its edit the moment it is saved', async () => {
      const list = async () =>
        (await call(t.app, null, 'GET', '/api/public/blogs/published?page=1&size=50')).json() as {
          items: { id: number; title: string }[];
        };
      await list();
      const post = await createPost(t.app, s.admin.token, { title: 'Bài Mới Vừa Đăng' });
      expect((await list()).items.map((p) => p.title)).toContain('Bài Mới Vừa Đăng');
      const one = async () =>
        (await call(t.app, null, 'GET', `/api/public/blogs/${post.id}`)).json() as { title: string };
      expect((await one()).title).toBe('Bài Mới Vừa Đăng');
      const res = await call(
        t.app,
        s.admin,
        'PUT',
        `/api/blogs/${post.id}`,
        postInput({ title: 'Bài Đã Sửa Tiêu Đề' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await one()).title).toBe('Bài Đã Sửa Tiêu Đề');
      expect((await list()).items.map((p) => p.title)).toContain('Bài Đã Sửa Tiêu Đề');
    });

    it("a reader sees another reader's like at once, and her own reaction stays hers", async () => {
      const post = await createPost(t.app, s.admin.token, { title: 'Bài Có Bình Luận' });
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/comments/blog/${post.id}`,
        headers: { 'x-forwarded-for': nextIp() },
        payload: { authorName: 'Chị Hoa', content: 'Bài viết rất hữu ích, cảm ơn bác sĩ.' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const [a, b] = [newVisitor(), newVisitor()];
      type Listed = { comments: { likeCount: number; myReaction: string | null }[] };
      const read = async (visitor: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/comments/blog/${post.id}`,
            headers: { 'x-visitor-id': visitor },
          })
        ).json() as Listed;
      const before = await read(b);
      expect(before.comments[0]!.likeCount).toBe(0);
      const commentId = ((await read(a)) as unknown as { comments: { id: number }[] }).comments[0]!.id;
      const liked = await t.app.inject({
        method: 'POST',
        url: `/api/comments/${commentId}/react`,
        headers: { 'x-visitor-id': a, 'x-forwarded-for': nextIp() },
        payload: { reactionType: 'LIKE' },
      });
      expect(liked.statusCode, liked.body).toBe(200);
      const seenByB = await read(b);
      expect(seenByB.comments[0]!.likeCount).toBe(1);
      expect(seenByB.comments[0]!.myReaction).toBeNull();
      expect((await read(a)).comments[0]!.myReaction).toBe('LIKE');
    });

    it('the booking form learns at once that a booking took a place of the slot', async () => {
      const url = `/api/appointments/public/availability?date=${DAYS.sat}&time=10:00&department=OBSTETRICS`;
      const remaining = async () => ((await call(t.app, null, 'GET', url)).json() as { remaining: number }).remaining;
      const before = await remaining();
      expect(before).toBeGreaterThan(0);
      expect(await remaining()).toBe(before);
      const res = await call(
        t.app,
        null,
        'POST',
        '/api/appointments/public',
        booking({
          phone: '0907000009',
          email: 'slot@example.com',
          appointmentDate: DAYS.sat,
          appointmentTime: '10:00',
          department: 'OBSTETRICS',
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(await remaining()).toBe(before - 1);
    });

    it('a kept page goes compressed to a browser that accepts gzip, the same JSON as uncompressed', async () => {
      const url = '/api/appointments?page=1&size=20&sort=createdAt:desc';
      const plain = await call(t.app, s.staff, 'GET', url);
      const zipped = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${s.staff.token}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });
  });
}

// PGlite is one process's database; across processes the notices travel through PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'kept answers across two server processes on one PostgreSQL database',
  () => {
    let t: TestContext;
    let s: Sessions;
    let other: SecondProcess;
    const clock = fixedClock(MONDAY_9AM);

    beforeAll(async () => {
      t = await buildTestApp('postgres', { clock });
      other = await buildSecondProcess(t, { max: 4 });
      s = await signInAll(t.app);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    /** Polls the second process until `ok`, for at most two seconds (a notice takes milliseconds). */
    async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
      const until = Date.now() + 2000;
      for (;;) {
        const value = await read();
        if (ok(value) || Date.now() > until) return value;
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it('a booking made through one process shows on the page the other process kept', async () => {
      const url = '/api/appointments?page=1&size=5&sort=createdAt:desc';
      const read = async () => (await call(other.app, s.staff, 'GET', url)).json() as Page;
      const before = await read();
      await read();
      const res = await call(
        t.app,
        null,
        'POST',
        '/api/appointments/public',
        booking({
          fullName: 'Đặt Ở Tiến Trình Một',
          phone: '0907000002',
          email: 'tientrinh1@example.com',
          appointmentDate: DAYS.fri,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const after = await eventually(read, (p) => p.total === before.total + 1);
      expect(after.total).toBe(before.total + 1);
      expect(after.items[0]!.fullName).toBe('Đặt Ở Tiến Trình Một');
    });

    it('an account deactivated in one process is refused by the other', async () => {
      expect((await call(other.app, s.patient, 'GET', '/api/users/profile')).statusCode).toBe(200);
      expect((await call(t.app, s.admin, 'PUT', `/api/users/${s.patient.userId}/deactivate`)).statusCode).toBe(200);
      const res = await eventually(
        () => call(other.app, s.patient, 'GET', '/api/users/profile'),
        (r) => r.statusCode === 401,
      );
      expect(res.statusCode).toBe(401);
    });

    it('while the listening connection is lost nothing is kept, and once it is back a write made meanwhile shows', async () => {
      const url = '/api/appointments?page=1&size=5&sort=createdAt:desc';
      await call(other.app, s.staff, 'GET', url);
      // Cut every connection of the second process that listens, as a database restart would.
      await t.testDb.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      await eventually(
        async () => other.database.changes.live,
        (live) => !live,
      );
      await call(
        t.app,
        null,
        'POST',
        '/api/appointments/public',
        booking({
          fullName: 'Đặt Khi Mất Kết Nối',
          phone: '0907000003',
          email: 'matketnoi@example.com',
          appointmentDate: DAYS.fri,
        }),
      );
      const after = await eventually(
        async () => (await call(other.app, s.staff, 'GET', url)).json() as Page,
        (p) => p.items[0]?.fullName === 'Đặt Khi Mất Kết Nối',
      );
      expect(after.items[0]!.fullName).toBe('Đặt Khi Mất Kết Nối');
      expect(
        await eventually(
          async () => other.database.changes.live,
          (live) => live,
        ),
      ).toBe(true);
    });
  },
);
