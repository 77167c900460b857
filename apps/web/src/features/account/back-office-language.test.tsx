import { screen, within } from '@testing-library/react';
import { USER_MSG } from '@clinic/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const DOCTOR = makeUser({ id: 7, role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' });

/** The server keeps her language with her account; `refuse` makes the save fail. */
function server(kept: { backOfficeLanguage: 'en' | 'vi'; refuse?: boolean } = { backOfficeLanguage: 'en' }) {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile')
      return { body: { ...DOCTOR, mfaEnrolmentRequired: false, backOfficeLanguage: kept.backOfficeLanguage } };
    if (url === '/api/users/profile/preferences' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { backOfficeLanguage: 'en' | 'vi' };
      saved.push(body);
      if (kept.refuse) return { status: 503, body: errorBody(503, 'Không thể lưu lúc này', 'UNAVAILABLE') };
      kept.backOfficeLanguage = body.backOfficeLanguage;
      return { body };
    }
    if (url.startsWith('/api/privacy/me')) return { body: [] };
    return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
  });
  return saved;
}

const menu = () => screen.findByRole('navigation', { name: 'Menu quản trị' }, { timeout: 5000 });

describe('the back-office language (issue 25)', () => {
  it("keeps the specification's English by default", async () => {
    storeSession(storedInfoOf(DOCTOR));
    server();
    renderRoutes(routes, '/admin');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Patient Control' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pending Approvals' })).toBeInTheDocument();
  });

  it("reads in Vietnamese once she chooses 'Tiếng Việt' in /settings, and back in English when she chooses again", async () => {
    storeSession(storedInfoOf(DOCTOR));
    server();
    const { user, router } = renderRoutes(routes, '/settings');
    const english = await screen.findByRole('radio', { name: /Tiếng Anh/ }, { timeout: 5000 });
    expect(english).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Tiếng Việt' }));

    await router.navigate('/admin');
    let nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Chờ phê duyệt' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Patient Control' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quản lý bệnh nhân' }, { timeout: 5000 }),
    ).toBeInTheDocument();

    await router.navigate('/settings');
    await user.click(await screen.findByRole('radio', { name: /Tiếng Anh/ }, { timeout: 5000 }));
    await router.navigate('/admin');
    nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Patient Control' })).toBeInTheDocument();
  });

  it('saves her choice with her account, so another device reads the back-office in Vietnamese too', async () => {
    const kept = { backOfficeLanguage: 'en' as 'en' | 'vi' };
    storeSession(storedInfoOf(DOCTOR));
    const saved = server(kept);
    const { user, unmount } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('radio', { name: 'Tiếng Việt' }, { timeout: 5000 }));
    expect(await screen.findByText('Đã lưu cho tài khoản của bạn trên mọi thiết bị.')).toBeInTheDocument();
    expect(saved).toEqual([{ backOfficeLanguage: 'vi' }]);
    unmount();

    // Another device: nothing kept in this browser, the server's answer decides.
    localStorage.clear();
    storeSession(storedInfoOf(DOCTOR));
    server(kept);
    renderRoutes(routes, '/admin');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: 'Quản lý bệnh nhân' })).toBeInTheDocument();
  });

  it('puts the previous choice back and says so when the save fails', async () => {
    storeSession(storedInfoOf(DOCTOR));
    server({ backOfficeLanguage: 'en', refuse: true });
    const { user } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('radio', { name: 'Tiếng Việt' }, { timeout: 5000 }));
    expect(await screen.findByText('Không thể lưu lúc này')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Tiếng Anh/ })).toBeChecked();
  });

  it('reads the Dashboard and the user form window in Vietnamese, its messages included, once she chose it', async () => {
    const ADMIN = makeUser({ id: 1, role: 'ADMIN', username: 'admin', fullName: 'Quản trị viên', specialty: null });
    storeSession(storedInfoOf(ADMIN));
    mockFetch((url, init) => {
      if (url === '/api/auth/validate') return { body: { valid: true } };
      if (url === '/api/users/profile')
        return { body: { ...ADMIN, mfaEnrolmentRequired: false, backOfficeLanguage: 'vi' } };
      if (url === '/api/users/specialties') return { body: [{ code: 'GYNECOLOGY', displayName: 'Phụ khoa' }] };
      if (url.startsWith('/api/users?'))
        return { body: { items: [ADMIN], total: 1, page: 1, size: 10, totalPages: 1 } };
      if (url === '/api/users' && init.method === 'POST')
        return { status: 409, body: errorBody(409, USER_MSG.emailTaken, 'CONFLICT') };
      return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
    });
    const { user, router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tổng quan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    const quick = screen.getByRole('region', { name: 'Truy cập nhanh' });
    expect(within(quick).getByRole('link', { name: /Người dùng/ })).toBeInTheDocument();
    expect(within(quick).queryByText('Users')).not.toBeInTheDocument();

    await router.navigate('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Thêm người dùng' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm người dùng' });
    await user.click(within(dialog).getByRole('button', { name: 'Tạo người dùng' }));
    expect(await within(dialog).findByText('Vui lòng nhập họ và tên')).toBeInTheDocument();
    expect(within(dialog).queryByText(USER_MSG.fullNameRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Họ và tên')).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Vai trò' })).toHaveTextContent('Bệnh nhânNhân viênBác sĩ');

    await user.type(within(dialog).getByLabelText('Họ và tên'), 'BS. Phạm Minh Châu');
    await user.type(within(dialog).getByLabelText('Tên đăng nhập'), 'chau.pham');
    await user.type(within(dialog).getByLabelText('Email'), 'chau@antamclinic.vn');
    await user.type(within(dialog).getByLabelText('Mật khẩu'), 'hoa sen 2026 nở');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo người dùng' }));
    // The server's English answer about a field reads in Vietnamese at that field.
    expect(await within(dialog).findByText('Email này đã được tài khoản khác sử dụng')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
  });
});
