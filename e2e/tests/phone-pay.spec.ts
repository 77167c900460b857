import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { agreeToHealthData, attemptOf, bookViaApi, emptySlotDay, snap, test, tokenOf } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { SIMULATOR } from '../servers';

/**
 * Issue 35, items 3, 6 and 8: a patient who gave only her phone, on a slow phone (412×915, 1.6 Mbps,
 * 150 ms, CPU ×4). Her screens name the channel she is reached on; a payment request's Zalo carries
 * the amount and a short link that opens her pay page; VietQR gives her the bank, account, holder,
 * amount and memo to copy into her banking app; the pay page opens at its top, with one main landmark.
 */

/** The demo account the VietQR simulator draws (config.ts), at Vietcombank (the default BIN 970436). */
const DEMO_ACCOUNT = '0011000000000';

test.use({
  viewport: { width: 412, height: 915 },
  isMobile: true,
  hasTouch: true,
  permissions: ['clipboard-read', 'clipboard-write'],
});

type Sim = { channel: string; templateId?: string; data?: Record<string, string>; text?: string };
async function inbox(request: APIRequestContext, msisdn: string): Promise<Sim[]> {
  return (await (await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`)).json()) as Sim[];
}

/** The slow phone of the day's play. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Where the window is scrolled at the moment the pay page's title first shows, and later. */
async function scrolledWhenTitleShows(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const h1 = Array.from(document.querySelectorAll('h1')).find((h) => h.textContent === 'Thanh toán lịch khám');
      return h1 ? { y: window.scrollY } : null;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return ((await handle.jsonValue()) as { y: number }).y;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a visitor with only a phone books a deposit on a slow phone: told her link goes by Zalo or SMS, the pay page opens at its top, and VietQR gives her the account to copy @phone-only', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const on = await request.put('/api/departments/OBSTETRICS/deposit', {
    headers: admin,
    data: { depositAmount: 150000 },
  });
  expect(on.status(), await on.text()).toBe(200);
  try {
    const date = await emptySlotDay(request, { time: '14:30', department: 'OBSTETRICS' }, 19);
    await page.goto('/appointment');
    await page.getByLabel('Họ và tên').fill('Vũ Thị Mai');
    await page.getByLabel('Số điện thoại').fill('0977 350 001');
    const department = page.getByLabel('Khoa khám');
    await expect(department).toBeEnabled();
    await department.selectOption({ label: 'Khoa Sản' });
    await page.getByLabel('Ngày khám').fill(date);
    await page
      .locator('label')
      .filter({ hasText: /^14:30/ })
      .click();
    await expect(page.getByText(/Còn chỗ/)).toBeVisible();
    await agreeToHealthData(page);
    await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();

    const panel = page.getByRole('region', { name: 'Đặt lịch hẹn thành công' });
    await expect(panel).toBeVisible();
    // No e-mail was given: the panel names her phone's channels, never an e-mail.
    await expect(panel.getByText(/Liên kết đặt cọc đã được gửi qua Zalo \(hoặc SMS/)).toBeVisible();
    await expect(panel).not.toContainText('email');
    await snap(page, testInfo, 'phone-only-booked');

    // The slow phone: she taps the deposit's button far down the page.
    await slowPhone(page);
    const pay = panel.getByRole('link', { name: 'Thanh toán đặt cọc' });
    // She has read on past it: the button in the middle of her screen.
    await pay.evaluate((a) => a.scrollIntoView({ block: 'center' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await pay.click();
    // The page shows its top from the first paint on: its title, not a spinner and the footer.
    expect(await scrolledWhenTitleShows(page)).toBe(0);
    await expect(page.getByText('150.000 VNĐ', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Thanh toán lịch khám' })).toBeInViewport();
    await snap(page, testInfo, 'deposit-pay-page-top');
    // One main landmark, and nothing axe finds.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Chuyển khoản VietQR' }).click();
    await expect(page.getByRole('heading', { name: 'Chuyển khoản VietQR' })).toBeVisible({ timeout: 30_000 });
    const details = page.locator('dl').filter({ hasText: 'Số tài khoản' });
    await expect(details.getByText('Vietcombank')).toBeVisible();
    await expect(details.getByText(DEMO_ACCOUNT)).toBeVisible();
    await expect(details.getByText('PHONG KHAM AN TAM (DEMO)')).toBeVisible();
    await expect(details.getByText('150.000 VNĐ')).toBeVisible();
    const memo = (await details.locator('dd > span').last().innerText()).trim();
    expect(memo).toMatch(/^AT\d+X[0-9A-F]{12}$/);

    // Each copy button puts its value on the clipboard and says so, to the eye and to a screen reader.
    for (const [label, value] of [
      ['số tài khoản', DEMO_ACCOUNT],
      ['số tiền', '150000'],
      ['nội dung chuyển khoản', memo],
    ] as const) {
      await page.getByRole('button', { name: `Sao chép ${label}` }).click();
      await expect(page.getByRole('button', { name: `Đã sao chép ${label}` })).toHaveText('Đã sao chép');
      await expect(page.getByRole('status').filter({ hasText: `Đã sao chép ${label}` })).toBeAttached();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }
    // Touch targets of a phone.
    for (const button of await page.getByRole('button', { name: /sao chép/i }).all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // Her banking app, filled in by VietQR.io's documented deep link; and the code for another device.
    const mb = page.getByRole('link', { name: 'MB Bank' });
    await expect(mb).toHaveAttribute(
      'href',
      `https://dl.vietqr.io/pay?app=mb&am=150000&tn=${memo}&ba=${DEMO_ACCOUNT}@vcb&bn=PHONG%20KHAM%20AN%20TAM%20(DEMO)`,
    );
    await expect(page.getByRole('img', { name: 'Mã VietQR để chuyển khoản' })).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, testInfo, 'vietqr-phone');
    await expectNoAxeViolations(page);
  } finally {
    await request.put('/api/departments/OBSTETRICS/deposit', { headers: admin, data: { depositAmount: null } });
  }
});

