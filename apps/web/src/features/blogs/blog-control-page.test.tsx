import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, type BlogAdminPage, type BlogSummary, type User } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

function post(id: number, overrides: Partial<BlogSummary> = {}): BlogSummary {
  return {
    id,
    title: `Bài viết số ${id}`,
    excerpt: `Tóm tắt ${id}`,
    category: 'Phòng bệnh',
    categoryKey: 'prevention',
    author: 'BS. Võ Quốc Bảo',
    readTime: '5 phút',
    imageUrl: `/api/images/${id}`,
    featured: false,
    status: 'PUBLISHED',
    date: '2026-11-20',
    publishedAt: '2026-11-20T01:00:00.000Z',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

const PAGE: BlogAdminPage = {
  items: [
    post(1, { featured: true }),
    post(2, { status: 'DRAFT', title: 'Bản nháp tiền hôn nhân' }),
    post(3, { status: 'ARCHIVED' }),
  ],
  total: 3,
  page: 1,
  size: 10,
  totalPages: 1,
  stats: { total: 3, published: 1, draft: 1, archived: 1, featured: 1 },
};

const MODERATION = {
  success: true,
  comments: [
    {
      id: 31,
      blogId: 1,
      blogTitle: 'Bài viết số 1',
      parentId: null,
      authorName: 'Khách <b>lạ</b>',
      content: '<script>alert(1)</script> Quảng cáo',
      createdAt: '2026-11-21T03:00:00.000Z',
      likeCount: 0,
      dislikeCount: 0,
      status: 'PENDING',
    },
  ],
  count: 1,
  page: 1,
  size: 10,
  totalPages: 1,
  counts: { PENDING: 1, APPROVED: 4, REJECTED: 0 },
};

type Route = (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** The session calls of the admin layout, then the page's own answers. */
function serve(user: User, route: Route) {
  storeSession(storedInfoOf(user));
  return mockFetch((url, init) => {
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: user };
    return route(url, init) ?? { status: 404, body: errorBody(404, MSG.routeNotFound) };
  });
}

const staff = makeUser({ id: 3, username: 'staff', role: 'STAFF', fullName: 'Lê Thị Thu Hà', specialty: null });
const doctor = makeUser({ role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' });

const listRoute: Route = (url, init) =>
  url.startsWith('/api/blogs?') && (init.method ?? 'GET') === 'GET' ? { body: PAGE } : undefined;

/** The first answer waits for the lazy admin chunks too. */
const firstLoad = { timeout: 5000 };

function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === method);
}

describe('BlogControlPage', () => {
  it('shows a doctor the posts with the stats cards, but no comment moderation', async () => {
    serve(doctor, listRoute);
    renderRoutes(routes, '/admin/blogs');

    expect(await screen.findByRole('heading', { name: 'Blog Control', level: 1 }, firstLoad)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Blog Control/));
    const table = await screen.findByRole('table', { name: 'Danh sách bài viết' }, firstLoad);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Bản nháp tiền hôn nhân')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Tổng số bài viết').nextElementSibling).toHaveTextContent('3'));
    expect(await screen.findByText('Tìm thấy 3 bài viết')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Bình luận' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Ngày/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('links only published posts to their public page, in a new tab', async () => {
    serve(staff, listRoute);
    renderRoutes(routes, '/admin/blogs');
    const link = await screen.findByRole('link', { name: /Xem bài viết công khai: Bài viết số 1/ }, firstLoad);
    expect(link).toHaveAttribute('href', '/blog/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Xem bài viết công khai: Bản nháp/ })).not.toBeInTheDocument();
  });

  it('asks before deleting the selected posts, and deletes them only once confirmed', async () => {
    const fetchMock = serve(
      staff,
      (url, init) =>
        listRoute(url, init) ??
        (url === '/api/blogs/bulk/delete'
          ? { body: { success: true, message: 'Đã xóa 2 bài viết', count: 2 } }
          : undefined),
    );
    const { user } = renderRoutes(routes, '/admin/blogs');
    await user.click(await screen.findByRole('checkbox', { name: 'Chọn bài viết: Bài viết số 1' }, firstLoad));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn bài viết: Bài viết số 3' }));
    expect(screen.getByText('Đã chọn 2 bài viết')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Xóa đã chọn' }));
    const dialog = screen.getByRole('dialog', { name: 'Xóa bài viết đã chọn' });
    expect(dialog).toHaveTextContent('Bạn có chắc muốn xóa 2 bài viết?');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(callsTo(fetchMock, 'POST', '/api/blogs/bulk/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Xóa đã chọn' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Xóa bài viết đã chọn' })).getByRole('button', { name: 'Xóa' }),
    );
    expect(await screen.findByText('Đã xóa 2 bài viết')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/blogs/bulk/delete');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ ids: [1, 3] });
    await waitFor(() => expect(screen.queryByText('Đã chọn 2 bài viết')).not.toBeInTheDocument());
  });

  it('selects the whole page and changes the status of all of it', async () => {
    const fetchMock = serve(
      staff,
      (url, init) =>
        listRoute(url, init) ??
        (url === '/api/blogs/bulk/status'
          ? { body: { success: true, message: 'Đã cập nhật 3 bài viết', count: 3 } }
          : undefined),
    );
    const { user } = renderRoutes(routes, '/admin/blogs');
    await user.click(await screen.findByRole('checkbox', { name: 'Chọn tất cả bài viết trên trang này' }, firstLoad));
    await user.selectOptions(screen.getByLabelText('Trạng thái mới cho các bài viết đã chọn'), 'ARCHIVED');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Đã cập nhật 3 bài viết')).toBeInTheDocument();
    expect(JSON.parse(callsTo(fetchMock, 'POST', '/api/blogs/bulk/status')[0]![1]!.body as string)).toEqual({
      ids: [1, 2, 3],
      status: 'ARCHIVED',
    });
  });

  it('asks before deleting one post', async () => {
    const fetchMock = serve(
      staff,
      (url, init) =>
        listRoute(url, init) ??
        (url === '/api/blogs/2' && init.method === 'DELETE'
          ? { body: { success: true, message: 'Đã xóa bài viết' } }
          : undefined),
    );
    const { user } = renderRoutes(routes, '/admin/blogs');
    await user.click(await screen.findByRole('button', { name: 'Xóa bài viết: Bản nháp tiền hôn nhân' }, firstLoad));
    const dialog = screen.getByRole('dialog', { name: 'Xóa bài viết' });
    expect(dialog).toHaveTextContent('Bạn có chắc muốn xóa bài viết "Bản nháp tiền hôn nhân"?');
    expect(callsTo(fetchMock, 'DELETE', '/api/blogs/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa bài viết')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/blogs/2')).toHaveLength(1);
  });

  it('changes one status and toggles featured, with the error texts of the specification', async () => {
    const fetchMock = serve(staff, (url, init) => {
      if (url === '/api/blogs/2/status')
        return { body: { success: true, message: 'Đã cập nhật trạng thái bài viết', blog: post(2) } };
      if (url === '/api/blogs/1/featured') return { status: 403, body: errorBody(403, 'Forbidden') };
      return listRoute(url, init);
    });
    const { user } = renderRoutes(routes, '/admin/blogs');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Trạng thái của bài viết: Bản nháp tiền hôn nhân' }, firstLoad),
      'PUBLISHED',
    );
    expect(await screen.findByText('Đã cập nhật trạng thái bài viết')).toBeInTheDocument();
    expect(JSON.parse(callsTo(fetchMock, 'PUT', '/api/blogs/2/status')[0]![1]!.body as string)).toEqual({
      status: 'PUBLISHED',
    });

    const star = screen.getByRole('button', { name: 'Nổi bật: Bài viết số 1' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await user.click(star);
    expect(await screen.findByText('Không có quyền truy cập. Vui lòng đăng nhập.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/blogs/1/featured')[0]![1]!.body).toBeUndefined();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    serve(staff, (url, init) =>
      url.startsWith('/api/blogs?') && fail ? { status: 500, body: errorBody(500, 'Lỗi') } : listRoute(url, init),
    );
    const { user } = renderRoutes(routes, '/admin/blogs');
    expect(await screen.findByText('HTTP error! status: 500', {}, firstLoad)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('table', { name: 'Danh sách bài viết' })).toBeInTheDocument();
  });

  it('sends the search once typing pauses, with the filters, and says when nothing matches', async () => {
    const fetchMock = serve(staff, (url) => {
      if (!url.startsWith('/api/blogs?')) return undefined;
      const q = new URL(url, 'http://x').searchParams.get('q');
      return { body: q ? { ...PAGE, items: [], total: 0, totalPages: 0 } : PAGE };
    });
    const { user, router } = renderRoutes(routes, '/admin/blogs');
    await screen.findByRole('table', { name: 'Danh sách bài viết' }, firstLoad);
    await user.selectOptions(screen.getByLabelText('Danh mục'), 'Tâm thần');
    await user.type(screen.getByLabelText('Tìm kiếm'), 'trầm cảm');

    expect(await screen.findByText('Không tìm thấy bài viết phù hợp', {}, { timeout: 3000 })).toBeInTheDocument();
    const listCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/blogs?'));
    const searched = listCalls.filter((url) => url.includes('q='));
    expect(searched).toHaveLength(1);
    const params = new URL(searched[0]!, 'http://x').searchParams;
    expect(params.get('q')).toBe('trầm cảm');
    expect(params.get('category')).toBe('Tâm thần');
    expect(params.get('size')).toBe('10');
    expect(router.state.location.search).toContain('q=');
    expect(screen.getByText('Tìm thấy 0 bài viết')).toBeInTheDocument();
  });

  it('lets staff moderate comments, showing what visitors typed as text', async () => {
    const fetchMock = serve(staff, (url, init) => {
      if (url.startsWith('/api/comments/admin?')) return { body: MODERATION };
      if (url === '/api/comments/admin/31/reject') return { body: { success: true, message: 'Đã từ chối bình luận' } };
      if (url === '/api/comments/admin/31' && init.method === 'DELETE') return { status: 500, body: {} };
      return listRoute(url, init);
    });
    const { user } = renderRoutes(routes, '/admin/blogs');
    await user.click(await screen.findByRole('tab', { name: 'Bình luận' }, firstLoad));

    const panel = await screen.findByRole('tabpanel', { name: 'Bình luận' });
    expect(await within(panel).findByText('<script>alert(1)</script> Quảng cáo')).toBeInTheDocument();
    expect(within(panel).getByText('Khách <b>lạ</b>')).toBeInTheDocument();
    expect(panel.querySelector('script, b')).toBeNull();
    expect(within(panel).getByRole('button', { name: /Chờ duyệt/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('link', { name: /Bài viết số 1/ })).toHaveAttribute('href', '/blog/1');
    const listUrl = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/comments/admin?'))!;
    expect(new URL(listUrl, 'http://x').searchParams.get('status')).toBe('PENDING');

    await user.click(within(panel).getByRole('button', { name: 'Từ chối bình luận của Khách <b>lạ</b>' }));
    expect(await screen.findByText('Đã từ chối bình luận')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/comments/admin/31/reject')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Xóa bình luận của Khách <b>lạ</b>' }));
    const dialog = screen.getByRole('dialog', { name: 'Xóa bình luận' });
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Failed to delete comment')).toBeInTheDocument();
  });
});
