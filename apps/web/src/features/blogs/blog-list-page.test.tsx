import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogSummary } from '@clinic/shared';
import { errorBody, mockFetch, renderRoutes } from '@/testing/render-app';
// The page as the app composes it, with the newsletter box.
import BlogListPage from '@/app/routes/blog-list-route';
import { makePosts, pageOf } from './testing/make-blog';

function renderList(path = '/blog') {
  return renderRoutes([{ path: '/blog', element: <BlogListPage /> }], path);
}

/** A published list of `total` posts served six at a time, and the featured posts given. */
function serveBlog({ total = 4, featured = [] as BlogSummary[], searchTotal = 0 } = {}) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const page = Number(searchParams.get('page') ?? 1);
    const first = (page - 1) * 6 + 1;
    if (pathname === '/api/public/blogs/featured') return { body: featured };
    if (pathname === '/api/public/blogs/published') {
      const count = Math.max(0, Math.min(6, total - first + 1));
      const category = searchParams.get('category');
      return {
        body: pageOf(makePosts(count, first, category === 'cancer' ? { category: 'Ung thư' } : {}), page, total),
      };
    }
    if (pathname === '/api/public/blogs/search') {
      const count = Math.max(0, Math.min(6, searchTotal - first + 1));
      return {
        body: pageOf(makePosts(count, 100 + first, { title: `Kết quả ${searchParams.get('q')}` }), page, searchTotal),
      };
    }
    if (pathname === '/api/newsletter') return { body: { success: true, message: 'ok' } };
    return { status: 404, body: errorBody(404, 'not found') };
  });
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, pathname: string) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === pathname);
}

describe('BlogListPage', () => {
  it('shows the featured block, then the other posts as cards, and sets the page title', async () => {
    const featured = makePosts(2, 50, { featured: true });
    const fetchMock = serveBlog({ total: 3, featured });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog sức khỏe' })).toBeInTheDocument();
    const featuredBlock = await screen.findByRole('region', { name: 'Bài viết nổi bật' });
    expect(within(featuredBlock).getByRole('link', { name: 'Bài viết số 50' })).toHaveAttribute('href', '/blog/50');
    const grid = screen.getByRole('region', { name: 'Bài viết mới nhất' });
    const card = (await within(grid).findByRole('link', { name: 'Bài viết số 1' })).closest('article')!;
    expect(within(card).getByText('Tim mạch')).toBeInTheDocument();
    expect(within(card).getByText('BS. Bùi Đức Minh')).toBeInTheDocument();
    expect(within(card).getByText('10/11/2026')).toBeInTheDocument();
    expect(within(card).getByText('5 phút')).toBeInTheDocument();
    const image = card.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '800');
    // The grid under the featured block leaves out only the block's own posts.
    const gridCall = callsTo(fetchMock, '/api/public/blogs/published')[0]!;
    expect(gridCall.searchParams.get('afterFeatured')).toBe('true');
    expect(gridCall.searchParams.get('featured')).toBeNull();
    expect(document.title).toContain('Blog sức khỏe');
  });

  it('filters by a category chip, keeps it in the address, and un-filters with "Tất cả"', async () => {
    const fetchMock = serveBlog({ total: 2, featured: makePosts(1, 50, { featured: true }) });
    const { user, router } = renderList();
    const all = screen.getByRole('button', { name: 'Tất cả' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('region', { name: 'Bài viết nổi bật' });

    await user.click(screen.getByRole('button', { name: 'Ung thư' }));
    expect(screen.getByRole('button', { name: 'Ung thư' })).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?category=cancer');
    expect(await screen.findByRole('heading', { level: 2, name: 'Chủ đề: Ung thư' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/public/blogs/published').some((u) => u.searchParams.get('category') === 'cancer'),
      ).toBe(true),
    );
    const filtered = callsTo(fetchMock, '/api/public/blogs/published').find(
      (u) => u.searchParams.get('category') === 'cancer',
    )!;
    expect(filtered.searchParams.get('featured')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bài viết nổi bật' })).not.toBeInTheDocument();

    await user.click(all);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('region', { name: 'Bài viết nổi bật' })).toBeInTheDocument();
  });

  it('reads the category from the address', async () => {
    serveBlog({ total: 1 });
    renderList('/blog?category=mental-health');
    expect(screen.getByRole('button', { name: 'Sức khỏe tâm thần' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Chủ đề: Sức khỏe tâm thần' })).toBeInTheDocument();
  });

  it('offers "Xem thêm" only when there are more than 6 posts, and loads the next page from the server', async () => {
    const fetchMock = serveBlog({ total: 8 });
    const { user } = renderList();
    const grid = screen.getByRole('region', { name: 'Bài viết mới nhất' });
    await within(grid).findByRole('link', { name: 'Bài viết số 6' });
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Xem thêm' }));
    expect(await within(grid).findByRole('link', { name: 'Bài viết số 8' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('article')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/public/blogs/published').map((u) => u.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('does not offer "Xem thêm" for exactly 6 posts', async () => {
    serveBlog({ total: 6 });
    renderList();
    await screen.findByRole('link', { name: 'Bài viết số 6' });
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).not.toBeInTheDocument();
  });

  it('searches after the visitor stops typing, through the search call, and keeps the words in the address', async () => {
    const fetchMock = serveBlog({ total: 2, searchTotal: 1 });
    const { user, router } = renderList();
    await user.type(screen.getByRole('searchbox', { name: 'Tìm kiếm bài viết' }), 'tiểu đường');
    expect(await screen.findByRole('heading', { level: 2, name: 'Kết quả tìm kiếm' })).toBeInTheDocument();
    expect(await screen.findByText('Tìm thấy 1 bài viết cho “tiểu đường”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kết quả tiểu đường' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('tiểu đường');
    const searches = callsTo(fetchMock, '/api/public/blogs/search');
    // Debounced: one call for the whole phrase, not one per letter.
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(['tiểu đường']);
  });

  it('shows an empty list when the search fails', async () => {
    mockFetch((url) =>
      url.includes('/search') ? { status: 500, body: errorBody(500, 'boom') } : { body: pageOf([], 1, 0) },
    );
    renderList('/blog?q=tim');
    expect(await screen.findByText('Không tìm thấy bài viết phù hợp')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Tìm kiếm bài viết' })).toHaveValue('tim');
  });

  it('shows an error with a retry when the posts cannot be loaded', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url.includes('/featured')) return { body: [] };
      return fail
        ? { status: 500, body: errorBody(500, 'Failed to fetch blog data') }
        : { body: pageOf(makePosts(1), 1, 1) };
    });
    const { user } = renderList();
    expect(await screen.findByText('Có lỗi xảy ra khi tải bài viết')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('link', { name: 'Bài viết số 1' })).toBeInTheDocument();
  });

  it('says so when there is no post yet', async () => {
    serveBlog({ total: 0 });
    renderList();
    expect(await screen.findByText('Chưa có bài viết nào')).toBeInTheDocument();
  });
});
