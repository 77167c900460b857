import { expect, type Page } from '@playwright/test';
import { clinicWeekday, expectAccessible, signIn, snap, test } from './helpers';

/**
 * The receptionist's morning at her 1366×768 laptop (issue 25): today's day sheet, a walk-in without
 * an e-mail booked for the next free slot, and the booking on the sheet at once. The server runs on
 * the real clock: when the clinic's day has no slot left (after 17:00, or a Sunday), she opens the
 * next working day's sheet by its date and books it the same way.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const CLINIC_ZONE = 'Asia/Ho_Chi_Minh';
const SLOTS = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].concat([
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
]);

/** The clinic's date and minutes past midnight now. */
function clinicNow(): { date: string; minutes: number; sunday: boolean } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: CLINIC_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    sunday: get('weekday') === 'Sun',
  };
}

/** Picks the first offered time whose places the server says are free; returns it. */
async function pickFreeTime(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Đặt lịch tại quầy' });
  const tiles = dialog.getByRole('radiogroup', { name: 'Giờ khám' }).getByRole('radio');
  const count = await tiles.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const tile = tiles.nth(i);
    const time = (await tile.getAttribute('value'))!;
    // A full slot says 'Đã đầy' on its tile and cannot be chosen.
    if (await tile.isDisabled()) continue;
    // The radio is drawn as its label's tile: she clicks the tile.
    await tile.locator('xpath=..').click();
    const note = dialog.getByRole('status').filter({ hasText: /Khung giờ này/ });
    await expect(note).toBeVisible();
    if ((await note.textContent())!.includes('còn trống')) return time;
  }
  throw new Error('no free slot on the chosen day');
}

test('the receptionist opens today’s sheet, books a walk-in without an e-mail for the next free slot and sees it there', async ({
  page,
}, testInfo) => {
  const now = clinicNow();
  const lastStart = 17 * 60;
  const today = !now.sunday && now.minutes < lastStart + 30;
  // Otherwise the next working day (a Saturday evening's is Monday).
  const nextDay = clinicWeekday(1);

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();

  // The day sheet: today's (or the next working day's) visits in time order, the finished ones hidden.
  if (today) {
    const sheetButton = page.getByRole('button', { name: 'Hôm nay', exact: true });
    await sheetButton.click();
    await expect(sheetButton).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/day=today/);
  } else {
    await page.getByLabel('Chọn ngày').fill(nextDay);
    await expect(page).toHaveURL(new RegExp(`day=${nextDay}`));
  }
  await expect(page.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('appointmentDate:asc');
  await expect(page.getByRole('columnheader', { name: /Ngày đặt/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đặt lịch tại quầy' })).toBeInViewport();
  // The counters fold away, so more of the day's rows fit above the fold.
  await page.getByRole('button', { name: 'Thu gọn thống kê' }).click();
  await expect(page.getByRole('list', { name: 'Thống kê lịch hẹn' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('day-sheet.png') });
  await snap(page, testInfo, 'day-sheet');

  // The walk-in: no e-mail, consent asked in person.
  const name = `Khách Vãng Lai ${Date.now().toString(36).slice(-5)}`;
  await page.getByRole('button', { name: 'Đặt lịch tại quầy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Đặt lịch tại quầy' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Họ tên').fill(name);
  await dialog.getByLabel('Số điện thoại').fill(`09${String(Date.now()).slice(-8)}`);
  await dialog.getByLabel('Khoa khám').selectOption('GENERAL_PRACTICE');
  if (!today) await dialog.getByLabel('Ngày khám').fill(nextDay);
  const time = await pickFreeTime(page);
  if (today) {
    // No two-hour rule at the desk: the first time offered is the slot under way or the next one.
    const first = SLOTS.find((s) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3)) + 30 > now.minutes)!;
    expect(SLOTS.indexOf(time)).toBeGreaterThanOrEqual(SLOTS.indexOf(first));
  }
  await dialog.getByLabel('Lý do khám').fill('Đau bụng dưới, đến trực tiếp');
  await dialog.getByRole('checkbox', { name: 'Bệnh nhân đã đồng ý cho phòng khám xử lý thông tin sức khỏe' }).check();
  await expect(dialog.getByRole('button', { name: 'Đặt lịch', exact: true })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('desk-window.png') });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Đặt lịch', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Đã đặt lịch hẹn tại quầy')).toBeVisible();

  // On the sheet at once, at its time, waiting for confirmation.
  const row = page.locator('tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(time);
  await expect(row).toContainText('Chờ xác nhận');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('walk-in-on-sheet.png') });
  await snap(page, testInfo, 'walk-in-on-sheet');
  await expectAccessible(page);
});
