import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MSG, COMMENT_MSG, MSG } from '@clinic/shared';
import { buildApp, type App } from '../../app';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { createTokenService } from '../../lib/tokens';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { createPost, nextIp } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';

type CommentDto = {
  id: number;
  authorName: string;
  content: string;
  parentId: number | null;
  status: string;
  replies: CommentDto[];
};

for (const kind of dbKinds()) {
  describe(`comments [${kind}]`, () => {
    let t: TestContext;
    const tokens = { admin: '', staff: '', doctor: '', patient: '' };
    let postId = 0;

    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { RATE_LIMIT_PUBLIC: '5' } });
      for (const role of ['admin', 'staff', 'doctor', 'patient'] as const)
        tokens[role] = (await loginAs(t.app, DEMO[role][0], DEMO[role][1])).token;
      postId = (await createPost(t.app, tokens.staff, { title: 'Bài để bình luận' })).id;
    });
    afterAll(async () => t?.close());

    const comment = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/comments/blog/${id}`, payload, headers, remoteAddress: nextIp() });
    const reply = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/comments/${id}/reply`, payload, headers, remoteAddress: nextIp() });
    const list = async (id: number, query = '') => {
      const res = await t.app.inject({ url: `/api/comments/blog/${id}${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        success: boolean;
        comments: CommentDto[];
        count: number;
        total: number;
        totalPages: number;
      };
    };
    const newPost = async () => (await createPost(t.app, tokens.staff)).id;

    describe('POST /api/comments/blog/{postId}', () => {
      it('posts a visitor comment that shows at once (post-moderation)', async () => {
        const res = await comment(postId, {
          authorName: '  Ngọc Anh ',
          content: 'Bài viết rất hữu ích, cảm ơn bác sĩ!',
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          success: true,
          message: COMMENT_MSG.posted,
          comment: {
            authorName: 'Ngọc Anh',
            content: 'Bài viết rất hữu ích, cảm ơn bác sĩ!',
            likeCount: 0,
            dislikeCount: 0,
            status: 'APPROVED',
            replies: [],
          },
        });
        const listed = await list(postId);
        expect(listed.comments.map((c) => c.id)).toContain(res.json().comment.id);
      });

      it('takes a name of 100 and a comment of 1000 characters, and refuses one more with the specification texts', async () => {
        expect((await comment(postId, { authorName: 'ư'.repeat(100), content: 'ư'.repeat(1000) })).statusCode).toBe(
          201,
        );
        const cases: [Record<string, unknown>, string][] = [
          [{ authorName: 'ư'.repeat(101), content: 'ok' }, 'Tên không được vượt quá 100 ký tự'],
          [{ authorName: 'An', content: 'ư'.repeat(1001) }, 'Bình luận không được vượt quá 1000 ký tự'],
          [{ authorName: ' ', content: 'ok' }, 'Vui lòng nhập tên của bạn'],
          [{ content: 'ok' }, 'Vui lòng nhập tên của bạn'],
          [{ authorName: 'An', content: '   ' }, 'Vui lòng nhập nội dung bình luận'],
        ];
        for (const [payload, message] of cases) {
          const res = await comment(postId, payload);
          expect(res.statusCode, message).toBe(400);
          expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
        }
      });

      it('returns markup as the same plain text', async () => {
        const content = '<script>alert(document.cookie)</script><b>đậm</b>';
        const res = await comment(postId, { authorName: '<img src=x onerror=alert(1)>', content });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const listed = await list(postId);
        const found = listed.comments.find((c) => c.id === res.json().comment.id)!;
        expect(found).toMatchObject({ authorName: '<img src=x onerror=alert(1)>', content });
      });

      it("keeps the clinic's names and a doctor's title for its signed-in people", async () => {
        const parentId = (await comment(postId, { authorName: 'Thu Trang', content: 'Cho em hỏi ạ.' })).json().comment
          .id;
        for (const authorName of [
          'BS. Nguyễn Văn An',
          'bs nguyen van an',
          'Bác sĩ Hoa',
          'Lê Thị Thu Hà',
          'le thi thu ha',
          'Dr. House',
          'doctor',
        ]) {
          const res = await comment(postId, { authorName, content: 'Bài viết rất hay.' });
          expect(res.statusCode, authorName).toBe(400);
          expect(res.json()).toMatchObject({ code: 'STAFF_NAME_RESERVED', message: COMMENT_MSG.staffNameReserved });
          expect((await reply(parentId, { authorName, content: 'Đồng ý.' })).statusCode, authorName).toBe(400);
        }
        // An ordinary name that merely resembles one is a visitor's own.
        expect((await comment(postId, { authorName: 'Nguyễn Văn Anh', content: 'Cảm ơn.' })).statusCode).toBe(201);
        // The doctor himself answers under his name.
        const doctor = await comment(
          postId,
          { authorName: 'ignored', content: 'Chào bạn, bạn nên đi khám sớm.' },
          bearer(tokens.doctor),
        );
        expect(doctor.json().comment.authorName).toBe('BS. Nguyễn Văn An');
      });

      // Issue 29: the names as they look, not as they are encoded, and without the title they carry.
      it("refuses a doctor's name written with look-alike letters, or without its title", async () => {
        const parentId = (await comment(postId, { authorName: 'Thu Trang', content: 'Cho em hỏi ạ.' })).json().comment
          .id;
        for (const authorName of [
          'BЅ. Đặng Thanh Hương', // Cyrillic Ѕ
          'Đặng Thanh Hương',
          'ĐẶNG THANH HƯƠNG',
          'Đặng  Thanh-Hương',
          'Nguyễn Văn An',
          'Ｂｓ． Trần Minh', // fullwidth
          '𝐁𝐒. Lê Hoa', // mathematical bold
          'Β\u200bS Hoa', // Greek capital beta, a zero-width space
          'Dr\u00b7 Lan',
        ]) {
          const res = await comment(postId, { authorName, content: 'Bài viết rất hay.' });
          expect(res.statusCode, authorName).toBe(400);
          expect(res.json()).toMatchObject({ code: 'STAFF_NAME_RESERVED' });
          expect((await reply(parentId, { authorName, content: 'Đồng ý.' })).statusCode, authorName).toBe(400);
        }
        // Visitors' own names that share words with a doctor's stay theirs.
        for (const authorName of ['Thanh Hương', 'Đặng Thu Hương', 'Nguyễn Văn Anh', 'Bảo Ngọc', 'Minh Thư']) {
          expect((await comment(postId, { authorName, content: 'Cảm ơn.' })).statusCode, authorName).toBe(201);
        }
      });

      // Issue 34: a title written any other way, anywhere in the name, or a staff member's name in another order.
      it("refuses a visitor's name with a medical title in any spelling or position, or a staff name in any order", async () => {
        const parentId = (await comment(postId, { authorName: 'Thu Trang', content: 'Cho em hỏi ạ.' })).json().comment
          .id;
        const refused = [
          'Đặng Thanh Hương (Bác sĩ)',
          'Đặng Thanh Hương, BS',
          'Doctor Hương',
          'BsCK1 Hương',
          'B.S. Hương',
          'Hương Thanh Đặng',
          'Dược sĩ Lan',
          'Lan - bác sỹ',
          '[BS] Hoa',
          'Hoa (BS.CKI)',
          'BSCKII Minh',
          'BSCK2 Minh',
          'ThS.BS Minh',
          'TS.BS Minh',
          'PGS.TS Minh',
          'GS Minh',
          'Dr Minh',
          'Y sĩ Minh',
          'Điều dưỡng Mai',
          'Nurse Mai',
          'Nữ hộ sinh Mai',
          'Lương y Mai',
          'BSHương',
          'bac si hoa',
          'Hoa MD',
          'B. S. C. K. 1 Hoa',
          'ＢＳ Hoa', // fullwidth
        ];
        for (const authorName of refused) {
          const res = await comment(postId, { authorName, content: 'Bài viết rất hay.' });
          expect(res.statusCode, authorName).toBe(400);
          expect(res.json(), authorName).toMatchObject({
            code: 'STAFF_NAME_RESERVED',
            message: COMMENT_MSG.staffNameReserved,
          });
          expect((await reply(parentId, { authorName, content: 'Đồng ý.' })).statusCode, authorName).toBe(400);
        }
        expect(refused).toHaveLength(27);
        // Ordinary names: "Sĩ", "Bá", "Y" or "Sinh" alone are names, not titles.
        const accepted = [
          'Nguyễn Bá Sĩ',
          'Bảo Sơn',
          'Đỗ Thị Bích',
          'Sĩ',
          'Nguyễn Tiến Sĩ',
          'Trần Y Vân',
          'Y Moan Niê',
          'Hồ Sinh',
          'Lương Yến',
          'Thanh Đặng',
        ];
        for (const authorName of accepted) {
          const res = await comment(postId, { authorName, content: 'Cảm ơn.' });
          expect(res.statusCode, authorName).toBe(201);
          expect(res.json().comment.authorName).toBe(authorName);
        }
        expect(accepted).toHaveLength(10);
      });

      it('frees the name of a staff member once the account is deactivated', async () => {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(tokens.admin),
          payload: {
            username: 'le.van.khoa',
            email: 'le.van.khoa@example.com',
            fullName: 'Lê Văn Khoa',
            password: 'Khoa@12345',
            role: 'STAFF',
          },
        });
        expect(created.statusCode).toBe(201);
        expect((await comment(postId, { authorName: 'Khoa Lê Văn', content: 'Cảm ơn.' })).statusCode).toBe(400);
        const id = created.json().user.id as number;
        expect(
          (await t.app.inject({ method: 'PUT', url: `/api/users/${id}/deactivate`, headers: bearer(tokens.admin) }))
            .statusCode,
        ).toBe(200);
        expect((await comment(postId, { authorName: 'Khoa Lê Văn', content: 'Cảm ơn.' })).statusCode).toBe(201);
      });

      it("marks a comment of the clinic's people from the account's role, never from the name", async () => {
        const byDoctor = await comment(postId, { authorName: 'x', content: 'Bác sĩ trả lời.' }, bearer(tokens.doctor));
        const byStaff = await comment(postId, { authorName: 'x', content: 'Nhân viên trả lời.' }, bearer(tokens.staff));
        const byPatient = await comment(postId, { authorName: 'x', content: 'Em hỏi.' }, bearer(tokens.patient));
        const byVisitor = await comment(postId, { authorName: 'Ngọc Trâm', content: 'Em cũng hỏi.' });
        expect([byDoctor, byStaff, byPatient, byVisitor].map((r) => r.json().comment.authorRole)).toEqual([
          'DOCTOR',
          'STAFF',
          null,
          null,
        ]);
        const answer = await reply(
          byVisitor.json().comment.id,
          { authorName: 'x', content: 'Chào bạn.' },
          bearer(tokens.doctor),
        );
        const listed = (await list(postId, '?size=50')).comments as (CommentDto & { authorRole: string | null })[];
        const found = (id: number) => listed.find((c) => c.id === id);
        expect(found(byDoctor.json().comment.id)?.authorRole).toBe('DOCTOR');
        expect(found(byVisitor.json().comment.id)?.authorRole).toBeNull();
        expect(
          found(byVisitor.json().comment.id)?.replies.map((r) => [r.id, (r as { authorRole?: string }).authorRole]),
        ).toEqual([[answer.json().comment.id, 'DOCTOR']]);
        const moderation = await t.app.inject({ url: '/api/comments/admin?size=50', headers: bearer(tokens.admin) });
        const moderated = (moderation.json().comments as { id: number; authorRole: string | null }[]).find(
          (c) => c.id === byStaff.json().comment.id,
        );
        expect(moderated?.authorRole).toBe('STAFF');
      });

      it('uses the account name of a signed-in commenter, whatever name is sent', async () => {
        const res = await comment(
          postId,
          { authorName: 'Tên giả', content: 'Tôi là bệnh nhân.' },
          bearer(tokens.patient),
        );
        expect(res.json().comment.authorName).toBe('Nguyễn Thị Mai');
      });

      it('answers 404 for a draft, an archived or an unknown post, and 400 for a bad id', async () => {
        const draft = (await createPost(t.app, tokens.staff, { status: 'DRAFT' })).id;
        const archived = (await createPost(t.app, tokens.staff, { status: 'ARCHIVED' })).id;
        for (const id of [draft, archived, 999999]) {
          const posted = await comment(id, { authorName: 'An', content: 'x' });
          expect(posted.statusCode).toBe(404);
          expect(posted.json().message).toBe(BLOG_MSG.notFound);
          expect((await t.app.inject({ url: `/api/comments/blog/${id}` })).statusCode).toBe(404);
        }
        const bad = await t.app.inject({ url: '/api/comments/blog/abc' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(BLOG_MSG.invalidId);
      });

      it('limits public writes per address (429) and lets another address in', async () => {
        const ip = '192.0.2.77';
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          statuses.push(
            (
              await t.app.inject({
                method: 'POST',
                url: `/api/comments/blog/${postId}`,
                payload: { authorName: 'Spam', content: `#${i}` },
                remoteAddress: ip,
              })
            ).statusCode,
          );
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
        const newsletter = await t.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: 'spam@example.com', consentMarketing: true },
          remoteAddress: ip,
        });
        expect(newsletter.statusCode).toBe(429);
        expect(newsletter.json().message).toBe(MSG.tooManyRequests);
        expect((await comment(postId, { authorName: 'An', content: 'Khác địa chỉ' })).statusCode).toBe(201);
      });
    });

    describe('replies', () => {
      it('nests replies under their comment, in order, and counts every visible comment', async () => {
        const id = await newPost();
        const root = (await comment(id, { authorName: 'Lan', content: 'Câu hỏi' })).json().comment.id as number;
        const answer = await reply(root, { authorName: 'BS. Ngọc', content: 'Trả lời' }, bearer(tokens.doctor));
        expect(answer.statusCode).toBe(201);
        expect(answer.json()).toMatchObject({
          success: true,
          message: COMMENT_MSG.replyPosted,
          comment: { parentId: root, authorName: 'BS. Nguyễn Văn An' },
        });
        const nested = (await reply(answer.json().comment.id, { authorName: 'Lan', content: 'Cảm ơn bác sĩ' })).json()
          .comment.id as number;
        await comment(id, { authorName: 'Hà', content: 'Bình luận mới hơn' });

        const listed = await list(id);
        expect(listed).toMatchObject({ success: true, count: 4, total: 2 });
        expect(listed.comments.map((c) => c.content)).toEqual(['Bình luận mới hơn', 'Câu hỏi']);
        const thread = listed.comments[1]!;
        expect(thread.replies.map((r) => r.content)).toEqual(['Trả lời']);
        expect(thread.replies[0]!.replies.map((r) => [r.id, r.content])).toEqual([[nested, 'Cảm ơn bác sĩ']]);

        const replies = await t.app.inject({ url: `/api/comments/${root}/replies` });
        expect(replies.json()).toMatchObject({
          success: true,
          count: 2,
          comments: [{ content: 'Trả lời', replies: [{ content: 'Cảm ơn bác sĩ' }] }],
        });
      });

      it('needs both fields ("Vui lòng nhập đầy đủ thông tin") and keeps the same maxima', async () => {
        const root = (await comment(postId, { authorName: 'Lan', content: 'Hỏi' })).json().comment.id as number;
        for (const [payload, message] of [
          [{ authorName: '', content: 'x' }, 'Vui lòng nhập đầy đủ thông tin'],
          [{ authorName: 'An' }, 'Vui lòng nhập đầy đủ thông tin'],
          [{ authorName: 'a'.repeat(101), content: 'x' }, COMMENT_MSG.nameTooLong],
          [{ authorName: 'An', content: 'a'.repeat(1001) }, COMMENT_MSG.contentTooLong],
        ] as const) {
          const res = await reply(root, payload);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(message);
        }
        expect((await reply(root, { authorName: 'a'.repeat(100), content: 'a'.repeat(1000) })).statusCode).toBe(201);
        expect((await reply(999999, { authorName: 'An', content: 'x' })).statusCode).toBe(404);
        expect((await t.app.inject({ url: '/api/comments/999999/replies' })).json().message).toBe(COMMENT_MSG.notFound);
      });

      it('paginates top-level comments', async () => {
        const id = await newPost();
        for (let i = 1; i <= 3; i++) await comment(id, { authorName: 'An', content: `Số ${i}` });
        const page = await list(id, '?size=2&page=2');
        expect(page).toMatchObject({ total: 3, totalPages: 2, count: 3 });
        expect(page.comments.map((c) => c.content)).toEqual(['Số 1']);
      });
    });

    describe('moderation (ADMIN, STAFF)', () => {
      it('answers 401 without a token and 403 to a patient or a doctor', async () => {
        const calls = [
          ['GET', '/api/comments/admin'],
          ['PUT', '/api/comments/admin/1/approve'],
          ['PUT', '/api/comments/admin/1/reject'],
          ['DELETE', '/api/comments/admin/1'],
        ] as const;
        for (const [method, url] of calls) {
          expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
          expect((await t.app.inject({ method, url, headers: bearer(tokens.patient) })).statusCode, url).toBe(403);
          expect((await t.app.inject({ method, url, headers: bearer(tokens.doctor) })).statusCode, url).toBe(403);
        }
      });

      it('rejecting hides a comment and its replies; approving shows them again', async () => {
        const id = await newPost();
        const root = (await comment(id, { authorName: 'Lan', content: 'Gốc' })).json().comment.id as number;
        await reply(root, { authorName: 'Hà', content: 'Con' });
        const rejected = await t.app.inject({
          method: 'PUT',
          url: `/api/comments/admin/${root}/reject`,
          headers: bearer(tokens.staff),
        });
        expect(rejected.json()).toEqual({ success: true, message: COMMENT_MSG.rejected });
        expect(await list(id)).toMatchObject({ comments: [], count: 0 });
        expect((await reply(root, { authorName: 'An', content: 'x' })).statusCode).toBe(404);

        const approved = await t.app.inject({
          method: 'PUT',
          url: `/api/comments/admin/${root}/approve`,
          headers: bearer(tokens.admin),
        });
        expect(approved.json()).toEqual({ success: true, message: COMMENT_MSG.approved });
        expect(await list(id)).toMatchObject({
          count: 2,
          comments: [{ content: 'Gốc', replies: [{ content: 'Con' }] }],
        });
        expect(
          (
            await t.app.inject({
              method: 'PUT',
              url: '/api/comments/admin/999999/approve',
              headers: bearer(tokens.admin),
            })
          ).statusCode,
        ).toBe(404);
      });

      it('deletes a comment with its replies, and deleting a post deletes its comments', async () => {
        const id = await newPost();
        const root = (await comment(id, { authorName: 'Lan', content: 'Gốc' })).json().comment.id as number;
        const child = (await reply(root, { authorName: 'Hà', content: 'Con' })).json().comment.id as number;
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/comments/admin/${root}`,
          headers: bearer(tokens.staff),
        });
        expect(res.json()).toEqual({ success: true, message: COMMENT_MSG.deleted });
        expect((await t.app.inject({ url: `/api/comments/${child}/replies` })).statusCode).toBe(404);
        expect(
          (await t.app.inject({ method: 'DELETE', url: `/api/comments/admin/${root}`, headers: bearer(tokens.staff) }))
            .statusCode,
        ).toBe(404);

        const other = (await comment(id, { authorName: 'Lan', content: 'Còn lại' })).json().comment.id as number;
        await t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}`, headers: bearer(tokens.staff) });
        expect((await t.app.inject({ url: `/api/comments/${other}/replies` })).statusCode).toBe(404);
        const panel = await t.app.inject({ url: '/api/comments/admin?size=50', headers: bearer(tokens.staff) });
        expect(panel.json().comments.map((c: { id: number }) => c.id)).not.toContain(other);
      });

      it('lists comments of any post by status for the panel, with the counts', async () => {
        const res = await t.app.inject({ url: '/api/comments/admin?status=REJECTED', headers: bearer(tokens.staff) });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.success).toBe(true);
        expect(body.comments.length).toBeGreaterThanOrEqual(1);
        expect(
          body.comments.every(
            (c: { status: string; blogTitle: string }) => c.status === 'REJECTED' && c.blogTitle.length > 0,
          ),
        ).toBe(true);
        expect(body.counts.REJECTED).toBe(body.count);
        expect(body.counts.PENDING).toBeGreaterThanOrEqual(1);
        expect(
          (await t.app.inject({ url: '/api/comments/admin?status=SPAM', headers: bearer(tokens.staff) })).statusCode,
        ).toBe(400);
      });
    });

    describe('COMMENT_MODERATION=pre', () => {
      let pre: App;
      beforeAll(async () => {
        pre = await buildApp({
          config: { ...t.config, commentModeration: 'pre' },
          database: t.testDb.database,
          clock: t.clock,
          limiter: createMemoryRateLimiter(),
          tokens: createTokenService(t.config.jwtSecret),
        });
      });
      afterAll(async () => pre?.close());

      it("holds a visitor's comment as pending until approved, and says so", async () => {
        const id = await newPost();
        const res = await pre.inject({
          method: 'POST',
          url: `/api/comments/blog/${id}`,
          payload: { authorName: 'Lan', content: 'Chờ duyệt' },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          success: true,
          message: 'Bình luận của bạn đang chờ duyệt',
          comment: { status: 'PENDING' },
        });
        expect(await list(id)).toMatchObject({ comments: [], count: 0 });
        const pending = await pre.inject({
          url: '/api/comments/admin?status=PENDING&size=50',
          headers: bearer(tokens.staff),
        });
        expect(pending.json().comments.map((c: { id: number }) => c.id)).toContain(res.json().comment.id);

        await pre.inject({
          method: 'PUT',
          url: `/api/comments/admin/${res.json().comment.id}/approve`,
          headers: bearer(tokens.staff),
        });
        expect((await list(id)).comments.map((c) => c.content)).toEqual(['Chờ duyệt']);
      });

      it('publishes the clinic staff at once', async () => {
        const id = await newPost();
        const res = await pre.inject({
          method: 'POST',
          url: `/api/comments/blog/${id}`,
          payload: { authorName: 'x', content: 'Trả lời từ phòng khám' },
          headers: bearer(tokens.doctor),
        });
        expect(res.json()).toMatchObject({ message: COMMENT_MSG.posted, comment: { status: 'APPROVED' } });
      });
    });
  });
}
