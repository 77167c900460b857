import ExcelJS from 'exceljs';
import { expect, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  attemptOf,
  bookViaApi,
  clinicWeekday,
  expectAccessible,
  signIn,
  snap,
  test,
  tokenOf,
} from './helpers';

/** A person of the staff list: her e-mail is this attempt's, her user name what comes before its @. */
type Person = { fullName: string; username: string; email: string };

function personOf(her: ReturnType<typeof attemptOf>, fullName: string, email: string): Person {
  const address = her.email(email);
  return { fullName: her.name(fullName), username: address.split('@')[0]!, email: address };
}

/** A staff list as a clinic keeps it: two new people and one row that repeats an existing user name. */
async function staffWorkbook(hoa: Person, khoi: Person, clash: Person): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Nhân sự');
  sheet.addRow(['Full Name', 'Username', 'Email', 'Birth Date', 'Gender', 'Role', 'Specialty']);
  sheet.addRow([hoa.fullName, hoa.username, hoa.email, new Date(Date.UTC(1994, 2, 8)), 'FEMALE', 'STAFF', '']);
  sheet.addRow([khoi.fullName, khoi.username, khoi.email, '1988-11-20', 'MALE', 'PATIENT', '']);
  sheet.addRow([clash.fullName, 'patient', clash.email, '', '', 'PATIENT', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function signOutEverywhere(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
}

test('an administrator imports people from Excel; a new user signs in and must choose a password before anything else', async ({
  page,
}, testInfo) => {
  // A retry imports people of its own: the first attempt's are already users (and Hoa has changed her password).
  const them = attemptOf(testInfo);
  const hoa = personOf(them, 'Trần Thị Hoa', 'tran.hoa@example.vn');
  const khoi = personOf(them, 'Phạm Văn Khôi', 'pham.khoi@example.vn');
  const clash = personOf(them, 'Người Trùng Tên', 'trung.ten@example.vn');
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const upload = page.getByRole('dialog', { name: 'Import users from Excel' });
  // A file that is not an .xlsx is refused before it is sent.
  await upload
    .getByLabel('Excel file (.xlsx)')
    .setInputFiles({ name: 'nhan-su.csv', mimeType: 'text/csv', buffer: Buffer.from('Full Name,Username\n') });
  await expect(upload.getByText('Please select a valid Excel file (.xlsx)')).toBeVisible();
  await upload.getByLabel('Excel file (.xlsx)').setInputFiles({
    name: 'nhan-su.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await staffWorkbook(hoa, khoi, clash),
  });
  await upload.getByRole('button', { name: 'Upload and import' }).click();

  const results = page.getByRole('dialog', { name: 'Import results' });
  await expect(results).toBeVisible();
  await expect(results).toContainText('Imported: 2, failed: 1');
  // The refused row is named by its row in the spreadsheet (the header is row 1).
  await expect(results.getByRole('row').filter({ hasText: 'This username is already taken' })).toContainText('4');
  await snap(page, testInfo, 'import-results');
  await results.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('searchbox', { name: 'Search' }).fill(hoa.username);
  // The search's own answer, not the earlier list still shown (dimmed) while it loads.
  await expect(page.getByText('1 user found')).toBeVisible();
  await expect(page.locator('tr:visible, li:visible').filter({ hasText: hoa.fullName })).toHaveCount(1);
  await expectAccessible(page);

  // The new colleague signs in with the user name as password and is held on /settings.
  await signOutEverywhere(page);
  await page.goto('/login');
  await page.getByLabel('Username hoặc Email').fill(hoa.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(hoa.username);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByText('Bạn cần đổi mật khẩu trước khi tiếp tục.')).toBeVisible();
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/settings/);

  const form = page.getByRole('form', { name: 'Đổi mật khẩu' });
  await form.getByLabel('Mật khẩu hiện tại').fill(hoa.username);
  await form.getByLabel('Mật khẩu mới', { exact: true }).fill('12345678');
  await form.getByLabel('Xác nhận mật khẩu mới').fill('12345678');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(form.getByText(/quá phổ biến/)).toBeVisible();

  await form.getByLabel('Mật khẩu mới', { exact: true }).fill('Hoa-sen-no-2026');
  await form.getByLabel('Xác nhận mật khẩu mới').fill('Hoa-sen-no-2026');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page).not.toHaveURL(/\/settings/);
  // A STAFF account now opens the back-office.
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
});

test.describe('the demo patient', () => {
  // Other journeys expect the demo patient as seeded: her name goes back after this one.
  test.afterEach(async ({ request }) => {
    const token = await tokenOf(request, 'patient');
    const res = await request.put('/api/users/profile', {
      data: { fullName: ACCOUNTS.patient.fullName, phone: '0912345678' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
  });

  test('a patient edits her profile, cancels a pending appointment with a reason and finds it under Đã hủy @phone', async ({
    page,
    request,
  }, testInfo) => {
    const token = await tokenOf(request, 'patient');
    // A retry cancels a booking of its own: the first attempt's, cancelled, would be found beside it.
    const reason = attemptOf(testInfo).name(`Khám định kỳ ${testInfo.project.name}`);
    await bookViaApi(
      request,
      {
        fullName: 'Nguyễn Thị Mai',
        phone: '0912345678',
        email: 'patient@example.com',
        // A retry's own day too: a first attempt that failed before its cancel still holds its slot.
        appointmentDate: clinicWeekday(300 + 7 * testInfo.retry),
        appointmentTime: testInfo.project.name === 'phone' ? '14:00' : '14:30',
        department: 'GYNECOLOGY',
        reason,
      },
      token,
    );

    await signIn(page, 'patient');
    await expect(page).toHaveURL(/\/$/);

    // Profile: edit the phone and the name; the header shows the new name at once.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Chỉnh sửa' }).click();
    const newName = testInfo.project.name === 'phone' ? 'Nguyễn Thị Mai Anh' : 'Nguyễn Thị Mai Hương';
    await page.getByLabel('Họ và tên').fill(newName);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Cập nhật thông tin thành công!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: newName })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(newName);
    await expectAccessible(page);
    await snap(page, testInfo, 'profile');

    // My appointments: cancel the pending one with a reason.
    await page.goto('/my-appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Lịch hẹn của tôi' })).toBeVisible();
    const card = page.locator('article:visible').filter({ hasText: reason });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /Hủy lịch hẹn/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    await dialog.getByLabel('Lý do hủy').fill('Bận việc gia đình');
    await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    await expect(page.getByText('Đã hủy lịch hẹn thành công')).toBeVisible();

    await page.getByRole('tab', { name: /Đã hủy/ }).click();
    const cancelled = page.locator('article:visible').filter({ hasText: reason });
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled.getByRole('button', { name: /Hủy lịch hẹn/ })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, testInfo, 'my-appointments-cancelled');
  });
});
