import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { attemptOf, bookViaApi, emptySlotDay, signIn, snap, test, tokenOf } from './helpers';
import { linkFromMail } from './mailbox';

/** The simulated bank-notification service's key (the server's simulator default, as SePay's "Apikey"). */
const BANK_WEBHOOK_KEY = 'SIMULATOR-BANK-WEBHOOK-SECRET';

type Patient = { email: string; phone: string; day: number };

/**
 * This attempt's patient: a retry (CI retries a failed journey on the same server) books with a phone
 * and e-mail of its own, in a slot nobody holds, so neither her booking nor her mailbox is the first attempt's.
 */
function patientOf(testInfo: TestInfo, patient: Patient): Patient {
  const her = attemptOf(testInfo);
  return { ...patient, email: her.email(patient.email), phone: her.phone(patient.phone) };
}

/** Her confirmed booking, a payment staff requested for it, and the pay link from her e-mail. */
async function paymentRequested(request: APIRequestContext, patient: Patient, amount: number) {
  const id = await bookViaApi(request, {
    fullName: 'Lê Thị Thu',
    phone: patient.phone,
    email: patient.email,
    appointmentDate: await emptySlotDay(request, { time: '10:00', department: 'GYNECOLOGY' }, patient.day),
    appointmentTime: '10:00',
    department: 'GYNECOLOGY',
    reason: 'Khám định kỳ',
  });
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  expect((await request.put(`/api/appointments/${id}/confirm`, { headers })).status()).toBe(200);
  const asked = await request.put(`/api/appointments/${id}/request-payment`, { headers, data: { amount } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = await linkFromMail(patient.email, /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]{43}/);
  return { id, headers, path: new URL(link).pathname, phone: patient.phone, email: patient.email };
}

/**
 * Booking Manager open at the front desk on her booking (found by her phone) before she pays; nobody
 * touches it afterwards.
 */
async function frontDeskWatching(browser: Browser, phone: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const desk = await context.newPage();
  await signIn(desk, 'staff');
  await expect(desk).not.toHaveURL(/\/login/);
  await desk.goto(`/admin/bookings?q=${phone}`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
  const row = desk.locator('tr:visible').filter({ hasText: phone });
  await expect(row.getByText('Cần thanh toán')).toBeVisible();
  return { context, desk, row };
}

/** The list refreshes on its own within its interval (15 s): PAID shows without a click or a reload. */
const BY_ITSELF = { timeout: 25_000 };

test('staff request a payment, the patient opens the pay link from her e-mail, pays in the VNPay simulator and sees "Đã thanh toán"; Booking Manager, open at the desk, shows it paid without anyone clicking @phone-only', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // She pays on her phone (this project), the desk watches at 1366 px: one run holds both widths.
  const { id, headers, path, phone } = await paymentRequested(
    request,
    patientOf(testInfo, { email: 'thanh.toan2@example.vn', phone: '0966700002', day: 12 }),
    350000,
  );
  const { context, desk, row } = await frontDeskWatching(browser, phone);

  await page.goto(path);
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
  await page.goto(path);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();

  await expect(row.getByText('Đã thanh toán', { exact: true })).toBeVisible(BY_ITSELF);
  await expect(row.getByText('Cần thanh toán')).toHaveCount(0);
  await snap(desk, testInfo, 'booking-manager-paid');

  // Booking History's payments report counts it today under VNPay, and downloads as CSV.
  await desk.goto('/admin/booking-history?period=today');
  const report = desk.getByRole('region', { name: 'Báo cáo thanh toán' });
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  await expect(report.getByRole('row').filter({ hasText: today }).filter({ hasText: 'VNPay' })).toBeVisible();
  await snap(desk, testInfo, 'payments-report');
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    report.getByRole('button', { name: 'Tải CSV thanh toán' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payments-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFNgày,Phương thức,Số lượt thu,Tiền vào (VNĐ),Số lượt hoàn,Hoàn tiền (VNĐ),Thực thu (VNĐ)',
  );
  expect(csv).toContain(`${today},VNPay,`);
  await context.close();
});

test('the same with MoMo: she pays in the MoMo simulator, comes back to "Đã thanh toán", and the desk sees it paid by itself @phone-only', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { id, headers, path, phone } = await paymentRequested(
    request,
    patientOf(testInfo, { email: 'momo2@example.vn', phone: '0966700004', day: 14 }),
    420000,
  );
  const { context, desk, row } = await frontDeskWatching(browser, phone);

  await page.goto(path);
  await expect(page.getByText('420.000')).toBeVisible();
  await page.getByRole('button', { name: 'Ví MoMo' }).click();
  await expect(page.getByRole('heading', { name: 'Ví MoMo (mô phỏng)' })).toBeVisible();
  await expect(page.getByText('420.000')).toBeVisible();
  await page.getByRole('link', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/pay\/result\?/);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();
  await snap(page, testInfo, 'momo-result');

  const payments = await request.get(`/api/appointments/${id}/payments`, { headers });
  expect(((await payments.json()) as { payments: unknown[] }).payments).toEqual([
    expect.objectContaining({ provider: 'MOMO', status: 'PAID', amount: 420000 }),
  ]);
  await expect(row.getByText('Đã thanh toán', { exact: true })).toBeVisible(BY_ITSELF);
  await snap(desk, testInfo, 'booking-manager-momo-paid');
  await context.close();
});

test('the private link she got at booking shows the pay button once staff request a payment, and pays as the pay link does @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phoneWidth = testInfo.project.name === 'phone';
  const { id, headers, email } = await paymentRequested(
    request,
    patientOf(testInfo, {
      email: phoneWidth ? 'quan.ly.tt2@example.vn' : 'quan.ly.tt1@example.vn',
      phone: phoneWidth ? '0966700008' : '0966700007',
      day: phoneWidth ? 18 : 17,
    }),
    380000,
  );
  const manage = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/appointment\/manage\/[A-Za-z0-9_-]{43}/);

  await page.goto(new URL(manage).pathname);
  const card = page.getByRole('region', { name: `Mã lịch hẹn #${id}` });
  await expect(card.getByText('Cần thanh toán')).toBeVisible();
  await snap(page, testInfo, 'manage-pay-button');
  await card.getByRole('link', { name: 'Thanh toán trực tuyến' }).click();
  await expect(page.getByRole('heading', { name: 'Thanh toán lịch khám' })).toBeVisible();
  await expect(page.getByText('380.000')).toBeVisible();
  await page.getByRole('button', { name: 'VNPay' }).click();
  await page.getByRole('link', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/pay\/result\?/);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();

  const after = await request.get(`/api/appointments/${id}`, { headers });
  expect(((await after.json()) as { status: string }).status).toBe('PAID');
  // Back on her link: paid, and nothing more to pay.
  await page.goto(new URL(manage).pathname);
  await expect(card.getByText('Đã thanh toán', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Thanh toán trực tuyến' })).toHaveCount(0);
});

/** An EMVCo QR payload's top-level fields (id, two-digit length, value), as a banking app reads them. */
function emvFields(payload: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i < payload.length; i += 4 + Number(payload.slice(i + 2, i + 4)))
    fields[payload.slice(i, i + 2)] = payload.slice(i + 4, i + 4 + Number(payload.slice(i + 2, i + 4)));
  return fields;
}

