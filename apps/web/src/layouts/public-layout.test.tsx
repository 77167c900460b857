import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@clinic/shared';
import { routes } from '@/app/router';
import { CONNECTION_LOST_TEXT } from '@/components/connection-banner';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const patient = makeUser({ id: 12, username: 'patient', role: 'PATIENT', fullName: 'Trần Thị Bình', specialty: null });

describe('PublicLayout', () => {
  it('shows the navigation, a login button and the footer to a visitor', async () => {
    renderRoutes(routes, '/about');
    const nav = await screen.findByRole('navigation', { name: 'Điều hướng chính' });
    for (const label of ['Trang chủ', 'Giới thiệu', 'Dịch vụ', 'Đặt lịch khám', 'Blog']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Giới thiệu' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Trang chủ' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('link', { name: 'Đăng nhập' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByText('Giờ làm việc: 8:00 - 17:00, Thứ Hai đến Thứ Bảy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cấp cứu: 115' })).toHaveAttribute('href', 'tel:115');
    expect(screen.getByRole('link', { name: 'Bỏ qua đến nội dung chính' })).toHaveAttribute('href', '#main-content');
  });

  it('gives a patient the patient menu, closed again by Escape', async () => {
    storeSession(storedInfoOf(patient));
    const { user } = renderRoutes(routes, '/services');
    const button = await screen.findByRole('button', { name: /Trần Thị Bình/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Hồ sơ cá nhân' })).toHaveAttribute('href', '/profile');
    expect(header.getByRole('link', { name: 'Lịch hẹn của tôi' })).toHaveAttribute('href', '/my-appointments');
    expect(header.getByRole('link', { name: 'Lịch sử khám bệnh' })).toHaveAttribute('href', '/medical-history');
    expect(header.getByRole('link', { name: 'Cài đặt' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('link', { name: 'Trang quản trị' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(header.queryByRole('link', { name: 'Hồ sơ cá nhân' })).not.toBeInTheDocument();
  });

  it("offers a signed-in patient her account's pages in the footer, not 'Đăng nhập'", async () => {
    storeSession(storedInfoOf(patient));
    renderRoutes(routes, '/services');
    const footer = within(await screen.findByRole('navigation', { name: 'Liên kết nhanh' }));
    expect(footer.getByRole('link', { name: 'Lịch hẹn của tôi' })).toHaveAttribute('href', '/my-appointments');
    expect(footer.getByRole('link', { name: 'Hồ sơ cá nhân' })).toHaveAttribute('href', '/profile');
    expect(footer.queryByRole('link', { name: 'Đăng nhập' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Đăng nhập' })).not.toBeInTheDocument();
  });

  it('offers other signed-in roles the back-office in the footer', async () => {
    storeSession(storedInfoOf(makeUser({ role: 'STAFF', fullName: 'Lê Nhân Viên' })));
    renderRoutes(routes, '/services');
    const footer = within(await screen.findByRole('navigation', { name: 'Liên kết nhanh' }));
    expect(footer.getByRole('link', { name: 'Trang quản trị' })).toHaveAttribute('href', '/admin');
    expect(footer.queryByRole('link', { name: 'Đăng nhập' })).not.toBeInTheDocument();
  });

  it('gives other roles only the back-office link', async () => {
    storeSession(storedInfoOf(makeUser({ role: 'DOCTOR', fullName: 'BS. An' })));
    const { user } = renderRoutes(routes, '/services');
    await user.click(await screen.findByRole('button', { name: /BS\. An/ }));
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Trang quản trị' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Hồ sơ cá nhân' })).not.toBeInTheDocument();
  });

  it('logs out: clears the token and user info and goes home', async () => {
    storeSession(storedInfoOf(patient));
    mockFetch((url) =>
      url === '/api/users/profile'
        ? { body: patient }
        : { body: { items: [], total: 0, page: 1, size: 100, totalPages: 0 } },
    );
    const { user, router } = renderRoutes(routes, '/my-appointments');
    await user.click(await screen.findByRole('button', { name: /Trần Thị Bình/ }));
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    expect(await screen.findAllByRole('link', { name: 'Đăng nhập' })).not.toHaveLength(0);
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('opens the mobile menu with the hamburger button', async () => {
    const { user } = renderRoutes(routes, '/services');
    const burger = await screen.findByRole('button', { name: 'Mở menu' });
    expect(burger).toHaveAttribute('aria-controls', 'mobile-menu');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName('Đóng menu');
    const mobileNav = screen.getByRole('navigation', { name: 'Điều hướng chính (di động)' });
    await user.click(within(mobileNav).getByRole('link', { name: 'Blog' }));
    expect(screen.queryByRole('navigation', { name: 'Điều hướng chính (di động)' })).not.toBeInTheDocument();
  });

  it('sends a visitor without a session from a patient page to the login page', async () => {
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the 404 page for an unknown address', async () => {
    renderRoutes(routes, '/khong-co-trang-nay');
    expect(await screen.findByRole('heading', { name: '404 — Không tìm thấy trang' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Về trang chủ' })[0]).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Không tìm thấy trang | An Tâm Clinic'));
  });

  it('tells a signed-in patient once that the server does not answer, and clears it when it answers again', async () => {
    const state = { down: true };
    mockFetch((url) => {
      if (state.down) throw new TypeError('Failed to fetch');
      if (url === '/api/auth/validate') return { body: { valid: true } };
      if (url === '/api/users/profile')
        return { body: { ...patient, mfaEnrolmentRequired: false, backOfficeLanguage: 'en' } };
      return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
    });
    storeSession(storedInfoOf(patient));
    const { user } = renderRoutes(routes, '/profile');
    const banner = (await screen.findByText(CONNECTION_LOST_TEXT, undefined, { timeout: 5000 })).closest(
      '[role="status"]',
    );
    expect(screen.getAllByText(CONNECTION_LOST_TEXT)).toHaveLength(1);

    state.down = false;
    await user.click(within(banner as HTMLElement).getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(screen.queryByText(CONNECTION_LOST_TEXT)).not.toBeInTheDocument());
  });
});
