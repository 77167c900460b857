import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '@/testing/render-app';
// The page as the app composes it, with the comments under the post.
import BlogPostPage from '@/app/routes/blog-post-route';
import { makeBlog } from './testing/make-blog';

const emptyComments = { success: true, comments: [], count: 0, total: 0, page: 1, size: 20, totalPages: 0 };

function renderPost(path: string) {
  return renderRoutes(
    [
      { path: '/blog/:id', element: <BlogPostPage /> },
      { path: '/blog', element: <p>Danh sách blog</p> },
    ],
    path,
  );
}

describe('BlogPostPage', () => {
  it('refuses an id that is not a number without asking the server', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderPost('/blog/abc');
    expect(await screen.findByText('ID bài viết không hợp lệ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quay lại Blog' })).toHaveAttribute('href', '/blog');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the post does not exist on a 404, with a way back to the blog', async () => {
    mockFetch(() => ({ status: 404, body: errorBody(404, 'Không tìm thấy bài viết', 'BLOG_NOT_FOUND') }));
    const { user, router } = renderPost('/blog/999');
    expect(await screen.findByText('Không tìm thấy bài viết')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Quay lại Blog' }));
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
  });

  it('says the post could not be loaded on any other failure, and can try again', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url.startsWith('/api/comments/')) return { body: emptyComments };
      return fail
        ? { status: 500, body: errorBody(500, 'Internal') }
        : { body: makeBlog({ id: 5, title: 'Tiểu đường thai kỳ' }) };
    });
    const { user } = renderPost('/blog/5');
    expect(await screen.findByText('Có lỗi xảy ra khi tải bài viết')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiểu đường thai kỳ' })).toBeInTheDocument();
  });

  it('shows the post with its details, sets the page title and renders Markdown without raw HTML', async () => {
    const post = makeBlog({
      id: 3,
      title: 'Tầm soát ung thư cổ tử cung',
      excerpt: 'Xét nghiệm Pap và HPV.',
      category: 'Tâm thần',
      author: 'BS. Lê Thị Hồng Nhung',
      readTime: '6 phút',
      date: '2026-11-17',
      imageUrl: '/api/images/3',
      content: [
        '## Vì sao cần tầm soát?',
        '',
        'Một đoạn **quan trọng** với [liên kết](https://who.int) và [xấu](javascript:alert(1)).',
        '',
        '<script>alert("x")</script><img src=x onerror="alert(2)">',
        '',
        '| Tuổi | Lịch |',
        '| --- | --- |',
        '| 21-29 | 3 năm |',
      ].join('\n'),
    });
    mockFetch((url) => (url.startsWith('/api/comments/') ? { body: emptyComments } : { body: post }));
    const { container } = renderPost('/blog/3');

    const article = await screen.findByRole('article', { name: 'Tầm soát ung thư cổ tử cung' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(article).getByText('Xét nghiệm Pap và HPV.')).toBeInTheDocument();
    expect(within(article).getByText('Sức khỏe tâm thần')).toBeInTheDocument();
    expect(within(article).getByText('BS. Lê Thị Hồng Nhung')).toBeInTheDocument();
    expect(within(article).getByText('6 phút')).toBeInTheDocument();
    expect(within(article).getByText('17/11/2026')).toHaveAttribute('dateTime', '2026-11-17');
    const image = within(article).getByRole('img', { name: /Tầm soát ung thư cổ tử cung/ });
    expect(image).toHaveAttribute('src', '/api/images/3');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '420');

    // The Markdown renderer loads on demand (its first import is slow on a busy machine).
    expect(
      await within(article).findByRole('heading', { level: 2, name: 'Vì sao cần tầm soát?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(article).getByText('quan trọng').tagName).toBe('STRONG');
    expect(within(article).getByRole('link', { name: 'liên kết' })).toHaveAttribute('href', 'https://who.int');
    expect(within(article).getByText('xấu').closest('a')?.getAttribute('href') ?? '').toBe('');
    expect(within(article).getByRole('table')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();

    expect(document.title).toContain('Tầm soát ung thư cổ tử cung');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Xét nghiệm Pap và HPV.');
    expect(await screen.findByText(/Chưa có bình luận nào/)).toBeInTheDocument();
  });
});
