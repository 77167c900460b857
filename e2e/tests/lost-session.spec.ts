import { expect } from '@playwright/test';
import { attemptOf, signIn, snap, test } from './helpers';

/**
 * Issue 25, defect 5: the server stops mid-action and a session ends while the administrator is
 * typing a new account at her 1366×768 laptop. Neither costs her what she typed: one Vietnamese
 * message for the lost connection that goes away by itself, one 'Đăng nhập lại' window for the lost
 * session, over the same screen.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('a stopped server and an expired session are recovered without losing typed text', async ({ page }, testInfo) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Menu quản trị' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('form', { name: 'Add user' });
  const suffix = Date.now().toString(36);
  // A retry's new colleague has a name of her own: the users list shows the first attempt's Hoa too.
  const name = attemptOf(testInfo).name('Lê Thị Hoa');
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Username').fill(`hoa.${suffix}`);
  await form.getByLabel('Email').fill(`hoa.${suffix}@antamclinic.vn`);
  await form.getByLabel('Password', { exact: true }).fill('MatKhau@2026');

  // The server stops answering.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Create user' }).click();
  const banner = page.getByText(/Mất kết nối tới máy chủ/);
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
  await expect(page.getByText(/^Failed to/)).toHaveCount(0);
  await expect(
    form.getByText('Không thể kết nối tới máy chủ. Vui lòng kiểm tra kết nối mạng và thử lại.'),
  ).toBeVisible();
  await snap(page, testInfo, 'server-stopped');

  // It is back: the banner goes by itself, what she typed is still there.
  await page.unroute('**/api/**');
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await expect(form.getByLabel('Full name')).toHaveValue(name);

  // Her session ends (the token the browser holds is no longer accepted).
  await page.evaluate(() => localStorage.setItem('authToken', 'no-longer-valid'));
  await page.getByRole('button', { name: 'Create user' }).click();
  const relogin = page.getByRole('dialog', { name: 'Đăng nhập lại' });
  await expect(relogin).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Đăng nhập lại' })).toHaveCount(1);
  await snap(page, testInfo, 'session-lost');
  await relogin.getByLabel('Username hoặc Email').fill('admin');
  await relogin.getByLabel('Mật khẩu', { exact: true }).fill('Admin@123');
  await relogin.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(relogin).toHaveCount(0);

  // The same screen, the same window, the same text: one more press creates the account.
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(form).toHaveCount(0);
  await page.getByLabel('Search', { exact: true }).fill(`hoa.${suffix}`);
  // The search's own answer, not the list still shown (dimmed) while it loads.
  await expect(page.getByText('1 user found')).toBeVisible();
  await expect(page.getByRole('table').getByText(name)).toBeVisible();
});

test('a session lost on /profile keeps the edit she was typing, and one more press saves it', async ({ page }) => {
  await signIn(page, 'patient');
  // Signed in: a patient lands on the home page.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Chỉnh sửa' }).click();
  const form = page.getByRole('form', { name: 'Cập nhật thông tin cá nhân' });
  // The birth date: no other journey reads it.
  await form.getByLabel('Ngày sinh').fill('1990-05-17');

  // Her session ends while she types (the token the browser holds is no longer accepted).
  await page.evaluate(() => localStorage.setItem('authToken', 'no-longer-valid'));
  await form.getByRole('button', { name: 'Lưu thay đổi' }).click();
  const relogin = page.getByRole('dialog', { name: 'Đăng nhập lại' });
  await expect(relogin).toBeVisible();
  await expect(form.getByLabel('Ngày sinh')).toHaveValue('1990-05-17');
  await relogin.getByLabel('Username hoặc Email').fill('patient');
  await relogin.getByLabel('Mật khẩu', { exact: true }).fill('Patient@123');
  await relogin.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(relogin).toHaveCount(0);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(form.getByLabel('Ngày sinh')).toHaveValue('1990-05-17');
  await form.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Cập nhật thông tin thành công!')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Thông tin cá nhân' })).toContainText('17/05/1990');
});
