import ExcelJS from 'exceljs';
import { expect } from '@playwright/test';
import { signIn, snap, test, tokenOf } from './helpers';

/**
 * The back-office in Tiếng Việt (issue 25): the administrator chooses it in /settings, and the
 * screens the specification writes in English read in Vietnamese, their windows and the server's
 * English answers included. Her choice is kept on her account: the journey puts English back after.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test.afterEach(async ({ request }) => {
  const admin = await tokenOf(request, 'admin');
  const reset = await request.patch('/api/users/profile/preferences', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { backOfficeLanguage: 'en' },
  });
  expect(reset.status()).toBe(200);
});

test("Users' import and its results, Patient Control's windows and Booking Manager read in Vietnamese once she chose it", async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Tiếng Việt' }).check();
  await expect(page.getByText('Đã lưu cho tài khoản của bạn trên mọi thiết bị.')).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Menu quản trị' });
  await page.goto('/admin');
  await menu.getByRole('link', { name: 'Người dùng' }).click();
  await page.getByRole('button', { name: 'Nhập từ Excel' }).click();
  const upload = page.getByRole('dialog', { name: 'Nhập người dùng từ Excel' });
  await expect(upload.getByRole('button', { name: /Tải tệp mẫu/ })).toBeVisible();
  await upload
    .getByLabel('Tệp Excel (.xlsx)')
    .setInputFiles({ name: 'nhan-su.csv', mimeType: 'text/csv', buffer: Buffer.from('Full Name,Username\n') });
  await expect(upload.getByText('Vui lòng chọn tệp Excel hợp lệ (.xlsx)')).toBeVisible();

  const suffix = Date.now().toString(36);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(['Full Name', 'Username', 'Email', 'Birth Date', 'Gender', 'Role', 'Specialty']);
  sheet.addRow(['Trần Văn Nam', `nam.${suffix}`, `nam.${suffix}@antamclinic.vn`, '', 'MALE', 'STAFF', '']);
  sheet.addRow(['', `thieu.${suffix}`, 'khong-phai-email', '', '', 'PATIENT', '']);
  sheet.addRow(['Trần Văn Nam Hai', `nam.${suffix}`, `nam2.${suffix}@antamclinic.vn`, '', '', 'PATIENT', '']);
  await upload.getByLabel('Tệp Excel (.xlsx)').setInputFiles({
    name: 'nhan-su.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await upload.getByRole('button', { name: 'Tải lên và nhập' }).click();
  const report = page.getByRole('dialog', { name: 'Kết quả nhập' });
  const summary = report.getByRole('list', { name: 'Tóm tắt' });
  await expect(summary.getByRole('listitem').filter({ hasText: 'Đã nhập' })).toContainText('1');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Thất bại' })).toContainText('2');
  const rows = report.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: /^3/ })).toContainText('Vui lòng nhập họ và tên; Email không hợp lệ');
  await expect(rows.filter({ hasText: /^4/ })).toContainText('Tên đăng nhập trùng với dòng 2 của tệp');
  await expect(report.getByText(/[A-Z][a-z]+ (is|must|repeats)/)).toHaveCount(0);
  await snap(page, testInfo, 'import-results-vi');
  await report.getByRole('button', { name: 'Đóng' }).last().click();

  await menu.getByRole('link', { name: 'Quản lý bệnh nhân' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý bệnh nhân' })).toBeVisible();
  await expect(page.getByText('Tổng số bệnh nhân')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm bệnh nhân' }).click();
  const add = page.getByRole('dialog', { name: 'Thêm bệnh nhân' });
  await expect(add.getByRole('button', { name: 'Hủy' })).toBeVisible();
  await add.getByRole('button', { name: 'Hủy' }).click();
  await expect(add).toHaveCount(0);

  await menu.getByRole('link', { name: 'Quản lý lịch hẹn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Booking Manager')).toHaveCount(0);
});
