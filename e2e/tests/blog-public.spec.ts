import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, signIn, snap, test, watchConsole } from './helpers';

// Relies on the demo seed: published posts in every category, some featured, a few comments.
const EXERCISE_POST = 'Vận động an toàn khi mang thai';
const CANCER_POST = 'Tầm soát ung thư cổ tử cung: xét nghiệm Pap, HPV và lịch khám phù hợp';
const PCOS_POST = 'Hội chứng buồng trứng đa nang và nguy cơ tiểu đường type 2';

/** Any alert() a comment managed to run would fail the test. */
function failOnDialog(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
}

function postsGrid(page: Page) {
  return page.getByRole('region', { name: /Bài viết mới nhất|Chủ đề:|Kết quả tìm kiếm/ });
}

test('a visitor filters by category, searches, opens a post, comments, replies and reacts', async ({
  page,
}, testInfo) => {
  failOnDialog(page);
  const problems = watchConsole(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog sức khỏe' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bài viết nổi bật' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tất cả' })).toHaveAttribute('aria-pressed', 'true');
  await snap(page, testInfo, 'blog-list');

  // Filter by a category: the address keeps it, and the back button undoes it.
  await page.getByRole('button', { name: 'Thể dục' }).click();
  await expect(page).toHaveURL(/\/blog\?category=exercise$/);
  await expect(page.getByRole('button', { name: 'Thể dục' })).toHaveAttribute('aria-pressed', 'true');
  await expect(postsGrid(page).getByRole('link', { name: EXERCISE_POST })).toBeVisible();
  await expect(postsGrid(page).getByRole('link', { name: CANCER_POST })).toHaveCount(0);
  for (const badge of await postsGrid(page).getByRole('article').all()) await expect(badge).toContainText('Thể dục');
  await snap(page, testInfo, 'blog-category');
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Tất cả' })).toHaveAttribute('aria-pressed', 'true');

  // Search, without accents.
  await page.getByRole('searchbox', { name: 'Tìm kiếm bài viết' }).fill('buong trung da nang');
  await expect(page).toHaveURL(/q=buong/);
  await expect(page.getByRole('heading', { level: 2, name: 'Kết quả tìm kiếm' })).toBeVisible();
  await expect(postsGrid(page).getByRole('link', { name: PCOS_POST })).toBeVisible();
  await snap(page, testInfo, 'blog-search');

  // Open the post.
  await postsGrid(page).getByRole('link', { name: PCOS_POST }).click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: PCOS_POST })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(PCOS_POST.slice(0, 20)));
  const article = page.getByRole('article', { name: PCOS_POST });
  await expect(article.getByText('Tiểu đường', { exact: true })).toBeVisible();
  await expect(article.locator('img').first()).toHaveJSProperty('complete', true);

  // Comment: the form's rules first, then a comment whose markup stays text.
  const stamp = Date.now().toString(36);
  const visitor = `Khách ${stamp}`;
  const form = page.getByRole('form', { name: 'Viết bình luận' });
  await form.getByRole('button', { name: 'Gửi bình luận' }).click();
  await expect(form.getByText('Vui lòng nhập tên của bạn')).toBeVisible();
  await expect(form.getByText('Vui lòng nhập nội dung bình luận')).toBeVisible();
  await form.getByLabel('Tên của bạn').fill(visitor);
  const text = `Cảm ơn bác sĩ <script>alert(1)</script> ${stamp}`;
  await form.getByLabel('Nội dung bình luận').fill(text);
  await expect(form.getByText(`${text.length}/1000`)).toBeVisible();
  await form.getByRole('button', { name: 'Gửi bình luận' }).click();
  const comment = page.getByRole('article', { name: visitor });
  await expect(comment.getByText(text)).toBeVisible();
  await expect(form.getByLabel('Nội dung bình luận')).toHaveValue('');

  // Reply: both fields are needed.
  await comment.getByRole('button', { name: 'Trả lời' }).click();
  const replyForm = page.getByRole('form', { name: `Trả lời ${visitor}` });
  await replyForm.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(replyForm.getByText('Vui lòng nhập đầy đủ thông tin')).toBeVisible();
  // A visitor cannot answer as a doctor: the title is kept for the clinic's signed-in people.
  await replyForm.getByLabel('Tên của bạn').fill(`BS. Trả lời ${stamp}`);
  await replyForm.getByLabel('Nội dung trả lời').fill('Chào bạn, bạn nên đi khám định kỳ nhé.');
  await replyForm.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(
    page.getByText('Tên này dành cho bác sĩ và nhân viên phòng khám. Vui lòng dùng tên của bạn.'),
  ).toBeVisible();
  const neighbour = `Người trả lời ${stamp}`;
  await replyForm.getByLabel('Tên của bạn').fill(neighbour);
  await replyForm.getByRole('button', { name: 'Gửi trả lời' }).click();
  const replies = page.getByRole('list', { name: `Trả lời bình luận của ${visitor}` });
  await expect(replies.getByRole('article', { name: neighbour })).toBeVisible();

  // React: like, like again removes it, dislike moves it; the server remembers this visitor.
  const like = comment.getByRole('button', { name: /^Thích/ });
  const dislike = comment.getByRole('button', { name: /^Không thích/ });
  await expect(like).toHaveAccessibleName('Thích 0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Thích 1');
  await expect(like).not.toHaveAttribute('aria-disabled');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Thích 1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Thích 0');
  await expect(like).not.toHaveAttribute('aria-disabled');
  await like.click();
  await expect(like).not.toHaveAttribute('aria-disabled');
  await dislike.click();
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(dislike).toHaveAccessibleName('Không thích 1');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Thích 0');
  await snap(page, testInfo, 'blog-post-comments');
  expect(problems).toEqual([]);
});

