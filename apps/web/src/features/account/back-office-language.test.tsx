import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorBody, makeUser, mockFetch, renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';

const DOCTOR = makeUser({ id: 7, role: 'DOCTOR', fullName: 'BS. Nguyễn Văn An' });

function server() {
  mockFetch((url) => {
    if (url === '/api/auth/validate') return { body: { valid: true } };
    if (url === '/api/users/profile') return { body: DOCTOR };
    if (url.startsWith('/api/privacy/me')) return { body: [] };
    return { status: 404, body: errorBody(404, 'Not found', 'NOT_FOUND') };
  });
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
});
