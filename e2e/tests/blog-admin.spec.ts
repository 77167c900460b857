import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, snap, test, tokenOf, watchConsole } from './helpers';

/** A valid 1×1 PNG: the server checks an upload by its bytes, so it must be a real image. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openBlogControl(page: Page) {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Control' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Danh sách bài viết' })).toBeVisible();
}

test('staff writes a post with an image, publishes it, and it appears on /blog', async ({ page }, testInfo) => {
  const problems = watchConsole(page);
  const title = `Chăm sóc sức khỏe sinh sản tuổi dậy thì ${Date.now()}`;
  await openBlogControl(page);
  await snap(page, testInfo, 'blog-control');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Thêm bài viết' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Thêm bài viết mới' });
  await expect(dialog.getByLabel('Tác giả')).toHaveValue('Lê Thị Thu Hà');

  // Nothing filled in: the specification's messages, and nothing is sent.
  await dialog.getByRole('button', { name: 'Tạo bài viết' }).click();
  await expect(dialog.getByText('Tiêu đề là bắt buộc')).toBeVisible();

  await dialog.getByLabel('Tiêu đề', { exact: true }).fill(title);
  await expect(dialog.getByText(`${title.length}/200 ký tự`)).toBeVisible();
  await dialog.getByLabel('Tóm tắt').fill('Những thay đổi của cơ thể tuổi dậy thì và cách cha mẹ đồng hành cùng con.');
  await dialog.getByLabel('Danh mục').selectOption('Phòng bệnh');
  await dialog.getByLabel('Thời gian đọc').fill('4 phút');
  await dialog
    .getByLabel('Nội dung', { exact: true })
    .fill(
      '## Những thay đổi thường gặp\n\n- Kinh nguyệt lần đầu\n- Thay đổi **nội tiết**\n\n<script>alert("x")</script>',
    );
  await dialog.getByRole('tab', { name: 'Xem trước' }).click();
  const preview = dialog.getByRole('tabpanel', { name: 'Xem trước' });
  await expect(preview.getByRole('heading', { name: 'Những thay đổi thường gặp' })).toBeVisible();
  await expect(preview.locator('script')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Soạn thảo' }).click();

  await dialog
    .getByLabel('Tải ảnh lên')
    .setInputFiles({ name: 'tuoi-day-thi.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Đã tải hình ảnh lên')).toBeVisible();
  const imagePreview = dialog.getByAltText('Xem trước hình ảnh bài viết');
  await expect(imagePreview).toHaveAttribute('src', /^\/api\/images\/\d+$/);
  const imageUrl = (await imagePreview.getAttribute('src'))!;
  await expect(dialog.getByLabel('Hoặc đường dẫn hình ảnh')).toHaveValue(imageUrl);
  await snap(page, testInfo, 'blog-form-filled');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Tạo bài viết' }).click();
  await expect(page.getByText('Đã tạo bài viết')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The new post is a draft: find it, then publish it from its row.
  await page.getByLabel('Tìm kiếm', { exact: true }).fill(title);
  await expect(page.getByText('Tìm thấy 1 bài viết')).toBeAttached();
  const table = page.getByRole('table', { name: 'Danh sách bài viết' });
  await expect(table.getByText(title)).toBeVisible();
  const status = table.getByRole('combobox', { name: `Trạng thái của bài viết: ${title}` });
  await expect(status).toHaveValue('DRAFT');
  await expect(table.getByRole('link', { name: new RegExp(`Xem bài viết công khai: ${title}`) })).toHaveCount(0);
  await status.selectOption('PUBLISHED');
  await expect(page.getByText('Đã cập nhật trạng thái bài viết')).toBeVisible();
  await expect(status).toHaveValue('PUBLISHED');
  await expect(
    table.locator('tbody tr').filter({ hasText: title }).locator('span', { hasText: 'Đã xuất bản' }),
  ).toBeVisible();
  await snap(page, testInfo, 'blog-published');

  const publicLink = table.getByRole('link', { name: new RegExp(`Xem bài viết công khai: ${title}`) });
  await expect(publicLink).toHaveAttribute('target', '_blank');
  const href = (await publicLink.getAttribute('href'))!;
  expect(href).toMatch(/^\/blog\/\d+$/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), publicLink.click()]);
  await expect(popup).toHaveURL(new RegExp(`${href}$`));
  await expect(popup.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await popup.close();

  // A visitor sees it on /blog, with the uploaded image, and opens it.
  await page.goto('/blog');
  const card = page.getByRole('link', { name: title }).first();
  await expect(card).toBeVisible();
  await expect(page.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();
  await snap(page, testInfo, 'blog-public-list');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Thay đổi nội tiết')).toBeVisible();
  await expect(page.getByText('<script>alert("x")</script>')).toHaveCount(0);
  await snap(page, testInfo, 'blog-public-post');
  expect(problems).toEqual([]);
});

test("the 'Nổi bật' star pressed twice within seconds is two acts: the post ends unfeatured (issue 35)", async ({
  page,
  request,
}, testInfo) => {
  const title = `Nổi bật hai lần ${Date.now()}`;
  const created = await request.post('/api/blogs', {
    headers: { Authorization: `Bearer ${await tokenOf(request, 'staff')}` },
    data: {
      title,
      excerpt: 'Thử ngôi sao nổi bật.',
      author: 'Lê Thị Thu Hà',
      content: 'Bài viết để thử ngôi sao nổi bật.',
      category: 'Phòng bệnh',
      status: 'DRAFT',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openBlogControl(page);
  await page.getByLabel('Tìm kiếm', { exact: true }).fill(title);
  await expect(page.getByText('Tìm thấy 1 bài viết')).toBeAttached();
  const star = page
    .getByRole('table', { name: 'Danh sách bài viết' })
    .getByRole('button', { name: `Nổi bật: ${title}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(page.getByText('Đã đánh dấu bài viết nổi bật')).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  // Again at once: the second press takes the mark away, it is not a repeat of the first.
  await star.click();
  await expect(page.getByText('Đã bỏ đánh dấu nổi bật')).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await page.getByLabel('Tìm kiếm', { exact: true }).fill(title);
  await expect(page.getByText('Tìm thấy 1 bài viết')).toBeAttached();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await snap(page, testInfo, 'blog-star-twice');
});

test('staff rejects a comment in the moderation panel, and visitors no longer see it', async ({
  page,
  request,
}, testInfo) => {
  // A visitor comments on a published post (the public call needs no token).
  const published = await request.get('/api/public/blogs/published?size=1');
  expect(published.ok()).toBeTruthy();
  const post = ((await published.json()) as { items: { id: number; title: string }[] }).items[0]!;
  const visitor = `Khách thử nghiệm ${Date.now()}`;
  const created = await request.post(`/api/comments/blog/${post.id}`, {
    data: { authorName: visitor, content: 'Quảng cáo thuốc không rõ nguồn gốc, liên hệ ngay!' },
  });
  expect(created.status()).toBe(201);

  await openBlogControl(page);
  await page.getByRole('tab', { name: 'Bình luận' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Bình luận' });
  await panel.getByRole('button', { name: /^Đã duyệt/ }).click();
  await expect(panel.getByRole('button', { name: /^Đã duyệt/ })).toHaveAttribute('aria-pressed', 'true');
  const item = panel.getByRole('listitem').filter({ hasText: visitor });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: new RegExp(post.title) })).toHaveAttribute('href', `/blog/${post.id}`);
  await snap(page, testInfo, 'moderation-approved');
  await expectAccessible(page);

  await item.getByRole('button', { name: `Từ chối bình luận của ${visitor}` }).click();
  await expect(page.getByText('Đã từ chối bình luận')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: visitor })).toHaveCount(0);

  await panel.getByRole('button', { name: /^Đã từ chối/ }).click();
  const rejected = panel.getByRole('listitem').filter({ hasText: visitor });
  await expect(rejected).toBeVisible();
  await expect(rejected.getByText('Đã từ chối', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'moderation-rejected');

  const visible = await request.get(`/api/comments/blog/${post.id}?size=50`);
  const body = (await visible.json()) as { comments: { authorName: string }[] };
  expect(body.comments.map((c) => c.authorName)).not.toContain(visitor);
});

test('the Blog Control table becomes a list of cards on a phone @phone-only', async ({ page }, testInfo) => {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Control' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Danh sách bài viết' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, testInfo, 'blog-control-phone');
});
