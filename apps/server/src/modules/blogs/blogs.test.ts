import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MSG, MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, fixedClock, loginAs, type TestContext } from '../../../test/build-app';
import { createPost, postInput } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';

for (const kind of dbKinds()) {
  describe(`Blog Control [${kind}]`, () => {
    let t: TestContext;
    const tokens = { admin: '', doctor: '', staff: '', patient: '' };
    const clock = fixedClock('2026-11-20T03:00:00Z');
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      // 30-day tokens: one test moves the clock a few days on.
      for (const role of ['admin', 'doctor', 'staff', 'patient'] as const)
        tokens[role] = (await loginAs(t.app, DEMO[role][0], DEMO[role][1], true)).token;
    });
    afterAll(async () => t?.close());

    const as = (role: keyof typeof tokens) => bearer(tokens[role]);
    const create = (overrides: Record<string, unknown> = {}, role: keyof typeof tokens = 'staff') =>
      t.app.inject({ method: 'POST', url: '/api/blogs', headers: as(role), payload: postInput(overrides) });

    describe('who may act', () => {
      const calls = [
        ['GET', '/api/blogs'],
        ['GET', '/api/blogs/1'],
        ['POST', '/api/blogs'],
        ['PUT', '/api/blogs/1'],
        ['DELETE', '/api/blogs/1'],
        ['PUT', '/api/blogs/1/featured'],
        ['PUT', '/api/blogs/1/status'],
        ['POST', '/api/blogs/bulk/status'],
        ['POST', '/api/blogs/bulk/delete'],
        ['POST', '/api/blogs/upload-image'],
      ] as const;

      it('answers 401 without a token and 403 to a patient on every Blog Control call, before reading the body', async () => {
        for (const [method, url] of calls) {
          const anonymous = await t.app.inject({
            method,
            url,
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
          expect(anonymous.json().code).toBe('UNAUTHORIZED');
          const patient = await t.app.inject({
            method,
            url,
            headers: as('patient'),
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          expect(patient.statusCode, `${method} ${url}`).toBe(403);
          expect(patient.json().message).toBe(MSG.forbidden);
        }
        const expired = await t.app.inject({ url: '/api/blogs', headers: bearer('not-a-token') });
        expect(expired.statusCode).toBe(401);
        expect(expired.json().message).toBe(MSG.sessionExpired);
      });

      it('lets ADMIN, DOCTOR and STAFF write and list posts', async () => {
        for (const role of ['admin', 'doctor', 'staff'] as const) {
          const res = await create({ title: `Bài của ${role}` }, role);
          expect(res.statusCode, role).toBe(201);
          expect((await t.app.inject({ url: '/api/blogs', headers: as(role) })).statusCode, role).toBe(200);
        }
      });
    });

    describe('POST /api/blogs', () => {
      it('creates a draft by default, with every field of the specification', async () => {
        const { status, featured, ...fields } = postInput({ title: 'Bản nháp mới', imageUrl: '/api/images/1' });
        void status;
        void featured;
        const res = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: as('doctor'), payload: fields });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          id: expect.any(Number),
          title: 'Bản nháp mới',
          excerpt: fields.excerpt,
          content: fields.content,
          category: 'Phòng bệnh',
          categoryKey: 'prevention',
          author: fields.author,
          readTime: '5 phút',
          imageUrl: '/api/images/1',
          featured: false,
          status: 'DRAFT',
          date: '2026-11-20',
          publishedAt: null,
          createdAt: '2026-11-20T03:00:00.000Z',
        });
      });

      it.each([
        ['title', 200, BLOG_MSG.titleTooLong],
        ['excerpt', 500, BLOG_MSG.excerptTooLong],
        ['author', 100, BLOG_MSG.authorTooLong],
        ['readTime', 20, BLOG_MSG.readTimeTooLong],
      ] as const)('takes a %s of %i characters and refuses one more with its message', async (field, max, message) => {
        expect((await create({ [field]: 'ệ'.repeat(max) })).statusCode).toBe(201);
        const res = await create({ [field]: 'ệ'.repeat(max + 1) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message, error: message });
      });

      it('names the missing field in Vietnamese', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ title: '   ' }, 'Tiêu đề là bắt buộc'],
          [{ excerpt: '' }, BLOG_MSG.excerptRequired],
          [{ content: undefined }, BLOG_MSG.contentRequired],
          [{ author: '' }, BLOG_MSG.authorRequired],
          [{ category: 'Tin tức' }, BLOG_MSG.categoryInvalid],
          [{ status: 'HIDDEN' }, BLOG_MSG.statusInvalid],
          [{ imageUrl: 'javascript:alert(1)' }, BLOG_MSG.imageUrlInvalid],
        ];
        for (const [overrides, message] of cases) {
          const res = await create(overrides);
          expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
          expect(res.json().message).toBe(message);
        }
      });

      it('answers 400, not 500, to a body that is not JSON or not an object', async () => {
        for (const payload of ['{"title":', '[]', '"text"']) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/blogs',
            headers: { ...as('staff'), 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode, payload).toBe(400);
        }
      });

      it('returns a <script> tag in the title and content as the same text, in JSON', async () => {
        const title = '<script>alert("tiêu đề")</script>';
        const content = '# Xin chào\n\n<script>document.cookie</script><img src=x onerror=alert(1)>';
        const post = await createPost(t.app, tokens.staff, { title, content, status: 'PUBLISHED' });
        const res = await t.app.inject({ url: `/api/public/blogs/${post.id}` });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ title, content });
      });
    });

    describe('PUT /api/blogs/:id and GET /api/blogs/:id', () => {
      it('rewrites a post and shows it to staff whatever its status', async () => {
        const post = await createPost(t.app, tokens.staff, { status: 'DRAFT' });
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/blogs/${post.id}`,
          headers: as('admin'),
          payload: postInput({ title: 'Tiêu đề đã sửa', category: 'Tâm thần', status: 'DRAFT' }),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: post.id,
          title: 'Tiêu đề đã sửa',
          category: 'Tâm thần',
          categoryKey: 'mental-health',
        });
        const got = await t.app.inject({ url: `/api/blogs/${post.id}`, headers: as('doctor') });
        expect(got.json()).toMatchObject({ title: 'Tiêu đề đã sửa', status: 'DRAFT', content: expect.any(String) });
      });

      it('keeps featured, status and the image when the rewrite does not send them', async () => {
        const post = await createPost(t.app, tokens.staff, {
          status: 'PUBLISHED',
          featured: true,
          imageUrl: '/api/images/2',
        });
        const { featured, status, imageUrl, ...rest } = postInput({
          title: 'Chỉ sửa nội dung',
          content: 'Nội dung mới',
        });
        void featured;
        void status;
        void imageUrl;
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/blogs/${post.id}`,
          headers: as('staff'),
          payload: rest,
        });
        expect(res.json()).toMatchObject({
          title: 'Chỉ sửa nội dung',
          content: 'Nội dung mới',
          featured: true,
          status: 'PUBLISHED',
          imageUrl: '/api/images/2',
        });
        const cleared = await t.app.inject({
          method: 'PUT',
          url: `/api/blogs/${post.id}`,
          headers: as('staff'),
          payload: { ...rest, imageUrl: null, readTime: '' },
        });
        expect(cleared.json()).toMatchObject({ imageUrl: null, readTime: null, featured: true });
      });

      it('answers 400 "ID bài viết không hợp lệ" to a non-numeric id and 404 to an unknown one', async () => {
        for (const id of ['abc', '1.5', '-2', '1e3', '99999999999']) {
          const res = await t.app.inject({
            method: 'PUT',
            url: `/api/blogs/${id}`,
            headers: as('staff'),
            payload: postInput(),
          });
          expect(res.statusCode, id).toBe(400);
          expect(res.json().message).toBe(BLOG_MSG.invalidId);
        }
        const unknown = await t.app.inject({
          method: 'PUT',
          url: '/api/blogs/999999',
          headers: as('staff'),
          payload: postInput(),
        });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject({ code: 'BLOG_NOT_FOUND', message: BLOG_MSG.notFound });
        expect((await t.app.inject({ url: '/api/blogs/999999', headers: as('staff') })).statusCode).toBe(404);
      });
    });

    describe('featured and status', () => {
      it('PUT /api/blogs/:id/featured toggles with no body', async () => {
        const post = await createPost(t.app, tokens.staff);
        const on = await t.app.inject({ method: 'PUT', url: `/api/blogs/${post.id}/featured`, headers: as('staff') });
        expect(on.statusCode).toBe(200);
        expect(on.json()).toMatchObject({ success: true, message: BLOG_MSG.featuredOn, blog: { featured: true } });
        const off = await t.app.inject({ method: 'PUT', url: `/api/blogs/${post.id}/featured`, headers: as('staff') });
        expect(off.json()).toMatchObject({ message: BLOG_MSG.featuredOff, blog: { featured: false } });
        expect(
          (await t.app.inject({ method: 'PUT', url: '/api/blogs/999999/featured', headers: as('staff') })).statusCode,
        ).toBe(404);
      });

      it('PUT /api/blogs/:id/status publishes, archives and republishes, keeping the first publication date', async () => {
        const post = await createPost(t.app, tokens.staff, { status: 'DRAFT' });
        const setStatus = (status: string) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/blogs/${post.id}/status`,
            headers: as('staff'),
            payload: { status },
          });

        try {
          clock.set('2026-11-21T02:00:00Z');
          const published = await setStatus('PUBLISHED');
          expect(published.statusCode).toBe(200);
          expect(published.json()).toMatchObject({
            success: true,
            blog: { status: 'PUBLISHED', publishedAt: '2026-11-21T02:00:00.000Z', date: '2026-11-21' },
          });
          expect((await t.app.inject({ url: `/api/public/blogs/${post.id}` })).statusCode).toBe(200);

          clock.set('2026-11-22T02:00:00Z');
          expect((await setStatus('ARCHIVED')).json().blog.status).toBe('ARCHIVED');
          expect((await t.app.inject({ url: `/api/public/blogs/${post.id}` })).statusCode).toBe(404);
          expect((await setStatus('PUBLISHED')).json().blog.publishedAt).toBe('2026-11-21T02:00:00.000Z');
        } finally {
          clock.set('2026-11-20T03:00:00Z');
        }

        const bad = await setStatus('DELETED');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(BLOG_MSG.statusInvalid);
      });
    });

    describe('bulk actions and delete', () => {
      it('POST /api/blogs/bulk/status changes the listed posts and skips unknown ids', async () => {
        const a = await createPost(t.app, tokens.staff, { status: 'DRAFT' });
        const b = await createPost(t.app, tokens.staff, { status: 'DRAFT' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/blogs/bulk/status',
          headers: as('doctor'),
          payload: { ids: [a.id, b.id, 999999], status: 'PUBLISHED' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, count: 2 });
        for (const id of [a.id, b.id])
          expect((await t.app.inject({ url: `/api/public/blogs/${id}` })).statusCode).toBe(200);

        const empty = await t.app.inject({
          method: 'POST',
          url: '/api/blogs/bulk/status',
          headers: as('doctor'),
          payload: { ids: [], status: 'DRAFT' },
        });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toBe(BLOG_MSG.selectAtLeastOne);
      });

      it('POST /api/blogs/bulk/delete and DELETE /api/blogs/:id remove posts for good', async () => {
        const a = await createPost(t.app, tokens.staff);
        const b = await createPost(t.app, tokens.staff);
        const c = await createPost(t.app, tokens.staff);
        const bulk = await t.app.inject({
          method: 'POST',
          url: '/api/blogs/bulk/delete',
          headers: as('admin'),
          payload: { ids: [a.id, b.id] },
        });
        expect(bulk.json()).toMatchObject({ success: true, count: 2 });
        const one = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${c.id}`, headers: as('admin') });
        expect(one.json()).toEqual({ success: true, message: BLOG_MSG.deleted });
        for (const id of [a.id, b.id, c.id])
          expect((await t.app.inject({ url: `/api/blogs/${id}`, headers: as('admin') })).statusCode).toBe(404);
        expect(
          (await t.app.inject({ method: 'DELETE', url: `/api/blogs/${c.id}`, headers: as('admin') })).statusCode,
        ).toBe(404);
      });
    });

    describe('GET /api/blogs', () => {
      it('pages, searches, filters and sorts on the server, with the stats cards', async () => {
        const tag = `Zq${kind}`;
        await createPost(t.app, tokens.staff, {
          title: `${tag} Alpha`,
          category: 'Tim mạch',
          status: 'PUBLISHED',
          featured: true,
        });
        await createPost(t.app, tokens.staff, { title: `${tag} Beta`, category: 'Tim mạch', status: 'DRAFT' });
        await createPost(t.app, tokens.staff, { title: `${tag} Gamma`, category: 'Thể dục', status: 'ARCHIVED' });
        const list = async (query: string) => {
          const res = await t.app.inject({
            url: `/api/blogs?q=${encodeURIComponent(tag)}&${query}`,
            headers: as('staff'),
          });
          expect(res.statusCode, query).toBe(200);
          return res.json() as {
            items: { title: string }[];
            total: number;
            page: number;
            size: number;
            totalPages: number;
            stats: { total: number; published: number; draft: number; archived: number; featured: number };
          };
        };
        const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title.replace(`${tag} `, ''));

        expect(titles(await list('sort=title-asc'))).toEqual(['Alpha', 'Beta', 'Gamma']);
        expect(titles(await list('sort=title-desc'))).toEqual(['Gamma', 'Beta', 'Alpha']);
        expect(titles(await list('status=DRAFT'))).toEqual(['Beta']);
        expect(titles(await list('category=heart&sort=title-asc'))).toEqual(['Alpha', 'Beta']);
        expect(titles(await list(`category=${encodeURIComponent('Thể dục')}`))).toEqual(['Gamma']);
        expect(titles(await list('featured=true'))).toEqual(['Alpha']);
        const second = await list('sort=title-asc&size=2&page=2');
        expect(second).toMatchObject({ total: 3, page: 2, size: 2, totalPages: 2 });
        expect(titles(second)).toEqual(['Gamma']);

        const { stats } = second;
        expect(stats.total).toBe(stats.published + stats.draft + stats.archived);
        expect(stats.draft).toBeGreaterThanOrEqual(1);
        expect(stats.archived).toBeGreaterThanOrEqual(1);
        expect(stats.featured).toBeGreaterThanOrEqual(1);
      });

      it('sorts titles in Vietnamese order, accented letters with their base letter', async () => {
        const tag = `Xv${kind}`;
        for (const title of [
          'Chương trình tiêm chủng',
          'Căng thẳng và giấc ngủ',
          'Ăn uống khi mang thai',
          'Bầu bí an toàn',
        ]) {
          await createPost(t.app, tokens.staff, { title: `${tag} ${title}`, category: 'Phòng bệnh' });
        }
        const res = await t.app.inject({ url: `/api/blogs?q=${tag}&sort=title-asc`, headers: as('staff') });
        const titles = res.json().items.map((i: { title: string }) => i.title.replace(`${tag} `, ''));
        expect(titles).toEqual([
          'Ăn uống khi mang thai',
          'Bầu bí an toàn',
          'Căng thẳng và giấc ngủ',
          'Chương trình tiêm chủng',
        ]);
      });

      it('finds posts whatever the accents and letter case, and takes % and _ literally', async () => {
        await createPost(t.app, tokens.staff, {
          title: 'Chế độ ăn cho người Tiểu Đường thai kỳ',
          category: 'Tiểu đường',
        });
        const res = await t.app.inject({
          url: `/api/blogs?q=${encodeURIComponent('TIEU DUONG thai')}`,
          headers: as('staff'),
        });
        expect(res.json().items.map((i: { title: string }) => i.title)).toContain(
          'Chế độ ăn cho người Tiểu Đường thai kỳ',
        );
        const wildcard = await t.app.inject({ url: `/api/blogs?q=${encodeURIComponent('%_%')}`, headers: as('staff') });
        expect(wildcard.json().total).toBe(0);
      });

      it('refuses a bad page, sort or filter with 400', async () => {
        for (const query of ['page=0', 'size=500', 'sort=random', 'status=GONE', 'category=sports', 'featured=maybe']) {
          expect((await t.app.inject({ url: `/api/blogs?${query}`, headers: as('staff') })).statusCode, query).toBe(
            400,
          );
        }
      });
    });
  });
}
