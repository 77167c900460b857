import { expect } from '@playwright/test';
import { expectAccessible, signIn, snap, test, watchConsole } from './helpers';

test('the login page has the specification’s texts and no serious accessibility violation @phone', async ({
  page,
}, testInfo) => {
  const problems = watchConsole(page);
  await page.goto('/login');
  await expect(page.getByText('Reproductive Health Platform')).toBeVisible();
  await expect(page.getByLabel('Username hoặc Email')).toBeVisible();
  await expect(page.getByLabel('Mật khẩu', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('Ghi nhớ đăng nhập')).toBeVisible();
  await expect(page.getByText('Chưa có tài khoản? Liên hệ quản trị viên')).toBeVisible();
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByText('Vui lòng nhập username hoặc email')).toBeVisible();
  await snap(page, testInfo, 'login');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the home page shows the clinic, its hours and emergency number, without serious accessibility violations @phone', async ({
  page,
}, testInfo) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('115');
  await expect(page.getByRole('contentinfo')).toContainText('8:00');
  await expect(page).toHaveTitle(/An Tâm/);
  await snap(page, testInfo, 'home');
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('every public route resolves inside the public layout on reload', async ({ page }) => {
  for (const path of ['/about', '/services', '/appointment', '/blog', '/blog/1']) {
    await page.goto(path);
    await expect(page.getByRole('banner'), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
  }
});

test('the phone-width header folds its navigation into a menu button @phone-only', async ({ page }, testInfo) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i }).first();
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(page.getByRole('link', { name: 'Đặt lịch khám' }).first()).toBeVisible();
  await snap(page, testInfo, 'home-menu-open');
});

test('the back-office on a phone opens its menu in a drawer @phone-only', async ({ page }, testInfo) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await snap(page, testInfo, 'admin-phone');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.getByRole('dialog').getByRole('link', { name: /Users/ })).toBeVisible();
  await snap(page, testInfo, 'admin-phone-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const path of ['/about', '/services']) {
  test(`${path} has its own title and no serious accessibility violation @phone`, async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).not.toHaveTitle(/^Trang chủ/);
    await snap(page, testInfo, path.slice(1));
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
}

test('the services page lists the three price plans and leads to booking', async ({ page }) => {
  await page.goto('/services');
  for (const price of ['Miễn phí', '199.000đ', '399.000đ']) await expect(page.getByText(price).first()).toBeVisible();
  await page
    .getByRole('link', { name: /Đặt lịch/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/appointment$/);
});
