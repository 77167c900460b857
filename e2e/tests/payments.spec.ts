import { expect, test } from '@playwright/test';
import { bookViaApi, clinicWeekday, snap, tokenOf } from './helpers';
import { linkFromMail } from './mailbox';

test('staff request a payment, the patient opens the pay link from her e-mail, pays in the VNPay simulator and sees "Đã thanh toán"; the booking is PAID without anyone clicking @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phoneWidth = testInfo.project.name === 'phone';
  const email = phoneWidth ? 'thanh.toan2@example.vn' : 'thanh.toan1@example.vn';
  const id = await bookViaApi(request, {
    fullName: 'Lê Thị Thu',
    phone: phoneWidth ? '0966700002' : '0966700001',
    email,
    appointmentDate: clinicWeekday(phoneWidth ? 12 : 11),
    appointmentTime: '10:00',
    department: 'GYNECOLOGY',
    reason: 'Khám định kỳ',
  });
  const staff = await tokenOf(request, 'staff');
  const headers = { Authorization: `Bearer ${staff}` };
  expect((await request.put(`/api/appointments/${id}/confirm`, { headers })).status()).toBe(200);
  const asked = await request.put(`/api/appointments/${id}/request-payment`, { headers, data: { amount: 350000 } });
  expect(asked.status(), await asked.text()).toBe(200);

  const link = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]{43}/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Thanh toán lịch khám' })).toBeVisible();
  await expect(page.getByText('350.000')).toBeVisible();
  await expect(page.getByText('Khám định kỳ')).toHaveCount(0);
  await snap(page, testInfo, 'pay-page');
  await page.getByRole('button', { name: 'VNPay' }).click();

  await expect(page.getByRole('heading', { name: 'VNPay (mô phỏng)' })).toBeVisible();
  await page.getByRole('link', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/pay\/result\?/);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();
  await snap(page, testInfo, 'pay-result');

  const after = await request.get(`/api/appointments/${id}`, { headers });
  expect(((await after.json()) as { status: string }).status).toBe('PAID');
  // The pay link now says so too.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();
});
