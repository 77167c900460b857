import { expect, type APIRequestContext } from '@playwright/test';
import { snap, test, tokenOf, watchConsole } from './helpers';

// Issue 12: the public pages come rendered in the first HTML answer, so a phone paints them before
// any script has run, a search engine reads them, and the browser hydrates them on the visitor's
// first sign of intent (src/boot.ts), keeping what she typed meanwhile.

type Post = {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  readTime: string | null;
  imageUrl: string | null;
};

async function firstPublishedPost(request: APIRequestContext): Promise<Post> {
  const list = await request.get('/api/public/blogs/published?page=1&size=1');
  expect(list.status()).toBe(200);
  const [summary] = ((await list.json()) as { items: { id: number }[] }).items;
  const post = await request.get(`/api/public/blogs/${summary!.id}`);
  return (await post.json()) as Post;
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the blog, a post and the booking form paint from the first HTML answer @phone', async ({
    page,
    request,
  }, testInfo) => {
    const post = await firstPublishedPost(request);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('115');
    // The notice says what still needs JavaScript, not that the site does.
    // (Locators do not read inside <noscript>; the page's own markup does.)
    expect(await page.content()).toContain(
      'bạn vẫn đọc được các trang, nhưng cần bật JavaScript để đặt lịch khám và đăng nhập',
    );
    await snap(page, testInfo, 'home-without-javascript');

    for (const path of ['/about', '/services']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }

    await page.goto('/blog');
    await expect(page.getByRole('link', { name: post.title }).first()).toBeVisible();
    await snap(page, testInfo, 'blog-without-javascript');

    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByRole('article', { name: post.title })).toContainText(post.excerpt.slice(0, 20));

    await page.goto('/appointment');
    await expect(page.getByLabel(/Khoa khám/).locator('option', { hasText: 'Khoa Phụ khoa' })).toHaveCount(1);
    await snap(page, testInfo, 'appointment-without-javascript');

    await page.goto('/login');
    await expect(page.getByLabel('Username hoặc Email')).toBeVisible();
  });
});

test('a page rendered ahead hydrates without a mismatch and answers at once @phone', async ({ page, request }) => {
  const problems = watchConsole(page);
  const post = await firstPublishedPost(request);
  for (const path of ['/', '/about', '/services', '/blog', `/blog/${post.id}`, '/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('banner').or(page.getByRole('main')).first(), path).toBeVisible();
  }
  // The booking form works once hydrated: an empty submit shows the specification's messages.
  await page.goto('/appointment');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();
  await expect(page.getByText('Vui lòng điền đầy đủ thông tin bắt buộc').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a post rendered ahead hydrates without downloading the Markdown renderer; a post opened from the list draws its Markdown @phone', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  const post = await firstPublishedPost(request);
  await page.goto(`/blog/${post.id}`);
  await page.waitForLoadState('networkidle');
  const article = page.getByRole('article');
  const strong = article.locator('strong').first();
  await expect(strong).toBeVisible();
  expect([...problems, ...scripts.filter((url) => /markdown-renderer/.test(url))]).toEqual([]);

  // A pointer over the page makes it live: back to the list and into another post, drawn in the browser.
  await page.mouse.move(20, 200);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await page.getByRole('link', { name: 'Quay lại Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const other = page.locator(`a[href^="/blog/"]:not([href="/blog/${post.id}"])`).first();
  await other.click();
  await expect(page.getByRole('article').locator('p').nth(1)).toBeVisible();
  expect(scripts.some((url) => /markdown-renderer/.test(url))).toBe(true);
  expect(problems).toEqual([]);
});

test('a post edited in Blog Control is served with its new title at once, and a post not published is not rendered', async ({
  request,
}) => {
  const post = await firstPublishedPost(request);
  const token = await tokenOf(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const newTitle = `${post.title} (cập nhật ${Date.now()})`;
  const update = (title: string) =>
    request.put(`/api/blogs/${post.id}`, {
      headers,
      data: {
        title,
        excerpt: post.excerpt,
        content: post.content,
        category: post.category,
        author: post.author,
        readTime: post.readTime,
        imageUrl: post.imageUrl,
      },
    });

  const before = await (await request.get(`/blog/${post.id}`)).text();
  expect(before).toContain('id="query-state"');
  try {
    expect((await update(newTitle)).status()).toBe(200);
    await expect
      .poll(async () => {
        const html = await (await request.get(`/blog/${post.id}`)).text();
        return /<div id="root">[\s\S]*<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      })
      .toBe(newTitle);
  } finally {
    await update(post.title);
  }

  const missing = await (await request.get('/blog/999999')).text();
  expect(missing).toContain('<div id="root"></div>');
});

test('a public page runs no script of the app until the visitor does something, then hydrates in place @phone', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Only the small first script: the page is read, scrolled and followed by its links without the app.
  expect(scripts).toHaveLength(1);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  const heading = page.getByRole('heading', { level: 1 });
  await heading.evaluate((el) => ((el as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true));

  await page.mouse.move(50, 300);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  expect(scripts.length).toBeGreaterThan(1);
  // Hydrated, not drawn again: the server's heading is the one on the page.
  expect(await heading.evaluate((el) => (el as HTMLElement & { drawnByServer?: boolean }).drawnByServer)).toBe(true);
  expect(problems).toEqual([]);
});

test('what a visitor types and presses before the app has arrived is kept and acted on @phone', async ({ page }) => {
  const problems = watchConsole(page);
  // A slow line: the app's main module arrives only when the test lets it.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/appointment');
  await page.getByLabel('Họ và tên').fill('Lê Thị Hạnh');
  await page.getByLabel('Số điện thoại').fill('0912 345 678');
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // Her values survived the hydration, and the press was answered: the fields still missing are named.
  await expect(page.getByLabel('Họ và tên')).toHaveValue('Lê Thị Hạnh');
  await expect(page.getByLabel('Số điện thoại')).toHaveValue('0912 345 678');
  await expect(page.getByText('Vui lòng điền đầy đủ thông tin bắt buộc').first()).toBeVisible();
  await expect(page.getByLabel('Họ và tên')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Khoa khám')).toHaveAttribute('aria-invalid', 'true');
  // Nothing went to the address bar: the form was not sent by the browser on its own.
  expect(new URL(page.url()).search).toBe('');
  expect(problems).toEqual([]);
});

test('a value the browser fills in by itself (autofill) starts the app and is kept @phone', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  // Autofill writes the field and sends `input`, with no touch, key or focus before it.
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
    field.value = 'patient';
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue('patient');
  expect(problems).toEqual([]);
});