test('a payment request reaches a patient with only a phone by Zalo with the amount and a short link, which opens her pay page @phone-only', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // A retry's patient is her own: her phone's inbox holds only this attempt's request.
  const her = attemptOf(testInfo);
  const name = her.name('Hồ Thị Nhung');
  const phone = her.phone('0977350002');
  const msisdn = mobileMsisdn(phone)!;
  const date = await emptySlotDay(request, { time: '15:30', department: 'GYNECOLOGY' }, 21);
  const id = await bookViaApi(request, {
    fullName: name,
    phone,
    email: '',
    appointmentDate: date,
    appointmentTime: '15:30',
    department: 'GYNECOLOGY',
    reason: 'Khám định kỳ',
  });
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  expect((await request.put(`/api/appointments/${id}/confirm`, { headers })).status()).toBe(200);
  const asked = await request.put(`/api/appointments/${id}/request-payment`, { headers, data: { amount: 380000 } });
  expect(asked.status(), await asked.text()).toBe(200);

  let message: Sim | undefined;
  await expect
    .poll(
      async () => {
        message = (await inbox(request, msisdn)).find((m) => m.channel === 'zalo' && m.data?.amount);
        return message;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  expect(message!.data).toMatchObject({ customer_name: name, amount: '380.000 VNĐ', time: '15:30' });
  expect(message!.data!.link).toMatch(/\/l\/[A-Za-z0-9_-]{22}$/);

  // She taps the link in Zalo: her pay page, with the amount.
  await page.goto(new URL(message!.data!.link!).pathname);
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanh toán lịch khám' })).toBeVisible();
  await expect(page.getByText(`#${id} · 15:30`)).toBeVisible();
  await expect(page.getByText('380.000 VNĐ', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chuyển khoản VietQR' })).toBeVisible();
  await snap(page, testInfo, 'payment-request-from-zalo');
});
