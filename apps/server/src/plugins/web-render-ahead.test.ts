import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../test/build-app';
import { dbKinds } from '../../test/databases';

// The server's half of the public pages rendered ahead (issue 12): where the page goes, what is
// kept and for how long, what is left to the browser. The web build's real entry (entry-server.tsx)
// is tested in apps/web and in Chromium; here a small entry with the same contract stands beside a
// small build, and reads a post through the server's own handler as the real one does.

const ENTRY = `
let renders = 0;
globalThis.renderedAhead = () => renders;
export function rendersAhead(path) {
  return path === '/' || path === '/boom' || /^\\/blog\\/[0-9]+$/.test(path);
}
export function createRenderer({ fetch, timeZone }) {
  return async (path) => {
    renders += 1;
    if (path === '/boom') throw new Error('a component failed');
    const post = /^\\/blog\\/([0-9]+)$/.exec(path);
    if (!post) {
      return {
        html: '<link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/><main><h1>Trang chủ</h1><p>' + timeZone + '</p></main>',
        state: JSON.stringify({ note: '</script><script>alert(1)</script>' }),
        head: { title: 'Trang chủ <An Tâm> | An Tâm Clinic', description: 'Khám "phụ khoa" & sản khoa' },
      };
    }
    const res = await fetch('/api/public/blogs/' + post[1], { method: 'GET', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const blog = await res.json();
    return { html: '<article><h1>' + blog.title + '</h1></article>', state: JSON.stringify({ id: blog.id }) };
  };
}
`;

function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'clinic-web-ahead-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(join(root, 'dist-ssr'));
  // A page of a real build's size is compressed; a tiny one would not be.
  const styles = `<style>${'.a{color:red}'.repeat(200)}</style>`;
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Clinic</title>\n<meta\n  name="description"\n  content="Phòng khám"\n/>' +
      styles +
      '</head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
  return dist;
}

const renders = () => (globalThis as unknown as { renderedAhead: () => number }).renderedAhead();
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];

for (const kind of dbKinds()) {
  describe(`public pages rendered ahead by the server [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind, { build: { webDist: webBuild() } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('puts the page inside the root, its answers beside it as JSON that cannot close the script, and its preloads in the head', async () => {
      const res = await t.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(rootOf(res.body)).toBe('<main><h1>Trang chủ</h1><p>Asia/Ho_Chi_Minh</p></main>');
      expect(res.body).toContain('<link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/></head>');
      const state = /<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
      expect(state).not.toContain('</script>');
      expect(JSON.parse(state)).toEqual({ note: '</script><script>alert(1)</script>' });
      expect(res.body.match(/<\/script>/g)).toHaveLength(2);
      // The page's own title and description, escaped, in place of the build's.
      expect(res.body).toContain('<title>Trang chủ &lt;An Tâm&gt; | An Tâm Clinic</title>');
      expect(res.body).toContain('<meta name="description" content="Khám &quot;phụ khoa&quot; &amp; sản khoa" />');
      expect(res.body).not.toContain('Phòng khám"');
    });

    it('sends the page compressed as the browser accepts it (br, else gzip; a q of 0 refuses)', async () => {
      const plain = (await t.app.inject({ url: '/' })).body;
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
      ] as const) {
        const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString('utf8'), accept).toBe(plain);
      }
      const identity = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain);
    });

    it('draws a page once, and leaves an address with a query, a page not rendered ahead and a failed render to the browser', async () => {
      await t.app.inject({ url: '/' });
      const before = renders();
      expect((await t.app.inject({ url: '/' })).body).toContain('Trang chủ');
      expect(renders()).toBe(before);

      for (const url of ['/?utm_source=zalo', '/admin/bookings', '/boom', '/blog/999999']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).not.toContain('query-state');
      }
    });

    it('draws a post again when a comment is written on it, and keeps every other page as it was', async () => {
      const list = await t.app.inject({ url: '/api/public/blogs/published?page=1&size=1' });
      const id = (list.json().items as { id: number }[])[0]!.id;
      await t.app.inject({ url: '/' });
      await t.app.inject({ url: `/blog/${id}` });
      const kept = renders();

      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/comments/blog/${id}`,
        payload: { authorName: 'Lan', content: 'Cảm ơn bác sĩ' },
        remoteAddress: '10.9.0.1',
      });
      expect(comment.statusCode, comment.body).toBe(201);
      // The post's page is drawn anew (its first comments are part of it)...
      await expect
        .poll(async () => (await t.app.inject({ url: `/blog/${id}` }), renders()), { timeout: 5000 })
        .toBe(kept + 1);
      // ...the home page, which shows no comment, is served as it was kept.
      await t.app.inject({ url: '/' });
      expect(renders()).toBe(kept + 1);
    });

    it('serves a post with its new title as soon as it is edited, in every process (the database announces the write)', async () => {
      const list = await t.app.inject({ url: '/api/public/blogs/published?page=1&size=1' });
      const id = (list.json().items as { id: number }[])[0]!.id;
      const post = (await t.app.inject({ url: `/api/public/blogs/${id}` })).json();
      expect(rootOf((await t.app.inject({ url: `/blog/${id}` })).body)).toBe(
        `<article><h1>${post.title}</h1></article>`,
      );
      const kept = renders();
      await t.app.inject({ url: `/blog/${id}` });
      expect(renders()).toBe(kept);

      const { token } = await loginAs(t.app, ...DEMO.admin);
      const title = `${post.title} (đã cập nhật)`;
      const { id: _id, ...fields } = post as Record<string, unknown>;
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/blogs/${id}`,
        headers: bearer(token),
        payload: {
          title,
          excerpt: fields.excerpt,
          content: fields.content,
          category: fields.category,
          author: fields.author,
          readTime: fields.readTime,
          imageUrl: fields.imageUrl,
        },
      });
      expect(update.statusCode, update.body).toBe(200);
      await expect
        .poll(async () => rootOf((await t.app.inject({ url: `/blog/${id}` })).body), { timeout: 5000 })
        .toBe(`<article><h1>${title}</h1></article>`);
    });
  });
}
