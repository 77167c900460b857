import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_MSG, STORAGE_KEYS, type MfaStatus } from '@clinic/shared';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const admin = makeUser({ id: 1, username: 'admin', role: 'ADMIN', fullName: 'Quản Trị', specialty: null });
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);
const status = (overrides: Partial<MfaStatus> = {}): MfaStatus => ({
  enabled: false,
  required: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  ...overrides,
});

describe('two-factor sign-in in /settings', () => {
  it('leads an administrator who must enrol to settings, enrols her with a code, shows the recovery codes once, then lets her go on', async () => {
    storeSession(storedInfoOf(admin), 'password-only');
    let enabled = false;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/validate') return { body: { valid: true } };
      if (url === '/api/auth/mfa')
        return { body: status({ required: true, enabled, recoveryCodesLeft: enabled ? 10 : 0 }) };
      if (url === '/api/auth/mfa/setup')
        return {
          body: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/x',
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        };
      if (url === '/api/auth/mfa/enable') {
        enabled = true;
        return { body: { message: MFA_MSG.enabled, token: 'full-token', recoveryCodes: CODES } };
      }
      return { body: { ...admin, mfaEnabled: enabled, mfaEnrolmentRequired: !enabled } };
    });
    const { user, router } = renderRoutes(routes, '/admin/users');

    // The first answer waits for the lazy admin layout and settings chunks too.
    expect(await screen.findByText(MFA_MSG.enrolmentRequired, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    await user.click(screen.getByRole('button', { name: 'Bật xác thực hai bước' }));
    expect(await screen.findByAltText('Mã QR để thêm tài khoản vào ứng dụng xác thực')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mã xác thực'), '12345');
    await user.click(screen.getByRole('button', { name: 'Xác nhận và bật' }));
    expect(await screen.findByText(MFA_MSG.codeInvalidFormat)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mã xác thực'), '6');
    await user.click(screen.getByRole('button', { name: 'Xác nhận và bật' }));

    const list = await screen.findByRole('list', { name: 'Mã khôi phục' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('full-token');
    const enable = fetchMock.mock.calls.find(([url]) => url === '/api/auth/mfa/enable')!;
    expect(JSON.parse(enable[1]!.body as string)).toEqual({ code: '123456' });
    expect((enable[1]!.headers as Record<string, string>).Authorization).toBe('Bearer password-only');

    await user.click(screen.getByRole('button', { name: 'Tôi đã lưu các mã' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'), { timeout: 5000 });
  });

  it('shows the server’s message when the code is wrong, and stays on the setup', async () => {
    storeSession(storedInfoOf(admin));
    mockFetch((url) => {
      if (url === '/api/auth/mfa') return { body: status() };
      if (url === '/api/auth/mfa/setup')
        return { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:,' } };
      if (url === '/api/auth/mfa/enable')
        return { status: 400, body: errorBody(400, MFA_MSG.wrongCode, 'INVALID_MFA_CODE') };
      return { body: { ...admin, mfaEnrolmentRequired: false } };
    });
    const { user } = renderRoutes(routes, '/settings');
    await user.click(await screen.findByRole('button', { name: 'Bật xác thực hai bước' }, { timeout: 5000 }));
    await user.type(await screen.findByLabelText('Mã xác thực'), '000000');
    await user.click(screen.getByRole('button', { name: 'Xác nhận và bật' }));
    expect(await screen.findByText(MFA_MSG.wrongCode)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('turns it off with the password, keeping the new token', async () => {
    storeSession(storedInfoOf(admin), 'old-token');
    let enabled = true;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/mfa')
        return {
          body: status({ enabled, enabledAt: enabled ? '2026-11-20T03:00:00.000Z' : null, recoveryCodesLeft: 7 }),
        };
      if (url === '/api/auth/mfa/disable') {
        enabled = false;
        return { body: { message: MFA_MSG.disabled, token: 'new-token' } };
      }
      return { body: { ...admin, mfaEnabled: enabled, mfaEnrolmentRequired: false } };
    });
    const { user } = renderRoutes(routes, '/settings');
    expect(await screen.findByText('Đang bật từ 20/11/2026', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tắt xác thực hai bước' }));
    await user.click(screen.getByRole('button', { name: 'Dùng mật khẩu thay cho mã' }));
    await user.type(screen.getByLabelText('Mật khẩu'), 'Admin@123');
    const form = screen.getByRole('form', { name: 'Tắt xác thực hai bước' });
    await user.click(within(form).getByRole('button', { name: 'Tắt xác thực hai bước' }));
    expect(await screen.findByText('Chưa bật')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/mfa/disable')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ password: 'Admin@123' });
  });
});
