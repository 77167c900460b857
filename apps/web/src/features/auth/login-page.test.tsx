import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_MSG, MSG, STORAGE_KEYS, type LoginResponse } from '@clinic/shared';
import { errorBody, mockFetch, renderRoutes } from '@/testing/render-app';
import LoginPage from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>Trang chủ (test)</p> },
  { path: '/admin', element: <p>Trang quản trị (test)</p> },
  { path: '/settings', element: <p>Cài đặt (test)</p> },
];

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    token: 'jwt-token',
    userId: 12,
    username: 'patient',
    email: 'patient@example.vn',
    fullName: 'Trần Thị Bình',
    role: 'PATIENT',
    mustChangePassword: false,
    mfaEnrolmentRequired: false,
    ...overrides,
  };
}

async function fillAndSubmit(user: ReturnType<typeof renderRoutes>['user'], username: string, password: string) {
  await user.type(screen.getByLabelText('Username hoặc Email'), username);
  await user.type(screen.getByLabelText('Mật khẩu'), password);
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
}

describe('LoginPage', () => {
  it('shows the clinic name, the tagline and the specification texts', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Phòng khám Sức khỏe Sinh sản An Tâm');
    expect(screen.getByText('Reproductive Health Platform')).toBeInTheDocument();
    expect(screen.getByLabelText('Ghi nhớ đăng nhập')).not.toBeChecked();
    expect(screen.getByText('Chưa có tài khoản? Liên hệ quản trị viên')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Về trang chủ/ })).toHaveAttribute('href', '/');
  });

  it('requires both fields and does not call the server when they are empty', async () => {
    const fetchMock = mockFetch(() => ({ body: loginResponse() }));
    const { user } = renderRoutes(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText(MSG.usernameOrEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Username hoặc Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the password is wrong", async () => {
    mockFetch(() => ({ status: 401, body: errorBody(401, MSG.invalidCredentials, 'INVALID_CREDENTIALS') }));
    const { user, router } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'patient', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("falls back to 'Đăng nhập thất bại' when the server gives no message", async () => {
    mockFetch(() => ({ status: 500, body: '' }));
    const { user } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'patient', 'Patient@123');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
  });

  it('stores the token and userInfo and sends a patient home', async () => {
    const fetchMock = mockFetch(() => ({ body: loginResponse() }));
    const { user, router } = renderRoutes(routes, '/login');
    await user.click(await screen.findByLabelText('Ghi nhớ đăng nhập'));
    await fillAndSubmit(user, 'patient', 'Patient@123');

    expect(await screen.findByText('Trang chủ (test)')).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!)).toEqual({
      id: 12,
      username: 'patient',
      email: 'patient@example.vn',
      fullName: 'Trần Thị Bình',
      role: 'PATIENT',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(init!.body as string)).toEqual({
      usernameOrEmail: 'patient',
      password: 'Patient@123',
      rememberMe: true,
    });
  });

  it('sends an admin to the back-office', async () => {
    mockFetch(() => ({ body: loginResponse({ username: 'admin', role: 'ADMIN', fullName: 'Quản trị' }) }));
    const { user, router } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'admin', 'Admin@123');
    expect(await screen.findByText('Trang quản trị (test)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).role).toBe('ADMIN');
  });

  it('asks an account with two-factor sign-in for its code, then signs it in with the challenge and the code', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/auth/login')
        ? { body: { mfaRequired: true, challenge: 'the-challenge', expiresIn: 300 } }
        : { body: loginResponse({ username: 'admin', role: 'ADMIN', token: 'mfa-token' }) },
    );
    const { user, router } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'admin', 'Admin@123');
    expect(await screen.findByRole('heading', { name: 'Xác thực hai bước' })).toBeInTheDocument();
    // No session before the code.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText(MFA_MSG.codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mã xác thực'), '12345');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText(MFA_MSG.codeInvalidFormat)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Mã xác thực'), '6');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Trang quản trị (test)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('mfa-token');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/login/mfa');
    expect(JSON.parse(init!.body as string)).toEqual({ challenge: 'the-challenge', code: '123456' });
  });

  it('takes a recovery code instead, and goes back to the password when the challenge has expired', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/auth/login')
        ? { body: { mfaRequired: true, challenge: 'the-challenge', expiresIn: 300 } }
        : { status: 401, body: errorBody(401, MFA_MSG.challengeExpired, 'MFA_CHALLENGE_EXPIRED') },
    );
    const { user } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'admin', 'Admin@123');
    await user.click(await screen.findByRole('button', { name: 'Dùng mã khôi phục' }));
    await user.type(screen.getByLabelText('Mã khôi phục'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText(MFA_MSG.challengeExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('Username hoặc Email')).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({
      challenge: 'the-challenge',
      code: 'abcde-fghjk',
    });
  });

  it('shows the server’s message for a wrong code and stays on the code step', async () => {
    mockFetch((url) =>
      url.endsWith('/auth/login')
        ? { body: { mfaRequired: true, challenge: 'the-challenge', expiresIn: 300 } }
        : { status: 401, body: errorBody(401, MFA_MSG.wrongCode, 'INVALID_MFA_CODE') },
    );
    const { user } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'admin', 'Admin@123');
    await user.type(await screen.findByLabelText('Mã xác thực'), '000000');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MFA_MSG.wrongCode);
    expect(screen.getByRole('heading', { name: 'Xác thực hai bước' })).toBeInTheDocument();
  });

  it('sends an administrator who must set up two-factor sign-in to the settings page first', async () => {
    mockFetch(() => ({ body: loginResponse({ username: 'admin', role: 'ADMIN', mfaEnrolmentRequired: true }) }));
    const { user, router } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'admin', 'Admin@123');
    expect(await screen.findByText('Cài đặt (test)')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/admin' });
  });

  it('sends a patient who must change the password to the settings page', async () => {
    mockFetch(() => ({ body: loginResponse({ mustChangePassword: true }) }));
    const { user } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'patient', 'patient');
    expect(await screen.findByText('Cài đặt (test)')).toBeInTheDocument();
  });

  it('sends staff who must change the password to settings first, remembering the back-office', async () => {
    mockFetch(() => ({ body: loginResponse({ username: 'staff', role: 'STAFF', mustChangePassword: true }) }));
    const { user, router } = renderRoutes(routes, { pathname: '/login', state: { from: '/admin/bookings' } });
    await fillAndSubmit(user, 'staff', 'staff');
    expect(await screen.findByText('Cài đặt (test)')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/admin/bookings' });
  });

  it('shows "Đang đăng nhập..." and disables the button while the call runs', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockFetch(() => new Promise((resolve) => (answer = resolve)));
    const { user } = renderRoutes(routes, '/login');
    await fillAndSubmit(user, 'patient', 'Patient@123');
    expect(await screen.findByRole('button', { name: 'Đang đăng nhập...' })).toBeDisabled();
    answer({ body: loginResponse() });
    expect(await screen.findByText('Trang chủ (test)')).toBeInTheDocument();
  });

  it('switches the password between hidden and shown', async () => {
    const { user } = renderRoutes(routes, '/login');
    const password = await screen.findByLabelText('Mật khẩu');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ẩn mật khẩu' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("explains 'Quên mật khẩu?'", async () => {
    const { user } = renderRoutes(routes, '/login');
    const button = await screen.findByRole('button', { name: 'Quên mật khẩu?' });
    expect(screen.queryByText(MSG.forgotPassword)).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(MSG.forgotPassword)).toBeInTheDocument();
  });

  it('says the session expired when sent back with that reason', async () => {
    renderRoutes(routes, '/login?expired=1');
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
  });

  it('offers a signed-in visitor to continue', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(
      STORAGE_KEYS.userInfo,
      JSON.stringify({ id: 1, username: 'staff', email: 's@x.vn', fullName: 'Lê Nhân Viên', role: 'STAFF' }),
    );
    renderRoutes(routes, '/login');
    expect(await screen.findByText('Lê Nhân Viên')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Tiếp tục' })).toHaveAttribute('href', '/admin'));
  });
});
