import { expect, type Locator, type Page } from '@playwright/test';
import { attemptOf, bookViaApi, emptySlotDay, signIn, snap, test } from './helpers';

/** Issue 25, defect 3: 'Thao tác khác' in the booking detail opened below a 1366×768 screen. */

const rowOf = (page: Page, name: string) =>
  page.locator('tr:visible, li:visible').filter({ has: page.getByRole('button', { name, exact: true }) });

async function expectOnScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, 'laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

async function openDetailMenu(page: Page, name: string) {
  await rowOf(page, name).getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: /Lịch hẹn #\d+/ });
  await expect(detail).toBeVisible();
  await expectOnScreen(page, detail);
  await detail.getByRole('button', { name: /Thao tác khác/ }).click();
  const menu = page.getByRole('menu', { name: /Thao tác khác cho lịch hẹn/ });
  await expect(menu).toBeVisible();
  return { detail, menu };
}

test("the booking detail's 'Thao tác khác' menu stays on screen, and 'Hủy lịch hẹn' is reached with a mouse at 1366×768", async ({
  page,
  request,
}, testInfo) => {
  // A retry's patient is another person: the search would find the first attempt's booking beside hers.
  const her = attemptOf(testInfo);
  const name = her.name('Lâm Thị Menu Trong Màn');
  const date = await emptySlotDay(request, { time: '10:30', department: 'OBSTETRICS' }, 9);
  await bookViaApi(request, {
    fullName: name,
    phone: her.phone('0966300001'),
    appointmentDate: date,
    appointmentTime: '10:30',
    department: 'OBSTETRICS',
    // A long reason makes the window as tall as the screen allows: its foot, where the menu
    // button is, near the bottom of the screen.
    reason: Array.from(
      { length: 8 },
      (_, i) => `Triệu chứng ${i + 1}: đau bụng dưới kéo dài, kinh nguyệt không đều.`,
    ).join(' '),
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/bookings');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(her.search('lam thi menu trong man'));
  await expect(rowOf(page, name)).toHaveCount(1);

  // Every size from a small phone to a wide screen: the window and each item of its menu are on screen.
  for (const size of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
    { width: 1920, height: 1080 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    const { detail, menu } = await openDetailMenu(page, name);
    if (size.width === 1366) {
      const window = (await detail.boundingBox())!;
      expect(window.y + window.height, 'the window reaches the foot of the screen').toBeGreaterThan(size.height - 80);
    }
    for (const item of await menu.getByRole('menuitem').all()) await expectOnScreen(page, item);
    if (size.width === 1366) {
      await snap(page, testInfo, 'detail-menu-1366x768');
      // A mouse click where the item is, as the receptionist does it.
      const cancel = menu.getByRole('menuitem', { name: 'Hủy lịch hẹn' });
      const box = (await cancel.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const dialog = page.getByRole('dialog', { name: 'Hủy lịch hẹn' });
      await expectOnScreen(page, dialog);
      await dialog.getByLabel('Lý do hủy').fill('Bệnh nhân gọi điện xin hủy');
      await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
      await expect(dialog).toBeHidden();
      await expect(rowOf(page, name).getByText('Đã hủy', { exact: true })).toBeVisible();
    } else {
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
    }
  }
});