/** What a phone camera would read from the QR on screen: the drawn pixels, decoded. */
async function scanQr(page: Page, name: string): Promise<string | undefined> {
  const png = await page.getByRole('img', { name }).screenshot({ scale: 'css' });
  // A blank page of her browser turns the picture back into pixels (the site's own pages forbid data: images).
  const scratch = await page.context().newPage();
  const image = await scratch.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, img.width, img.height);
    return { data: Array.from(data), width, height };
  }, png.toString('base64'));
  await scratch.close();
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
}

test('VietQR: the pay page draws a QR a banking app can scan, with the amount and the reference; the bank notification pays it and she sees it paid when she comes back @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phoneWidth = testInfo.project.name === 'phone';
  const { id, headers, path } = await paymentRequested(
    request,
    patientOf(testInfo, {
      email: phoneWidth ? 'vietqr2@example.vn' : 'vietqr1@example.vn',
      phone: phoneWidth ? '0966700006' : '0966700005',
      day: phoneWidth ? 16 : 15,
    }),
    275000,
  );

  await page.goto(path);
  await page.getByRole('button', { name: 'Chuyển khoản VietQR' }).click();
  await expect(page.getByRole('img', { name: 'Mã VietQR để chuyển khoản' })).toBeVisible();
  await snap(page, testInfo, 'vietqr');
  // The memo she copies into her banking app (issue 35: each detail with its copy button).
  const details = page.locator('dl').filter({ hasText: 'Nội dung chuyển khoản' });
  const reference = (await details.locator('dd > span').last().innerText()).trim();
  expect(reference).toMatch(new RegExp(`^AT${id}X[0-9A-F]{12}$`));

  const payload = await scanQr(page, 'Mã VietQR để chuyển khoản');
  expect(payload).toBeTruthy();
  const top = emvFields(payload!);
  expect(top['53']).toBe('704');
  expect(top['54']).toBe('275000');
  expect(top['58']).toBe('VN');
  const merchant = emvFields(top['38']!);
  expect(merchant['00']).toBe('A000000727');
  // The clinic's bank (a NAPAS BIN) and account.
  const beneficiary = emvFields(merchant['01']!);
  expect(beneficiary['00']).toMatch(/^\d{6}$/);
  expect(emvFields(top['62']!)['08']).toBe(reference);

  // The bank tells the clinic (SePay's webhook shape) that the transfer with her memo arrived.
  const hook = await request.post('/api/payments/vietqr/webhook', {
    headers: { Authorization: `Apikey ${BANK_WEBHOOK_KEY}` },
    data: {
      id: 930000 + id,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-27 09:20:00',
      accountNumber: beneficiary['01'],
      content: `CK ${reference} thanh toan`,
      transferType: 'in',
      transferAmount: 275000,
      referenceCode: `FT${id}`,
    },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  const after = await request.get(`/api/appointments/${id}`, { headers });
  expect(((await after.json()) as { status: string }).status).toBe('PAID');

  // She comes back from her banking app: the page asks again and says so, without a reload.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByText('Đã thanh toán')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Mã VietQR để chuyển khoản' })).toHaveCount(0);
  await snap(page, testInfo, 'vietqr-paid');
});