/** A fresh comment on a published post, opened as a visitor: its like and dislike buttons. */
async function openNewComment(page: Page, request: APIRequestContext) {
  const posts = (await (await request.get('/api/public/blogs/published?category=heart')).json()) as {
    items: { id: number }[];
  };
  const post = posts.items[0]!;
  const name = `Phản hồi ${Date.now().toString(36)}`;
  const created = await request.post(`/api/comments/blog/${post.id}`, {
    data: { authorName: name, content: 'Bài viết rất hữu ích.' },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/blog/${post.id}`);
  const comment = page.getByRole('article', { name });
  return {
    like: comment.getByRole('button', { name: /^Thích/ }),
    dislike: comment.getByRole('button', { name: /^Không thích/ }),
  };
}

test("'Thích' tapped twice within seconds leaves no like after a reload (issue 35)", async ({ page, request }) => {
  const { like } = await openNewComment(page, request);
  await expect(like).toHaveAccessibleName('Thích 0');
  await like.click();
  await expect(like).toHaveAccessibleName('Thích 1');
  await expect(like).not.toHaveAttribute('aria-disabled');
  await like.click();
  await expect(like).toHaveAccessibleName('Thích 0');
  await expect(like).not.toHaveAttribute('aria-disabled');

  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Thích 0');
});

test("'Thích', 'Không thích', 'Thích' in quick succession: the server keeps the like and the counts (issue 35)", async ({
  page,
  request,
}, testInfo) => {
  const { like, dislike } = await openNewComment(page, request);
  await expect(like).toHaveAccessibleName('Thích 0');
  // Each tap as soon as the one before is answered (a tap while one is on its way is not taken).
  for (const [button, name] of [
    [like, 'Thích 1'],
    [dislike, 'Không thích 1'],
    [like, 'Thích 1'],
  ] as const) {
    await button.click();
    await expect(button).toHaveAccessibleName(name);
    await expect(button).not.toHaveAttribute('aria-disabled');
  }
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Thích 1');
  await expect(dislike).toHaveAccessibleName('Không thích 0');
  await expect(like).not.toHaveAttribute('aria-disabled');
  await expect(dislike).not.toHaveAttribute('aria-disabled');

  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Thích 1');
  await expect(dislike).toHaveAttribute('aria-pressed', 'false');
  await expect(dislike).toHaveAccessibleName('Không thích 0');
  await snap(page, testInfo, 'comment-like-dislike-like');
});

test('a missing post says so with a way back, and a bad id is refused', async ({ page }) => {
  await page.goto('/blog/999999');
  await expect(page.getByText('Không tìm thấy bài viết')).toBeVisible();
  await page.goto('/blog/abc');
  await expect(page.getByText('ID bài viết không hợp lệ')).toBeVisible();
  await page.getByRole('link', { name: 'Quay lại Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('staff can delete a comment under a post', async ({ page, request }) => {
  const posts = (await (await request.get('/api/public/blogs/published?category=heart')).json()) as {
    items: { id: number; title: string }[];
  };
  const post = posts.items[0]!;
  const name = `Xóa tôi ${Date.now().toString(36)}`;
  const created = await request.post(`/api/comments/blog/${post.id}`, {
    data: { authorName: name, content: 'Bình luận sẽ bị xóa.' },
  });
  expect(created.ok()).toBe(true);

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/blog/${post.id}`);
  const comment = page.getByRole('article', { name });
  await comment.getByRole('button', { name: /^Xóa/ }).click();
  await page.getByRole('dialog', { name: 'Xóa bình luận?' }).getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByText('Đã xóa bình luận')).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('the blog list has no serious accessibility violation @phone', async ({ page }, testInfo) => {
  const problems = watchConsole(page);
  await page.goto('/blog');
  await expect(page.getByRole('region', { name: 'Bài viết nổi bật' }).getByRole('article').first()).toBeVisible();
  await expect(postsGrid(page).getByRole('article').first()).toBeVisible();
  await snap(page, testInfo, 'blog-list-a11y');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('a post with its comments has no serious accessibility violation @phone', async ({ page, request }, testInfo) => {
  const posts = (await (await request.get('/api/public/blogs/published?category=cancer&size=10')).json()) as {
    items: { id: number; title: string }[];
  };
  const post = posts.items.find((p) => p.title === CANCER_POST)!;
  const problems = watchConsole(page);
  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: CANCER_POST })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Danh sách bình luận' }).getByRole('article').first()).toBeVisible();
  // Open a reply form too, so its fields are checked.
  await page
    .getByRole('list', { name: 'Danh sách bình luận' })
    .getByRole('button', { name: 'Trả lời' })
    .first()
    .click();
  await snap(page, testInfo, 'blog-post-a11y');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
