import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, BLOG_LIMITS, BLOG_MSG } from '@clinic/shared';
import { buildApp, type App } from '../../app';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { createTokenService } from '../../lib/tokens';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { createPost } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';

type Summary = {
  id: number;
  title: string;
  category: string;
  featured: boolean;
  status: string;
  imageUrl: string | null;
};
type Page = { items: Summary[]; total: number; page: number; size: number; totalPages: number };

for (const kind of dbKinds()) {
  describe(`the public blog [${kind}]`, () => {
    let t: TestContext;
    let staff = '';
    // One post of each status, sharing a word no demo post has.
    const word = `Kiwano${kind}`;
    const posts = { published: 0, featured: 0, draft: 0, archived: 0 };

    beforeAll(async () => {
      t = await buildTestApp(kind);
      staff = (await loginAs(t.app, ...DEMO.staff)).token;
      posts.published = (
        await createPost(t.app, staff, { title: `${word} đã xuất bản`, category: 'Ung thư', status: 'PUBLISHED' })
      ).id;
      posts.featured = (
        await createPost(t.app, staff, {
          title: `${word} nổi bật`,
          category: 'Ung thư',
          status: 'PUBLISHED',
          featured: true,
        })
      ).id;
      posts.draft = (
        await createPost(t.app, staff, {
          title: `${word} bản nháp`,
          category: 'Ung thư',
          status: 'DRAFT',
          featured: true,
        })
      ).id;
      posts.archived = (
        await createPost(t.app, staff, {
          title: `${word} lưu trữ`,
          category: 'Ung thư',
          status: 'ARCHIVED',
          featured: true,
        })
      ).id;
    });
    afterAll(async () => t?.close());

    const get = async <T>(url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      return res.json() as T;
    };

    describe('drafts and archived posts are never public', () => {
      it('GET /api/public/blogs/{id} serves a published post and answers 404 "Không tìm thấy bài viết" for the others', async () => {
        const ok = await t.app.inject({ url: `/api/public/blogs/${posts.published}` });
        expect(ok.json()).toMatchObject({ id: posts.published, status: 'PUBLISHED', content: expect.any(String) });
        for (const id of [posts.draft, posts.archived, 999999]) {
          const res = await t.app.inject({ url: `/api/public/blogs/${id}` });
          expect(res.statusCode, String(id)).toBe(404);
          expect(res.json()).toMatchObject({ statusCode: 404, message: BLOG_MSG.notFound, error: BLOG_MSG.notFound });
        }
      });

      it('lists, features and finds only published posts', async () => {
        const listed = await get<Page>(`/api/public/blogs/published?q=${word}&size=50`);
        expect(listed.items.map((p) => p.id).sort()).toEqual([posts.published, posts.featured].sort());
        const found = await get<Page>(`/api/public/blogs/search?q=${word}`);
        expect(found.items.map((p) => p.id).sort()).toEqual([posts.published, posts.featured].sort());
        const featured = await get<Summary[]>('/api/public/blogs/featured?size=50');
        expect(featured.map((p) => p.id)).toContain(posts.featured);
        expect(featured.map((p) => p.id)).not.toContain(posts.draft);
        expect(featured.map((p) => p.id)).not.toContain(posts.archived);
        expect(featured.every((p) => p.featured && p.status === 'PUBLISHED')).toBe(true);
      });

      it('answers 400 "ID bài viết không hợp lệ" to an id that is not a number', async () => {
        for (const id of ['abc', '12abc', '0', '1e2', '%20']) {
          const res = await t.app.inject({ url: `/api/public/blogs/${id}` });
          expect(res.statusCode, id).toBe(400);
          expect(res.json().message).toBe(BLOG_MSG.invalidId);
        }
      });
    });

    describe('GET /api/public/blogs/published', () => {
      it('pages newest first, six by default, and filters by category chip and featured', async () => {
        const first = await get<Page>('/api/public/blogs/published');
        expect(first).toMatchObject({ page: 1, size: 6 });
        expect(first.items).toHaveLength(6);
        expect(first.totalPages).toBe(Math.ceil(first.total / 6));
        const second = await get<Page>('/api/public/blogs/published?page=2');
        expect(second.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
        expect((first.items as unknown as Record<string, unknown>[]).every((p) => !('content' in p))).toBe(true);

        const cancer = await get<Page>('/api/public/blogs/published?category=cancer&size=50');
        expect(cancer.items.length).toBeGreaterThanOrEqual(2);
        expect(cancer.items.every((p) => p.category === 'Ung thư')).toBe(true);
        const all = await get<Page>('/api/public/blogs/published?category=all&size=1');
        expect(all.total).toBe(first.total);
        const notFeatured = await get<Page>('/api/public/blogs/published?featured=false&size=50');
        expect(notFeatured.items.map((p) => p.id)).toContain(posts.published);
        expect(notFeatured.items.map((p) => p.id)).not.toContain(posts.featured);
        expect(notFeatured.items.every((p) => !p.featured)).toBe(true);

        const bad = await t.app.inject({ url: '/api/public/blogs/published?category=sports' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(BLOG_MSG.categoryInvalid);
      });

      it('reaches every published post from /blog once: every featured post in the featured block, the others in the grid', async () => {
        for (let i = 0; i < 4; i++)
          await createPost(t.app, staff, {
            title: `${word} thêm nổi bật ${i}`,
            category: 'Phòng bệnh',
            status: 'PUBLISHED',
            featured: true,
          });
        const block = await get<Summary[]>(`/api/public/blogs/featured?size=${BLOG_LIMITS.featuredBlock}`);
        const grid = await get<Page>('/api/public/blogs/published?afterFeatured=true&size=50');
        const all = await get<Page>('/api/public/blogs/published?size=50');
        expect(block.every((p) => p.featured)).toBe(true);
        expect(block.length).toBeGreaterThanOrEqual(4);
        expect(grid.items.some((p) => p.featured)).toBe(false);
        // None lost, none twice.
        const shown = [...block.map((p) => p.id), ...grid.items.map((p) => p.id)];
        expect(new Set(shown).size).toBe(shown.length);
        expect(grid.total + block.length).toBe(all.total);
        expect(all.items.map((p) => p.id).sort()).toEqual([...shown].sort());
      });

      it('searches without accents and an empty search lists everything', async () => {
        const found = await get<Page>(`/api/public/blogs/search?q=${encodeURIComponent('tram cam sau sinh')}`);
        expect(found.items.map((p) => p.title)).toContain('Trầm cảm sau sinh: nhận biết sớm để không ai phải một mình');
        const none = await get<Page>(
          `/api/public/blogs/search?q=${encodeURIComponent('không có bài nào như thế này')}`,
        );
        expect(none).toMatchObject({ items: [], total: 0 });
        expect((await get<Page>('/api/public/blogs/search?q=')).total).toBe(
          (await get<Page>('/api/public/blogs/published')).total,
        );
      });
    });

    describe('demo content', () => {
      it('has at least ten published posts across the six categories, some featured, each with a served image', async () => {
        const page = await get<Page>('/api/public/blogs/published?size=50');
        const demo = page.items.filter((p) => !p.title.startsWith(word));
        expect(demo.length).toBeGreaterThanOrEqual(10);
        expect(new Set(demo.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
        expect(demo.some((p) => p.featured)).toBe(true);
        for (const post of demo) {
          expect(post.imageUrl, post.title).toMatch(/^\/api\/images\/\d+$/);
          const image = await t.app.inject({ url: post.imageUrl! });
          expect(image.statusCode).toBe(200);
          expect(image.headers['content-type']).toBe('image/png');
        }
        const screening = demo.find((p) => p.title.startsWith('Tầm soát ung thư cổ tử cung'))!;
        const discussion = await get<{
          comments: { authorName: string; likeCount: number; replies: unknown[] }[];
          count: number;
        }>(`/api/comments/blog/${screening.id}`);
        expect(discussion.count).toBe(4);
        expect(discussion.comments.some((c) => c.replies.length > 0 && c.likeCount > 0)).toBe(true);
        expect(discussion.comments.map((c) => c.authorName)).not.toContain('Khuyến mãi 24h');

        const admin = await loginAs(t.app, ...DEMO.admin);
        const all = await t.app.inject({ url: '/api/blogs?size=50', headers: bearer(admin.token) });
        const demoDrafts = all
          .json()
          .items.filter((p: Summary) => !p.title.startsWith(word) && p.status !== 'PUBLISHED');
        expect(demoDrafts.map((p: Summary) => p.status).sort()).toEqual(['ARCHIVED', 'DRAFT']);
      });
    });

    describe('GET /sitemap.xml and /robots.txt', () => {
      it('lists the public pages and every published post, by absolute address on the configured origin', async () => {
        const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'phongkham.example.vn' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        const xml = res.body;
        expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
        for (const path of [
          '/',
          '/about',
          '/services',
          '/appointment',
          '/blog',
          `/blog/${posts.published}`,
          `/blog/${posts.featured}`,
        ]) {
          expect(xml).toContain(`<loc>${t.config.publicUrl}${path}</loc>`);
        }
        expect(xml).not.toContain(`/blog/${posts.draft}<`);
        expect(xml).not.toContain(`/blog/${posts.archived}<`);
        expect(xml).not.toContain('/admin');
      });

      // Issue 29: a cache keeps these for every visitor, so a caller's Host must not reach them.
      it('takes nothing from the Host or X-Forwarded-Host header', async () => {
        for (const headers of [
          { host: 'evil.example' },
          { host: 'evil.example"><script>x</script>' },
          { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        ]) {
          for (const url of ['/sitemap.xml', '/robots.txt']) {
            const res = await t.app.inject({ url, headers });
            expect(res.body, url).not.toContain('evil');
            expect(res.body, url).toContain(`${t.config.publicUrl}/`);
          }
        }
        expect(t.config.publicUrl).toBe('http://localhost:3000');
      });

      it('lets crawlers in, keeps them out of private pages, and points to the sitemap', async () => {
        const res = await t.app.inject({ url: '/robots.txt', headers: { host: 'phongkham.example.vn' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toContain('User-agent: *');
        expect(res.body).toContain('Disallow: /admin');
        expect(res.body).toContain('Disallow: /my-appointments');
        // The sign-in page is a public page a patient searches for: a crawler may read it.
        expect(res.body).not.toContain('Disallow: /login');
        expect(res.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
      });
    });

    describe('GET /blog/{id}: link previews', () => {
      let web: App;
      const dist = mkdtempSync(join(tmpdir(), 'clinic-web-'));
      writeFileSync(
        join(dist, 'index.html'),
        '<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><title>An Tâm</title>\n<meta name="description" content="Trang chủ" /></head><body><div id="root"></div></body></html>',
      );
      beforeAll(async () => {
        web = await buildApp(
          {
            config: t.config,
            database: t.testDb.database,
            clock: t.clock,
            limiter: createMemoryRateLimiter(),
            tokens: createTokenService(t.config.jwtSecret),
          },
          { webDist: dist },
        );
      });
      afterAll(async () => web?.close());

      it("puts a published post's title, description and image in the page, escaped", async () => {
        const post = await createPost(t.app, staff, {
          title: '</title><script>alert(1)</script> & "Sức khỏe"',
          excerpt: '"><img src=x onerror=alert(2)> Tóm tắt',
          imageUrl: '/api/images/1',
        });
        const res = await web.inject({ url: `/blog/${post.id}`, headers: { host: 'phongkham.example.vn' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const html = res.body;
        expect(html).not.toContain('<script>alert(1)');
        expect(html).not.toContain('<img src=x');
        expect(html.match(/<title>/g)).toHaveLength(1);
        expect(html).toContain(
          '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Sức khỏe&quot; | An Tâm Clinic</title>',
        );
        expect(html).toContain(
          '<meta name="description" content="&quot;&gt;&lt;img src=x onerror=alert(2)&gt; Tóm tắt" />',
        );
        expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}/api/images/1" />`);
        expect(html).toContain(`<meta property="og:url" content="${t.config.publicUrl}/blog/${post.id}" />`);
        expect(html).not.toContain('phongkham.example.vn');
        expect(html).not.toContain('Trang chủ');
        expect(html).toContain('<div id="root"></div>');
      });

      it('serves the plain page for a draft, an unknown post or a bad id', async () => {
        for (const url of [`/blog/${posts.draft}`, '/blog/999999', '/blog/abc']) {
          const res = await web.inject({ url });
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).toContain('<title>An Tâm</title>');
          expect(res.body, url).not.toContain(word);
        }
      });
    });
  });
}
