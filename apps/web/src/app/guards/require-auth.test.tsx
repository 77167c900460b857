import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, STORAGE_KEYS, type User } from '@clinic/shared';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { clearAuth } from '@/lib/auth-storage';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const patient = makeUser({ id: 12, username: 'patient', role: 'PATIENT', fullName: 'Trần Thị Bình', specialty: null });
const staff = makeUser({ id: 3, username: 'staff', role: 'STAFF', fullName: 'Lê Nhân Viên', specialty: null });

/**
 * The server of an account that must change its password: every call but the profile and the
 * change itself is refused until the change, as the server does.
 */
function serveMustChange(user: User) {
  let mustChange = true;
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/users/profile') return { body: { ...user, mustChangePassword: mustChange } };
    if (url === '/api/auth/change-password' && init.method === 'POST') {
      mustChange = false;
      return { body: { message: 'OK', token: 'new-token' } };
    }
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (mustChange) return { status: 403, body: errorBody(403, MSG.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED') };
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url.startsWith('/api/appointments/my-appointments'))
      return {
        body: {
          items: [appointment(1, 'PENDING', { appointmentDate: '2099-05-11' })],
          total: 1,
          page: 1,
          size: 100,
          totalPages: 1,
          totalCapped: false,
        },
      };
    if (url.startsWith('/api/appointments'))
      return { body: { items: [], total: 0, page: 1, size: 20, totalPages: 0, totalCapped: false } };
    return { status: 404, body: errorBody(404, MSG.routeNotFound) };
  });
  return fetchMock;
}

async function changePassword(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(await screen.findByLabelText('Mật khẩu hiện tại'), 'patient');
  await user.type(screen.getByLabelText('Mật khẩu mới'), 'NewPassword@1');
  await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'NewPassword@1');
  await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
}

describe('RequireAuth and the admin layout: a password that must be changed', () => {
  it('keeps a patient on /settings, then takes her where she was going', async () => {
    storeSession(storedInfoOf(patient));
    const fetchMock = serveMustChange(patient);
    const { user, router } = renderRoutes(routes, '/my-appointments');

    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(fetchMock.mock.calls.some(([url]) => (url as string).startsWith('/api/appointments'))).toBe(false);

    // Another page that needs a session sends her back.
    await router.navigate('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/profile' });

    await router.navigate('/settings', { state: { from: '/my-appointments' } });
    await changePassword(user);
    // The change, the profile under the new token, then the page's first (lazy) load: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lịch hẹn của tôi' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-appointments');
    expect(await screen.findByRole('article', { name: 'Bệnh nhân 1' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
  });

  it('goes home after the change when no page was asked for', async () => {
    storeSession(storedInfoOf(patient));
    serveMustChange(patient);
    const { user, router } = renderRoutes(routes, '/settings');
    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
    await changePassword(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a back-office user from the admin area to /settings and back afterwards', async () => {
    storeSession(storedInfoOf(staff));
    serveMustChange(staff);
    const { user, router } = renderRoutes(routes, '/admin/bookings');
    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.state).toEqual({ from: '/admin/bookings' });
    await changePassword(user);
    expect(await screen.findByRole('navigation', { name: 'Menu quản trị' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/bookings');
  });

  it('lets a user without the obligation stay on the page', async () => {
    storeSession(storedInfoOf(patient));
    mockFetch((url) => {
      if (url === '/api/users/profile') return { body: patient };
      return { body: { items: [], total: 0, page: 1, size: 100, totalPages: 0, totalCapped: false } };
    });
    const { router } = renderRoutes(routes, '/my-appointments');
    expect(await screen.findByText('Không có lịch hẹn')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-appointments');
  });
});

describe('RequireAuth: a session lost on a page (issue 25, defect 5)', () => {
  it("asks once, in a 'Đăng nhập lại' window over the page, and stays on that page once she signs in", async () => {
    storeSession(storedInfoOf(patient), 'old-token');
    mockFetch((url) => {
      if (url === '/api/auth/login')
        return {
          body: {
            token: 'fresh-token',
            userId: patient.id,
            username: patient.username,
            email: patient.email,
            fullName: patient.fullName,
            role: 'PATIENT',
            mustChangePassword: false,
            mfaEnrolmentRequired: false,
          },
        };
      if (url === '/api/users/profile') return { body: patient };
      if (url.startsWith('/api/privacy/me')) return { body: [] };
      return { status: 404, body: errorBody(404, MSG.routeNotFound) };
    });
    const { user, router } = renderRoutes(routes, '/profile');
    await user.click(await screen.findByRole('button', { name: 'Chỉnh sửa' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Cập nhật thông tin cá nhân' });
    await user.clear(within(form).getByLabelText(/Họ và tên/));
    await user.type(within(form).getByLabelText(/Họ và tên/), 'Trần Thị Bình An');

    // What the api client does on a 401 while signed in (lib/api-client.test.ts).
    act(() => clearAuth('expired'));
    const dialog = await screen.findByRole('dialog', { name: 'Đăng nhập lại' });
    expect(screen.getAllByRole('dialog', { name: 'Đăng nhập lại' })).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/profile');
    await user.type(within(dialog).getByLabelText(/Username hoặc Email/), 'patient');
    await user.type(within(dialog).getByLabelText(/Mật khẩu/), 'Patient@123');
    await user.click(within(dialog).getByRole('button', { name: 'Đăng nhập' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đăng nhập lại' })).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');
    expect(router.state.location.pathname).toBe('/profile');
    // The same form, with what she typed before the session ended.
    expect(within(form).getByLabelText(/Họ và tên/)).toHaveValue('Trần Thị Bình An');
    expect(screen.getByRole('form', { name: 'Cập nhật thông tin cá nhân' })).toBe(form);
  });
});
