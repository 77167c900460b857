import { expect, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  agreeToHealthData,
  attemptOf,
  clinicWeekday,
  emptySlotDay,
  expectAccessible,
  signIn,
  snap,
  test,
} from './helpers';

/** The time tiles are radio buttons drawn as labels: a person clicks the tile. */
async function pickTime(page: Page, time: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${time}`) })
    .click();
  await expect(page.getByRole('radio', { name: time })).toBeChecked();
}

async function chooseDepartment(page: Page) {
  const select = page.getByLabel('Khoa khám');
  await expect(select).toBeEnabled();
  await select.selectOption({ label: 'Khoa Phụ khoa' });
}

test('a visitor books an appointment and sees the success panel @phone', async ({ page, request }, testInfo) => {
  // Each project books its own slot with its own phone: one person cannot hold one slot twice. A
  // retry books another person in a slot nobody holds (the first attempt's booking stays).
  const phoneWidth = testInfo.project.name === 'phone';
  const her = attemptOf(testInfo);
  const time = phoneWidth ? '16:30' : '16:00';
  const date = await emptySlotDay(request, { time, department: 'GYNECOLOGY' }, phoneWidth ? 5 : 4, 2);

  await page.goto('/appointment');
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt lịch khám' })).toBeVisible();
  await expect(page).toHaveTitle(/Đặt lịch khám/);

  await page.getByLabel('Họ và tên').fill(her.name('Phạm Thị Lan'));
  await page.getByLabel('Số điện thoại').fill(her.phone(phoneWidth ? '0977 000 222' : '0977 000 111'));
  await page.getByLabel('Email').fill(her.email('lan.pham@example.vn'));
  await chooseDepartment(page);

  await page.getByLabel('Ngày khám').fill(date);
  await expect(page.getByRole('radio')).toHaveCount(16);
  await pickTime(page, time);
  await expect(page.getByText(/Còn chỗ/)).toBeVisible();
  await page.getByLabel('Lý do khám').fill('Khám phụ khoa định kỳ');
  await snap(page, testInfo, 'booking-filled');
  await expectAccessible(page);

  // Her health data needs her explicit consent (issue 26): without the ticked box nothing is sent.
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();
  await expect(page.getByText('Vui lòng đồng ý với việc xử lý thông tin sức khỏe để đặt lịch')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Xem chính sách bảo mật' }).first()).toHaveAttribute(
    'href',
    '/chinh-sach-bao-mat',
  );
  await agreeToHealthData(page);
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();

  const heading = page.getByRole('heading', { name: 'Đặt lịch hẹn thành công' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const panel = page.getByRole('region', { name: 'Đặt lịch hẹn thành công' });
  await expect(panel.getByText(/^Mã lịch hẹn: #\d+$/)).toBeVisible();
  await expect(panel.getByText(/đến trước 15 phút/)).toBeVisible();
  await snap(page, testInfo, 'booking-success');
  await expectAccessible(page);

  // Another booking starts from an empty form.
  await panel.getByRole('button', { name: 'Đặt lịch hẹn khác' }).click();
  await expect(page.getByLabel('Họ và tên')).toHaveValue('');
});

test('the booking page refuses a Sunday and has no serious accessibility violation @phone', async ({
  page,
}, testInfo) => {
  await page.goto('/appointment');
  await expect(page.getByLabel('Khoa khám')).toBeEnabled();
  await expectAccessible(page);

  const sunday = (() => {
    const first = clinicWeekday(1);
    const date = new Date(`${first}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
    return date.toISOString().slice(0, 10);
  })();
  await page.getByLabel('Ngày khám').fill(sunday);
  await expect(page.getByText('Phòng khám không làm việc vào Chủ nhật')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Đặt lịch hẹn' })).toBeDisabled();

  await snap(page, testInfo, 'booking-sunday');
});

test("a signed-in patient's name, e-mail and phone are prefilled and locked", async ({ page, request }, testInfo) => {
  await signIn(page, 'patient');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/appointment');

  const name = page.getByLabel('Họ và tên');
  await expect(name).toHaveValue(ACCOUNTS.patient.fullName);
  await expect(name).not.toBeEditable();
  await expect(page.getByLabel('Email')).toHaveValue('patient@example.com');
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByLabel('Số điện thoại')).toHaveValue('0912345678');
  await expect(page.getByLabel('Số điện thoại')).not.toBeEditable();
  await expect(page.getByText(/lấy từ tài khoản của bạn/)).toBeVisible();
  await snap(page, testInfo, 'booking-patient');

  await chooseDepartment(page);
  // The demo patient cannot hold one slot twice: a retry takes a slot nobody holds yet.
  await page.getByLabel('Ngày khám').fill(await emptySlotDay(request, { time: '15:30', department: 'GYNECOLOGY' }, 6));
  await pickTime(page, '15:30');
  await expect(page.getByText(/Còn chỗ/)).toBeVisible();
  await agreeToHealthData(page);
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();
  await expect(page.getByRole('heading', { name: 'Đặt lịch hẹn thành công' })).toBeVisible();

  await page.getByRole('button', { name: 'Đặt lịch hẹn khác' }).click();
  await expect(page.getByLabel('Họ và tên')).toHaveValue(ACCOUNTS.patient.fullName);
  await expect(page.getByLabel('Họ và tên')).not.toBeEditable();
});
