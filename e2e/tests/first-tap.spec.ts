import { expect } from '@playwright/test';
import { clinicWeekday, snap, test, watchConsole } from './helpers';

// Issue 25: on a slow phone the first tap is answered by the page the server drew, before the app
// arrives: the menu is a plain <details>, the department list a native <select>, the time tiles
// plain radio buttons.

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

test("a time, a department and a date chosen before the app has arrived are the form's once it has @phone", async ({
  page,
}) => {
  const problems = watchConsole(page);
  // A slow line: the app's main module arrives only when the test lets it.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/appointment');
  const times = page.getByRole('radiogroup', { name: 'Giờ khám' });
  // The tiles are the page's own radio buttons: a tap on one chooses it with no script at all.
  await times.getByText('09:00', { exact: true }).click();
  await expect(times.getByRole('radio', { name: '09:00' })).toBeChecked();
  await page.getByLabel('Khoa khám').selectOption({ label: 'Khoa Phụ khoa' });
  const date = clinicWeekday(7);
  await page.getByLabel('Ngày khám').fill(date);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(times.getByRole('radio', { name: '09:00' })).toBeChecked();
  await expect(page.getByLabel('Khoa khám')).toHaveValue('GYNECOLOGY');
  await expect(page.getByLabel('Ngày khám')).toHaveValue(date);
  // The app has all three: it asks whether 09:00 of that day is free and says so.
  await expect(page.getByText(/Khung giờ này (còn trống|đã đủ lịch hẹn)/)).toBeVisible();
  expect(problems).toEqual([]);
});
