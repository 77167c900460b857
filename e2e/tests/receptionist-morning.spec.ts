import { expect } from '@playwright/test';
import { addDays, dayOfWeek } from '@clinic/shared';
import { bookViaApi, clinicWeekday, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

/**
 * The receptionist's morning at her 1366×768 laptop (issue 25): the day sheet of a busy day in
 * 'oldest waiting first' order, the five oldest pending bookings given to one doctor at once, and a
 * cancel from the booking detail's 'Thao tác khác' menu.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const TIMES = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30'];

test('the receptionist assigns the five oldest pending bookings at once and cancels one from the detail menu', async ({
  page,
  request,
}, testInfo) => {
  const tag = `sang${Date.now().toString(36)}`;
  // Far past the demo data's fortnight, so each of these slots has room.
  const date = clinicWeekday(40 + (Date.now() % 20));
  const ids: number[] = [];
  for (const [i, time] of TIMES.entries()) {
    ids.push(
      await bookViaApi(request, {
        fullName: `Khách ${tag} ${i + 1}`,
        phone: `09${String(10_000_000 + i * 7919 + (Date.now() % 1000)).slice(-8)}`,
        appointmentDate: date,
        appointmentTime: time,
        department: 'GYNECOLOGY',
      }),
    );
  }

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/bookings?day=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
  await page.getByLabel('Sắp xếp').selectOption({ label: 'Chờ lâu nhất trước' });
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(tag);
  const rows = page.locator('tbody tr:visible').filter({ hasText: tag });
  // The search settles first (a new search clears a selection): held by the history entry, never in
  // the address, where a patient's name would reach the browser's history.
  await expect
    .poll(() =>
      page.evaluate(() => (history.state as { usr?: { listState?: { q?: string } } } | null)?.usr?.listState?.q),
    )
    .toBe(tag);
  await expect(page).not.toHaveURL(new RegExp(tag));
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText(`Khách ${tag} 1`);
  // The booking date column is there for her to see who has waited longest.
  await expect(page.getByRole('columnheader', { name: /Ngày đặt/ })).toBeVisible();

  for (let i = 0; i < 5; i++) await rows.nth(i).getByRole('checkbox').check();
  for (let i = 0; i < 5; i++) await expect(rows.nth(i).getByRole('checkbox')).toBeChecked();
  const bar = page.getByRole('region', { name: 'Thao tác hàng loạt' });
  await expect(bar).toContainText('Đã chọn 5 lịch hẹn');
  await bar.getByRole('button', { name: 'Chỉ định bác sĩ' }).click();
  const assign = page.getByRole('dialog', { name: 'Chỉ định bác sĩ cho 5 lịch hẹn' });
  const select = assign.getByLabel('Bác sĩ');
  const value = await select.locator('option', { hasText: 'BS. Nguyễn Văn An' }).getAttribute('value');
  await select.selectOption(value!);
  await snap(page, testInfo, 'bulk-assign');
  await assign.getByRole('button', { name: 'Chỉ định', exact: true }).click();
  const report = page.getByRole('dialog', { name: 'Chỉ định bác sĩ: kết quả' });
  await expect(report).toBeVisible();
  await expectAccessible(page);
  await report.getByRole('button', { name: 'Đóng' }).first().click();
  for (let i = 0; i < 5; i++) await expect(rows.nth(i)).toContainText('Chờ bác sĩ phản hồi');
  await expect(rows.nth(5)).not.toContainText('Chờ bác sĩ phản hồi');

  const staff = await tokenOf(request, 'staff');
  for (const id of ids.slice(0, 5)) {
    const res = await request.get(`/api/appointments/${id}`, { headers: { Authorization: `Bearer ${staff}` } });
    expect(await res.json()).toMatchObject({ status: 'AWAITING_DOCTOR_APPROVAL', doctorId: Number(value) });
  }

  // The sixth she cancels from its detail's menu, reached with the mouse on her screen.
  const last = `Khách ${tag} 6`;
  await rows.nth(5).getByRole('button', { name: last, exact: true }).click();
  const detail = page.getByRole('dialog', { name: /Lịch hẹn #\d+/ });
  await detail.getByRole('button', { name: /Thao tác khác/ }).click();
  await page
    .getByRole('menu', { name: /Thao tác khác cho lịch hẹn/ })
    .getByRole('menuitem', { name: 'Hủy lịch hẹn' })
    .click();
  const cancel = page.getByRole('dialog', { name: 'Hủy lịch hẹn' });
  await cancel.getByLabel(/Lý do hủy/).fill('Bệnh nhân gọi điện báo bận');
  await cancel.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  await expect(cancel).toBeHidden();
  const res = await request.get(`/api/appointments/${ids[5]}`, { headers: { Authorization: `Bearer ${staff}` } });
  expect(await res.json()).toMatchObject({ status: 'CANCELLED' });
});

test('a day sheet opened from its address is in time order, and keeps the order she chose (issue 35)', async ({
  page,
  request,
}, testInfo) => {
  const tag = `gio${Date.now().toString(36)}`;
  const date = clinicWeekday(62 + (Date.now() % 20));
  // Booked in time order, so 'newest first' would show them the other way round.
  for (const [i, time] of ['11:00', '11:30', '14:00'].entries())
    await bookViaApi(request, {
      fullName: `Khách ${tag} ${time}`,
      phone: `09${String(20_000_000 + i * 7919 + (Date.now() % 1000)).slice(-8)}`,
      appointmentDate: date,
      appointmentTime: time,
      department: 'GYNECOLOGY',
    });

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/bookings?day=${date}`);
  const sort = page.getByLabel('Sắp xếp');
  await expect(sort.locator('option:checked')).toHaveText('Giờ khám, sớm trước');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(tag);
  const rows = page.locator('tbody tr:visible').filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  for (const [i, time] of ['11:00', '11:30', '14:00'].entries()) await expect(rows.nth(i)).toContainText(time);
  await snap(page, testInfo, 'day-sheet-by-address');

  // Her own choice stays, in the address too.
  await sort.selectOption({ label: 'Mới đặt nhất trước' });
  await expect(page).toHaveURL(/sort=createdAt%3Adesc/);
  for (const [i, time] of ['14:00', '11:30', '11:00'].entries()) await expect(rows.nth(i)).toContainText(time);
  await page.reload();
  await expect(sort.locator('option:checked')).toHaveText('Mới đặt nhất trước');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('14:00');
});

test('a Sunday sheet says the clinic is closed and opens the next working day (issue 35)', async ({
  page,
}, testInfo) => {
  // A Sunday far ahead, whatever today is.
  const monday = clinicWeekday(50);
  const sunday = addDays(monday, -dayOfWeek(monday));
  const next = addDays(sunday, 1);

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/bookings?day=${sunday}`);
  await expect(page.getByText('Phòng khám không làm việc vào Chủ nhật')).toBeVisible();
  await expect(page.getByText('Hãy thử từ khóa khác, hoặc bỏ bớt bộ lọc.')).toHaveCount(0);
  await snap(page, testInfo, 'day-sheet-sunday');
  await expectAccessible(page);

  await page.getByRole('button', { name: /Xem ngày làm việc kế tiếp/ }).click();
  await expect(page).toHaveURL(new RegExp(`day=${next}`));
  await expect(page.getByLabel('Chọn ngày')).toHaveValue(next);
  await expect(page.getByText('Phòng khám không làm việc vào Chủ nhật')).toHaveCount(0);
  // A working day with nothing booked yet says so, not 'try another keyword' she never typed.
  await expect(page.getByText('Hãy thử từ khóa khác, hoặc bỏ bớt bộ lọc.')).toHaveCount(0);
  await expect(page.getByLabel('Sắp xếp').locator('option:checked')).toHaveText('Giờ khám, sớm trước');
});
