import { expect, test } from '@playwright/test';
import { snap } from './helpers';

// Issue 25: on a slow phone the first tap is answered by the page the server drew, before the app
// arrives: the menu is a plain <details>, the department list a native <select>.

test.describe('before the app has arrived (JavaScript turned off)', () => {
  test.use({ javaScriptEnabled: false });

  test('the phone menu opens and its links lead on; the booking form lists the departments @phone-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Mở menu' });
    await menu.tap();
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính (di động)' });
    await expect(nav.getByRole('link', { name: 'Đặt lịch khám' })).toBeVisible();
    await snap(page, testInfo, 'menu-without-app');
    await nav.getByRole('link', { name: 'Đặt lịch khám' }).tap();
    await expect(page).toHaveURL(/\/appointment$/);

    const departments = page.getByLabel('Khoa khám');
    await expect(departments.locator('option', { hasText: 'Khoa Phụ khoa' })).toHaveCount(1);
    await departments.selectOption({ label: 'Khoa Phụ khoa' });
    await expect(departments).toHaveValue('GYNECOLOGY');
  });
});

test('with the app, the menu still opens and closes on a tap, and closes when a link is followed @phone-only', async ({
  page,
}) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Mở menu' });
  await menu.tap();
  const nav = page.getByRole('navigation', { name: 'Điều hướng chính (di động)' });
  await expect(nav).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await nav.getByRole('link', { name: 'Blog' }).tap();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Mở menu' }).tap();
  await expect(page.getByRole('button', { name: 'Đóng menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Đóng menu' }).tap();
  await expect(nav).toBeHidden();
});
