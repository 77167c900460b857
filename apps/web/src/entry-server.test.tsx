// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBlog, makePosts, pageOf } from '@/features/blogs/testing/make-blog';
import { makeComment } from '@/features/comments/testing/fake-comments-server';
import { createRenderer, rendersAhead } from './entry-server';

// The server draws the public pages ahead (entry-server.tsx), as the server process runs it: no
// document, no storage. That the browser hydrates them without a mismatch is checked in Chromium
// (e2e/tests/rendered-ahead.spec.ts). Like the component tests, it runs on Preact, as the built site does.

const post = makeBlog({
  id: 7,
  title: 'Khám phụ khoa định kỳ: những điều cần biết',
  content: 'Nội dung **bài viết** về [sức khỏe](https://who.int).',
});
const featured = makePosts(3, 1, { featured: true });
const departments = [
  { code: 'GYNECOLOGY', departmentName: 'Khoa Phụ khoa', specialtyName: 'Phụ khoa' },
  { code: 'FERTILITY', departmentName: 'Khoa Hiếm muộn', specialtyName: 'Hiếm muộn' },
];
const answer = makeComment({ id: 32, blogId: 7, parentId: 31, authorName: 'Đặng Thanh Hương', authorRole: 'DOCTOR' });
const comment = makeComment({
  id: 31,
  blogId: 7,
  authorName: 'Mẹ bé Na',
  content: 'Cảm ơn bác sĩ, bài rất dễ hiểu.',
  replies: [answer],
});
const comments = { success: true, comments: [comment], count: 2, total: 1, page: 1, size: 10, totalPages: 1 };
const requests: string[] = [];
const failures: string[] = [];

/** The API as the server's own handler answers it. */
async function api(url: string): Promise<Response> {
  requests.push(url);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url.startsWith('/api/public/blogs/7')) return json(post);
  if (url.startsWith('/api/comments/blog/7?')) return json(comments);
  if (url.startsWith('/api/public/blogs/featured')) return json(featured);
  if (url.startsWith('/api/public/blogs/published')) return json(pageOf(makePosts(6, 4), 1, 9));
  if (url.startsWith('/api/appointments/public/departments')) return json(departments);
  return json({ statusCode: 404, message: 'Không tìm thấy bài viết' }, 404);
}

let render: ReturnType<typeof createRenderer>;
beforeAll(() => {
  render = createRenderer({
    fetch: (url) => api(url),
    timeZone: 'Asia/Ho_Chi_Minh',
    onError: (_error, path) => failures.push(path),
  });
});

describe('a public page the server renders ahead', () => {
  it('holds a post whole: its title, its Markdown drawn, its comments, and the answers it was drawn from for the browser', async () => {
    const page = (await render('/blog/7'))!;
    expect(page.html).toMatch(new RegExp(`<h1[^>]*>${post.title}</h1>`));
    // Whole and in place: no boundary left for a script to fill (the CSP runs no inline script).
    expect(page.html).not.toMatch(/<script|<!--\$[?!]-->|<template/);
    expect(page.html).toMatch(/<strong[^>]*>bài viết<\/strong>/);
    // On the server every absolute link opens apart.
    expect(page.html).toMatch(/<a href="https:\/\/who.int"[^>]*target="_blank"/);
    const state = JSON.parse(page.state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    // The first page of comments is read by every visitor alike: it is in the first answer too.
    expect(page.html).toContain('Mẹ bé Na');
    expect(page.html).toContain(comment.content);
    // The clinic's mark on its doctor's answer, from her account's role (issue 34), in the first answer too.
    expect(page.html).toContain('Bác sĩ của phòng khám');
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['blogs', 'public', 'detail', 7],
      ['comments', 'blog', 7],
    ]);
    expect(state.queries[0]!.state.data).toEqual(post);
    expect(state.queries[1]!.state.data).toMatchObject({ pages: [comments] });
  });

  it('holds the blog list with the featured posts and the first page after them', async () => {
    const page = (await render('/blog'))!;
    for (const p of [...featured, ...makePosts(6, 4)]) expect(page.html).toContain(p.title);
    expect(requests.some((url) => url.includes('afterFeatured=true'))).toBe(true);
  });

  it('holds the booking form with the departments, and every page signed out, the header offering to sign in', async () => {
    const page = (await render('/appointment'))!;
    expect(page.html).toContain('Khoa Hiếm muộn');
    expect(page.html).toContain('Họ và tên');
    const home = (await render('/'))!;
    expect(home.html).toContain('Đăng nhập');
    expect(home.html).toContain('<h1');
    for (const path of ['/about', '/services', '/login']) expect((await render(path))?.html, path).toContain('<h1');
    // Each page's own title and description, for the HTML's head (usePageTitle, whose effects never run here).
    expect(page.head.title).toBe('Đặt lịch khám | An Tâm Clinic');
    expect((await render('/blog/7'))!.head.title).toBe(`${post.title} | An Tâm Clinic`);
    expect((await render('/about'))!.head).toMatchObject({
      title: expect.stringMatching(/ \| An Tâm Clinic$/),
      description: expect.any(String),
    });
    for (const html of [page.html, home.html]) expect(html).not.toMatch(/<script|<!--\$[?!]-->|<template/);
  });

  it('is not drawn when one of its reads fails, nor for an address it does not render', async () => {
    expect(await render('/blog/8')).toBeNull();
    for (const path of ['/admin', '/my-appointments', '/appointment/manage/abc', '/blog/0', '/blog/abc']) {
      expect(rendersAhead(path), path).toBe(false);
      expect(await render(path), path).toBeNull();
    }
    expect(failures).toEqual([]);
  });
});
