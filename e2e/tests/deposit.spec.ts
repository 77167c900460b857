import { expect } from '@playwright/test';
import { agreeToHealthData, attemptOf, emptySlotDay, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

const FERTILITY = 'Khoa Hiếm muộn';

test('an administrator asks a deposit in one department; a visitor booking there pays it in the VNPay simulator and her booking goes on (issue 28)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // A retry's visitor is another person in a slot nobody holds: the first attempt's booking stays.
  const her = attemptOf(testInfo);
  const date = await emptySlotDay(request, { time: '15:00', department: 'FERTILITY' }, 6);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/departments');
  await expect(page.getByRole('heading', { level: 1, name: 'Khoa khám' })).toBeVisible();
  const deposit = page.getByLabel(`Tiền đặt cọc (VNĐ) – ${FERTILITY}`);
  await deposit.fill('200.000');
  await page.locator('form').filter({ has: deposit }).getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(`${FERTILITY}: tiền đặt cọc 200.000 VNĐ`)).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/appointment');
  await page.getByLabel('Họ và tên').fill(her.name('Đỗ Thị Hạnh'));
  await page.getByLabel('Số điện thoại').fill(her.phone('0977 300 111'));
  await page.getByLabel('Email').fill(her.email('hanh.do@example.vn'));
  const department = page.getByLabel('Khoa khám');
  await expect(department).toBeEnabled();
  await department.selectOption({ label: FERTILITY });
  await expect(page.getByText(/Khoa này yêu cầu tiền đặt cọc 200\.000 VNĐ/)).toBeVisible();
  await page.getByLabel('Ngày khám').fill(date);
  await page
    .locator('label')
    .filter({ hasText: /^15:00/ })
    .click();
  await expect(page.getByText(/Còn chỗ/)).toBeVisible();
  await agreeToHealthData(page);
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();

  const panel = page.getByRole('region', { name: 'Đặt lịch hẹn thành công' });
  await expect(panel.getByText(/Chỗ của quý khách được giữ đến/)).toBeVisible();
  const id = Number(/#(\d+)/.exec((await panel.getByText(/^Mã lịch hẹn: #\d+$/).textContent()) ?? '')![1]);
  await snap(page, testInfo, 'deposit-booked');
  await expectAccessible(page);
  await panel.getByRole('link', { name: 'Thanh toán đặt cọc' }).click();

  await expect(page.getByRole('heading', { name: 'Thanh toán lịch khám' })).toBeVisible();
  await expect(page.getByText('200.000 VNĐ', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'deposit-pay-page');
  await page.getByRole('button', { name: 'VNPay' }).click();
  await expect(page.getByRole('heading', { name: 'VNPay (mô phỏng)' })).toBeVisible();
  await page.getByRole('link', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/pay\/result\?/);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();

  // The IPN ended the hold: the booking goes on as any other, the deposit recorded.
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  const booked = (await (await request.get(`/api/appointments/${id}`, { headers })).json()) as {
    status: string;
    depositAmount: number;
    depositPaidAt: string | null;
  };
  expect(booked).toMatchObject({ status: 'PENDING', depositAmount: 200000 });
  expect(booked.depositPaidAt).not.toBeNull();

  // Off again, as a newcomer finds it.
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const off = await request.put('/api/departments/FERTILITY/deposit', {
    headers: admin,
    data: { depositAmount: null },
  });
  expect(off.status()).toBe(200);
});
