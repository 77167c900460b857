import { devices, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { attemptOf, bookViaApi, emptySlotDay, signIn, snap, test, tokenOf } from './helpers';
import { SIMULATOR } from '../servers';

/** The phone simulator beside the journeys' server (serve-with-mailbox.mjs): what her phone received. */
type PhoneMessage = { channel: string; data?: Record<string, string>; text?: string };

// The simulator's bank-notification key (config.ts SIMULATOR_KEYS): the e2e server runs without real keys.
const BANK_WEBHOOK_KEY = 'SIMULATOR-BANK-WEBHOOK-SECRET';
const DEPOSIT = 200_000;
const METHODS = ['VNPay', 'Ví MoMo', 'Chuyển khoản VietQR', 'Tại quầy'] as const;

type Line = { in: number; inCount: number; out: number; outCount: number; net: number };
type Figures = Record<(typeof METHODS)[number] | 'Tổng cộng', Line>;

const money = (text: string) => Number(/(-?[\d.]+) VNĐ/.exec(text)![1]!.replace(/\./g, ''));
const times = (text: string) => Number(/(\d+) lượt/.exec(text)?.[1] ?? 0);

/** The figures a person reads off the screen: each method's row and the total, as the table shows them. */
async function figuresOf(region: Locator): Promise<Figures> {
  const table = region.getByRole('table', { name: /theo phương thức/ });
  await expect(table).toBeVisible();
  const figures = {} as Figures;
  for (const row of await table.getByRole('row').all()) {
    const cells = await row.locator('th, td').allInnerTexts();
    if (!cells[1]?.includes('VNĐ')) continue;
    figures[cells[0]!.trim() as keyof Figures] = {
      in: money(cells[1]!),
      inCount: times(cells[1]!),
      out: money(cells[2]!),
      outCount: times(cells[2]!),
      net: money(cells[3]!),
    };
  }
  const totals = region.getByLabel(/: tổng$/);
  figures['Tổng cộng'].inCount = times(await totals.getByText('Tiền vào', { exact: true }).locator('..').innerText());
  figures['Tổng cộng'].outCount = times(await totals.getByText('Hoàn tiền', { exact: true }).locator('..').innerText());
  return figures;
}

/** The owner's Dashboard and Booking History's report of today, read one after the other. */
async function bothScreens(page: Page) {
  await page.goto('/admin');
  const dashboard = await figuresOf(page.getByRole('region', { name: 'Tiền hôm nay' }));
  await page.goto('/admin/booking-history?period=today');
  const report = await figuresOf(page.getByRole('region', { name: 'Báo cáo thanh toán' }));
  return { dashboard, report };
}

/** The two screens agree (read again if money moved between the two reads), and what they agree on. */
async function agreedFigures(page: Page): Promise<Figures> {
  let agreed: Figures | undefined;
  await expect(async () => {
    const { dashboard, report } = await bothScreens(page);
    expect(report).toEqual(dashboard);
    agreed = dashboard;
  }).toPass({ timeout: 60_000 });
  return agreed!;
}

/** She pays on the pay page in her browser, in the VNPay or MoMo simulator; answers the amount paid. */
async function payInBrowser(page: Page, path: string, method: 'VNPay' | 'Ví MoMo') {
  await page.goto(path);
  await payOnPayPage(page, method);
}

/** On her pay page, she pays in the VNPay or MoMo simulator. */
async function payOnPayPage(page: Page, method: 'VNPay' | 'Ví MoMo') {
  await expect(page.getByRole('heading', { name: 'Thanh toán lịch khám' })).toBeVisible();
  await page.getByRole('button', { name: method }).click();
  await expect(page.getByRole('heading', { name: `${method} (mô phỏng)` })).toBeVisible();
  await page.getByRole('link', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/pay\/result\?/);
  await expect(page.getByText('Đã thanh toán')).toBeVisible();
}

/** A bank transfer with the pay page's memo reaches the clinic's account (SePay's webhook). */
async function transfer(request: APIRequestContext, token: string, id: number) {
  const started = await request.post(`/api/payments/pay/${token}/start`, { data: { method: 'VIETQR' } });
  expect(started.status(), await started.text()).toBe(200);
  const { reference, amount } = (await started.json()) as { reference: string; amount: number };
  const hook = await request.post('/api/payments/vietqr/webhook', {
    headers: { Authorization: `Apikey ${BANK_WEBHOOK_KEY}` },
    data: {
      id: 935_000 + id,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-27 09:20:00',
      accountNumber: '0000',
      content: `CK ${reference}`,
      transferType: 'in',
      transferAmount: amount,
      referenceCode: `FT35${id}`,
    },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  return amount;
}

test("the money of one day adds up: deposits by VNPay, MoMo and VietQR, a payment request paid from her phone message, a desk payment and a refund move the owner's Dashboard and the payments report by exactly that, and the two screens agree (issue 35)", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const staff = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  // Each project's run books its own numbers: the phone simulator keeps every message of the suite.
  const line = testInfo.project.name === 'phone' ? '8' : '5';
  // A retry's patients are people of their own: the phone simulator keeps the first attempt's messages too,
  // and the first one found on her phone would be the first attempt's request, already paid.
  const their = attemptOf(testInfo);
  // A patient's phone of her own, where she opens her Zalo's link; the owner's browser is `page`.
  const { defaultBrowserType: _, ...herPhone } = devices['Pixel 7'];
  const herContext = await browser.newContext(herPhone);
  const her = await herContext.newPage();

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin/);
  // Before: whatever the demo data and earlier journeys took today.
  const before = await agreedFigures(page);

  const setDeposit = (depositAmount: number | null) =>
    request.put('/api/departments/FERTILITY/deposit', { headers: admin, data: { depositAmount } });
  expect((await setDeposit(DEPOSIT)).status()).toBe(200);
  try {
    const day = await emptySlotDay(request, { time: '08:00', department: 'FERTILITY' }, 24);
    /**
     * A visitor books in the department with a deposit: the booking and the pay link it answers with.
     * Without an e-mail, she is reached only on her phone (Zalo, or SMS).
     */
    const book = async (n: number, { phoneOnly = false } = {}) => {
      const phone = their.phone(`0966703${line}${String(n).padStart(2, '0')}`);
      const res = await request.post('/api/appointments/public', {
        data: {
          fullName: their.name(`Khách Sổ Thu ${n}`),
          phone,
          email: phoneOnly ? '' : `so.thu${n}.${run}@example.vn`,
          appointmentDate: day,
          appointmentTime: '08:00',
          department: 'FERTILITY',
          consentHealthData: true,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const body = (await res.json()) as { appointmentId: number; deposit: { payToken: string } };
      return { id: body.appointmentId, token: body.deposit.payToken, msisdn: `84${phone.slice(1)}` };
    };

    // Three deposits, one by each method.
    const byVnpay = await book(1);
    const byMomo = await book(2);
    const byQr = await book(3, { phoneOnly: true });
    await payInBrowser(her, `/pay/${byVnpay.token}`, 'VNPay');
    await payInBrowser(her, `/pay/${byMomo.token}`, 'Ví MoMo');
    expect(await transfer(request, byQr.token, byQr.id)).toBe(DEPOSIT);

    // Her visit's payment requested (the deposit deducted); she gave no e-mail: the request reaches her
    // phone by Zalo, with the rest to pay and the short form of her pay link, and she pays from it.
    expect((await request.put(`/api/appointments/${byQr.id}/confirm`, { headers: staff })).status()).toBe(200);
    const asked = await request.put(`/api/appointments/${byQr.id}/request-payment`, {
      headers: staff,
      data: { amount: 380_000 },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    // Her phone also holds the deposit's message: the request's is the one that says an amount.
    let message: PhoneMessage | undefined;
    await expect
      .poll(
        async () => {
          const inbox = (await (
            await request.get(`${SIMULATOR}/_sim/inbox?phone=${byQr.msisdn}`)
          ).json()) as PhoneMessage[];
          message = inbox.find((m) => m.channel === 'zalo' && m.data?.amount);
          return message;
        },
        { timeout: 20_000 },
      )
      .toBeTruthy();
    expect(message!.data).toMatchObject({
      customer_name: their.name('Khách Sổ Thu 3'),
      amount: '180.000 VNĐ',
      time: '08:00',
    });
    const shortLink = message!.data!.link!;
    expect(shortLink).toMatch(/\/l\/[A-Za-z0-9_-]{22}$/);
    // She taps the link in Zalo: her pay page, for the rest, not the deposit's.
    await her.goto(new URL(shortLink).pathname);
    await expect(her).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(her.url()).not.toContain(byQr.token);
    await expect(her.getByText('180.000 VNĐ', { exact: true })).toBeVisible();
    await snap(her, testInfo, 'payment-request-pay-page-from-zalo');
    await payOnPayPage(her, 'VNPay');

    // A visit paid at the desk.
    const deskId = await bookViaApi(request, {
      fullName: their.name('Khách Trả Tại Quầy'),
      phone: their.phone(`0966703${line}99`),
      email: `tai.quay.${run}@example.vn`,
      appointmentDate: day,
      appointmentTime: '09:00',
      department: 'GYNECOLOGY',
    });
    expect((await request.put(`/api/appointments/${deskId}/confirm`, { headers: staff })).status()).toBe(200);
    await request.put(`/api/appointments/${deskId}/request-payment`, { headers: staff, data: { amount: 450_000 } });
    const marked = await request.post(`/api/appointments/${deskId}/handle-payment`, {
      headers: staff,
      data: { status: 'PAID' },
    });
    expect(marked.status(), await marked.text()).toBe(200);

    // The VNPay deposit's booking is cancelled: its deposit goes back through VNPay at once.
    const cancelled = await request.put(`/api/appointments/${byVnpay.id}/cancel`, {
      headers: staff,
      data: { reason: 'Bệnh nhân đổi lịch' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    // What the ledger holds of these visits: every payment it took and every refund it gave back.
    let taken = 0;
    let givenBack = 0;
    for (const id of [byVnpay.id, byMomo.id, byQr.id]) {
      const ledger = (await (await request.get(`/api/appointments/${id}/payments`, { headers: staff })).json()) as {
        payments: { status: string; amount: number }[];
        refunds: { status: string; amount: number }[];
      };
      taken += ledger.payments.filter((p) => p.status === 'PAID').reduce((n, p) => n + p.amount, 0);
      givenBack += ledger.refunds.filter((r) => r.status === 'DONE').reduce((n, r) => n + r.amount, 0);
    }
    expect(taken).toBe(3 * DEPOSIT + 180_000);
    expect(givenBack).toBe(DEPOSIT);

    const after = await agreedFigures(page);
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Tiền hôm nay' })).toBeVisible();
    await snap(page, testInfo, 'dashboard-money-of-the-day');
    await page.goto('/admin/booking-history?period=today');
    await expect(page.getByRole('region', { name: 'Báo cáo thanh toán' })).toBeVisible();
    await snap(page, testInfo, 'payments-report-of-the-day');

    const moved = (key: keyof Figures) => ({
      in: after[key].in - before[key].in,
      inCount: after[key].inCount - before[key].inCount,
      out: after[key].out - before[key].out,
      outCount: after[key].outCount - before[key].outCount,
      net: after[key].net - before[key].net,
    });
    expect(moved('VNPay')).toEqual({ in: DEPOSIT + 180_000, inCount: 2, out: DEPOSIT, outCount: 1, net: 180_000 });
    expect(moved('Ví MoMo')).toEqual({ in: DEPOSIT, inCount: 1, out: 0, outCount: 0, net: DEPOSIT });
    expect(moved('Chuyển khoản VietQR')).toEqual({ in: DEPOSIT, inCount: 1, out: 0, outCount: 0, net: DEPOSIT });
    expect(moved('Tại quầy')).toEqual({ in: 450_000, inCount: 1, out: 0, outCount: 0, net: 450_000 });
    // The totals moved by what the ledger took and gave back, and the desk's payment.
    expect(moved('Tổng cộng')).toEqual({
      in: taken + 450_000,
      inCount: 5,
      out: givenBack,
      outCount: 1,
      net: taken + 450_000 - givenBack,
    });
    // Each screen adds up on its own: in − refunds = net, per method and in all.
    for (const line of Object.values(after)) expect(line.net).toBe(line.in - line.out);
    expect(after['Tổng cộng'].in).toBe(METHODS.reduce((n, m) => n + after[m].in, 0));
  } finally {
    await setDeposit(null);
    await herContext.close();
  }
});
