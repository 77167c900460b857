import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MSG, PRIVACY_MSG, PRIVACY_NOTICE, PRIVACY_TEXT, STORAGE_KEYS } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const patient = makeUser({ id: 12, username: 'patient', role: 'PATIENT', fullName: 'Trần Thị Bình', specialty: null });

describe('SettingsPage', () => {
  it('refuses a short new password and a confirmation that does not match, without calling the server', async () => {
    storeSession(storedInfoOf(patient));
    const fetchMock = mockFetch(() => ({ body: patient }));
    const { user } = renderRoutes(routes, '/settings');
    await user.type(await screen.findByLabelText('Mật khẩu hiện tại'), 'Patient@123');
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'short');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'different');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByText(ACCOUNT_MSG.newPasswordTooShort)).toBeInTheDocument();
    expect(screen.getByText('Mật khẩu xác nhận không khớp')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password, keeps the new token and says so', async () => {
    storeSession(storedInfoOf(patient), 'old-token');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/change-password' ? { body: { message: 'OK', token: 'new-token' } } : { body: patient },
    );
    const { user } = renderRoutes(routes, '/settings');
    await user.type(await screen.findByLabelText('Mật khẩu hiện tại'), 'Patient@123');
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'NewPassword@1');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'NewPassword@1');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));

    expect(await screen.findByText('Đổi mật khẩu thành công')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/change-password')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      currentPassword: 'Patient@123',
      newPassword: 'NewPassword@1',
    });
    expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
  });

  it('shows the server message when the current password is wrong, and keeps the session', async () => {
    storeSession(storedInfoOf(patient));
    mockFetch((url) =>
      url === '/api/auth/change-password'
        ? { status: 401, body: errorBody(401, 'Mật khẩu hiện tại không đúng') }
        : { body: patient },
    );
    const { user } = renderRoutes(routes, '/settings');
    await user.type(await screen.findByLabelText('Mật khẩu hiện tại'), 'wrong');
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'NewPassword@1');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'NewPassword@1');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mật khẩu hiện tại không đúng');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('tells a user who must change the password why they are here', async () => {
    storeSession(storedInfoOf(patient));
    mockFetch(() => ({ body: { ...patient, mustChangePassword: true } }));
    renderRoutes(routes, '/settings');
    expect(await screen.findByText(MSG.mustChangePassword)).toBeInTheDocument();
  });

  it('needs a session', async () => {
    const { router } = renderRoutes(routes, '/settings');
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks her again for a consent given under an earlier privacy notice, only with the box ticked', async () => {
    storeSession(storedInfoOf(patient));
    const due = [{ purpose: 'HEALTH_DATA', givenVersion: '0.9', givenAt: '2026-01-02T03:00:00.000Z' }];
    const renewal = { noticeVersion: PRIVACY_NOTICE.version, noticeDate: PRIVACY_NOTICE.date };
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/privacy/me/consents' && init?.method === 'POST')
        return { body: { message: PRIVACY_MSG.renewed, renewal: { ...renewal, due: [] } } };
      if (url === '/api/privacy/me/consents') return { body: { ...renewal, due } };
      if (url === '/api/privacy/me/requests') return { body: [] };
      return { body: patient };
    });
    const { user } = renderRoutes(routes, '/settings');
    const card = await screen.findByRole('region', { name: PRIVACY_MSG.renewalTitle });
    expect(card).toHaveTextContent(`phiên bản ${PRIVACY_NOTICE.version}`);
    const agree = screen.getByRole('checkbox', { name: /Xử lý thông tin sức khỏe/ });
    expect(agree).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: PRIVACY_MSG.renewalSubmit }));
    expect(await screen.findByText(PRIVACY_MSG.renewalRequired)).toBeInTheDocument();
    const posts = () =>
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/privacy/me/consents' && init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    await user.click(agree);
    await user.click(screen.getByRole('button', { name: PRIVACY_MSG.renewalSubmit }));
    expect(await screen.findByText(PRIVACY_MSG.renewed)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PRIVACY_MSG.renewalTitle })).not.toBeInTheDocument();
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ purpose: 'HEALTH_DATA', agree: true });
  });

  it('reads her data with the channel of each consent, a booking app’s named as such (issue 38)', async () => {
    storeSession(storedInfoOf(patient));
    const consent = (id: number, channel: string) => ({
      id,
      purpose: 'HEALTH_DATA',
      source: 'BOOKING',
      channel,
      noticeVersion: PRIVACY_NOTICE.version,
      phone: '0912345678',
      email: null,
      givenAt: '2026-03-02T03:00:00.000Z',
      withdrawnAt: null,
    });
    mockFetch((url) => {
      if (url === '/api/privacy/me/consents') return { body: { noticeVersion: PRIVACY_NOTICE.version, due: [] } };
      if (url === '/api/privacy/me/requests') return { body: [] };
      if (url === '/api/privacy/me/data')
        return {
          body: {
            generatedAt: '2026-03-10T02:00:00.000Z',
            noticeVersion: PRIVACY_NOTICE.version,
            identity: { scope: 'ACCOUNT', emails: [], phones: [], userId: 12, appointmentId: null, provenUntil: null },
            account: null,
            appointments: [],
            waitingList: [],
            consents: [consent(1, 'FHIR'), consent(2, 'WEB')],
            messages: [],
            comments: [],
            newsletter: [],
            requests: [],
          },
        };
      return { body: patient };
    });
    const { user } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('button', { name: PRIVACY_TEXT.viewData }));
    const view = await screen.findByRole('region', { name: 'Dữ liệu của tôi' });
    const items = within(view).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ứng dụng kết nối (FHIR)');
    expect(items[1]).toHaveTextContent('Trang web');
  });
});
