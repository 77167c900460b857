import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, type LoginResponse, type UserPage } from '@clinic/shared';
import { routes } from '@/app/router';
import { CONNECTION_LOST_TEXT } from '@/components/connection-banner';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const ADMIN = makeUser({ id: 1, username: 'admin', fullName: 'Quản trị viên', role: 'ADMIN', specialty: null });
const LIST: UserPage = { items: [ADMIN], total: 1, page: 1, size: 10, totalPages: 1 };
const SIGNED_IN: LoginResponse = {
  token: 'fresh-token',
  userId: 1,
  username: 'admin',
  email: ADMIN.email,
  fullName: ADMIN.fullName,
  role: 'ADMIN',
  mustChangePassword: false,
  mfaEnrolmentRequired: false,
};

/** The server: 'up', 'expired' (every call with the old token refused) or 'down' (no answer). */
function server() {
  const state = { mode: 'up' as 'up' | 'expired' | 'down', created: [] as unknown[] };
  mockFetch((url, init) => {
    const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
    if (state.mode === 'down') throw new TypeError('Failed to fetch');
    if (url === '/api/auth/login') return { body: SIGNED_IN };
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (state.mode === 'expired' && auth !== 'Bearer fresh-token')
      return { status: 401, body: errorBody(401, MSG.unauthorized, 'UNAUTHORIZED') };
    if (url === '/api/users/profile') return { body: ADMIN };
    if (url === '/api/users/specialties') return { body: [] };
    if (url.startsWith('/api/users?')) return { body: LIST };
    if (url === '/api/users' && init.method === 'POST') {
      state.created.push(JSON.parse(String(init.body)));
      return { status: 201, body: { ...ADMIN, id: 2, username: 'new.staff' } };
    }
    return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
  });
  return state;
}

async function fill(user: ReturnType<typeof renderRoutes>['user'], form: HTMLElement) {
  await user.type(within(form).getByLabelText(/Full name/), 'Lê Thị Hoa');
  await user.type(within(form).getByLabelText(/Username/), 'hoa.le');
  await user.type(within(form).getByLabelText(/Email/), 'hoa.le@antamclinic.vn');
  await user.type(within(form).getByLabelText(/^Password/), 'MatKhau@2026');
}

describe('a lost session or a stopped server (issue 25, defect 5)', () => {
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });

  it('asks to sign in again over the same screen once, and keeps what was typed', async () => {
    const state = server();
    storeSession(storedInfoOf(ADMIN), 'old-token');
    const { user, router } = renderRoutes(routes, '/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add user' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Add user' });
    await fill(user, form);

    state.mode = 'expired';
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    const dialog = await screen.findByRole('dialog', { name: 'Đăng nhập lại' });
    expect(screen.getAllByRole('dialog', { name: 'Đăng nhập lại' })).toHaveLength(1);
    expect(within(dialog).getByText(/Phiên đăng nhập đã hết hạn/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Username hoặc Email/), 'admin');
    await user.type(within(dialog).getByLabelText(/Mật khẩu/), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Đăng nhập' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Đăng nhập lại' })).not.toBeInTheDocument());
    expect(getToken()).toBe('fresh-token');
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(within(form).getByLabelText(/Full name/)).toHaveValue('Lê Thị Hoa');
  });

  it('says once in Vietnamese that the server does not answer, and clears it when it answers again', async () => {
    const state = server();
    storeSession(storedInfoOf(ADMIN), 'old-token');
    const { user } = renderRoutes(routes, '/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add user' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Add user' });
    await fill(user, form);

    state.mode = 'down';
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(CONNECTION_LOST_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/^Failed to/)).not.toBeInTheDocument();
    expect(screen.getAllByText(CONNECTION_LOST_TEXT)).toHaveLength(1);
    expect(screen.getAllByText(NETWORK_ERROR_MESSAGE).length).toBeGreaterThan(0);

    state.mode = 'up';
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(screen.queryByText(CONNECTION_LOST_TEXT)).not.toBeInTheDocument());
    // The list that failed meanwhile loads again by itself: its error goes away with the banner.
    await waitFor(() =>
      expect(within(screen.getByRole('main')).queryByText(NETWORK_ERROR_MESSAGE)).not.toBeInTheDocument(),
    );
    expect(within(form).getByLabelText(/Full name/)).toHaveValue('Lê Thị Hoa');
  });
});
