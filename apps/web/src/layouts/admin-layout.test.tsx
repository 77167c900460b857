import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, STORAGE_KEYS, type User } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

/** The server: the token is valid (or not) and the profile is this user. */
function serveSession(user: User, { valid = true } = {}) {
  return mockFetch((url) => {
    if (url === '/api/auth/validate') return { body: { valid } };
    if (url === '/api/users/profile') return { body: user };
    return { status: 404, body: errorBody(404, MSG.routeNotFound) };
  });
}

describe('AdminLayout', () => {
  it('shows a doctor Pending Approvals but not Users, with name and role', async () => {
    const doctor = makeUser({ role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' });
    storeSession(storedInfoOf(doctor));
    serveSession(doctor);
    renderRoutes(routes, '/admin');

    const menu = await screen.findByRole('navigation', { name: 'Menu quản trị' });
    expect(within(menu).getByRole('link', { name: 'Pending Approvals' })).toHaveAttribute(
      'href',
      '/admin/pending-approvals',
    );
    expect(within(menu).getByRole('link', { name: 'Patient Control' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Blog Control' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Booking Manager' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByText('BS. Nguyễn Văn An').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Bác sĩ').length).toBeGreaterThan(0);
    expect(await screen.findByText('Xin chào, BS. Nguyễn Văn An!')).toBeInTheDocument();
  });

  it('shows an admin every screen but Pending Approvals', async () => {
    const admin = makeUser({ id: 1, username: 'admin', role: 'ADMIN', fullName: 'Quản trị viên', specialty: null });
    storeSession(storedInfoOf(admin));
    serveSession(admin);
    renderRoutes(routes, '/admin');
    const menu = await screen.findByRole('navigation', { name: 'Menu quản trị' });
    for (const label of [
      'Dashboard',
      'Users',
      'Patient Control',
      'Blog Control',
      'Booking Manager',
      'Booking History',
    ]) {
      expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(menu).queryByRole('link', { name: 'Pending Approvals' })).not.toBeInTheDocument();
  });

  it('shows staff the no-access panel on the users screen', async () => {
    const staff = makeUser({ id: 3, username: 'staff', role: 'STAFF', fullName: 'Lê Nhân Viên', specialty: null });
    storeSession(storedInfoOf(staff));
    serveSession(staff);
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'Không có quyền truy cập' })).toBeInTheDocument();
    expect(screen.getByText(MSG.noAccess)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Về Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('heading', { name: 'User Management' })).not.toBeInTheDocument();
  });

  it('sends a visitor without a token to the login page', async () => {
    const fetchMock = serveSession(makeUser());
    const { router } = renderRoutes(routes, '/admin/bookings');
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends a session the server no longer accepts and says it expired', async () => {
    const doctor = makeUser();
    storeSession(storedInfoOf(doctor), 'revoked-token');
    serveSession(doctor, { valid: false });
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('logs out to the login page', async () => {
    const staff = makeUser({ role: 'STAFF', username: 'staff', fullName: 'Lê Nhân Viên' });
    storeSession(storedInfoOf(staff));
    serveSession(staff);
    const { user, router } = renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }));
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(MSG.sessionExpired)).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('opens the menu drawer on small screens and closes it with Escape', async () => {
    const doctor = makeUser();
    storeSession(storedInfoOf(doctor));
    serveSession(doctor);
    const { user } = renderRoutes(routes, '/admin');
    const menuButton = await screen.findByRole('button', { name: 'Mở menu' });
    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu quản trị' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Đóng menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu quản trị' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('sends a user who must change the password to the settings page, remembering where he was going', async () => {
    const staff = makeUser({ role: 'STAFF', mustChangePassword: true });
    storeSession(storedInfoOf(staff));
    serveSession(staff);
    const { router } = renderRoutes(routes, '/admin/booking-history');
    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.state).toEqual({ from: '/admin/booking-history' });
    expect(screen.queryByRole('navigation', { name: 'Menu quản trị' })).not.toBeInTheDocument();
  });
});
