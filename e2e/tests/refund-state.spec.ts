import { expect, type APIRequestContext } from '@playwright/test';
import { attemptOf, emptySlotDay, expectAccessible, signIn, snap, test, tokenOf } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { SIMULATOR } from '../servers';

/** She pays the deposit in the VNPay simulator (its page, then "Thanh toán": the IPN settles it). */
async function payDepositByVnpay(request: APIRequestContext, payToken: string) {
  const started = await request.post(`/api/payments/pay/${payToken}/start`, { data: { method: 'VNPAY' } });
  expect(started.status(), await started.text()).toBe(200);
  const url = new URL(((await started.json()) as { redirectUrl: string }).redirectUrl);
  const sim = await (await request.get(`${url.pathname}${url.search}`)).text();
  const pay = /href="([^"]+sim_choice=pay[^"]*)"/.exec(sim)![1]!.replace(/&amp;/g, '&');
  await request.get(pay, { maxRedirects: 0 });
}

test('a deposit shows on its Booking Manager row as it is paid; she is told before cancelling what comes back and how, her page and the staff detail then read one refund, and her Zalo names the amount (issue 35)', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const staff = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  // Obstetrics asks a deposit for this journey only (deposit.spec.ts uses Fertility).
  const set = await request.put('/api/departments/OBSTETRICS/deposit', {
    headers: admin,
    data: { depositAmount: 200000 },
  });
  expect(set.status(), await set.text()).toBe(200);
  try {
    const day = await emptySlotDay(request, { time: '10:00', department: 'OBSTETRICS' }, 17);
    // A retry's patient is her own: the day sheet shows her row alone, her phone's inbox only her refund.
    const patient = attemptOf(testInfo);
    const name = patient.name('Vũ Thị Cọc');
    const phone = patient.phone('0966 350 401');
    const msisdn = mobileMsisdn(phone)!;
    const booked = await request.post('/api/appointments/public', {
      data: {
        fullName: name,
        phone,
        appointmentDate: day,
        appointmentTime: '10:00',
        department: 'OBSTETRICS',
        reason: 'Khám thai',
        consentHealthData: true,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const {
      appointmentId: id,
      manageToken,
      deposit,
    } = (await booked.json()) as {
      appointmentId: number;
      manageToken: string;
      deposit: { payToken: string };
    };

    // Booking Manager open on her day: her row says the deposit waits, then, once paid, says so by itself.
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/bookings?day=${day}`);
    const row = page.locator('tr, li').filter({ has: page.getByRole('button', { name, exact: true }) });
    await expect(row).toContainText('Đặt cọc 200.000 VNĐ · Chờ thanh toán');
    await payDepositByVnpay(request, deposit.payToken);
    await expect(row).toContainText('Đặt cọc 200.000 VNĐ · Đã thanh toán', { timeout: 25_000 });
    await snap(page, testInfo, 'booking-manager-deposit-paid');

    // Her link on her phone: the cancel dialog says what comes back and how before she confirms.
    const phoneContext = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'vi-VN' });
    const her = await phoneContext.newPage();
    await her.goto(`/appointment/manage/${manageToken}`);
    await her.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    const dialog = her.getByRole('dialog', { name: 'Hủy lịch hẹn' });
    await expect(dialog).toContainText(
      'Tiền đặt cọc 200.000 VNĐ đã thanh toán sẽ được hoàn tự động về VNPay trong 3-5 ngày làm việc.',
    );
    await snap(her, testInfo, 'cancel-dialog-refund');
    await expectAccessible(her);
    await dialog.getByLabel('Lý do hủy').fill('Tôi bận đột xuất');
    await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    await expect(dialog).toBeHidden();
    await expect(her.getByRole('status')).toContainText(
      'Đã hủy lịch hẹn. Tiền đặt cọc 200.000 VNĐ đã thanh toán sẽ được hoàn tự động',
    );
    // Her page after the cancel: the refund's state (under way, or already done by the refunds job).
    const refundLine = her.getByRole('definition').filter({ hasText: /200\.000 VNĐ qua VNPay/ });
    await expect(refundLine).toContainText(/(Đang hoàn|Đã hoàn tiền) 200\.000 VNĐ qua VNPay/);
    await snap(her, testInfo, 'manage-cancelled-refund');

    // The refunds job asks VNPay (every 30 s): then staff and she read the same "done".
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/appointments/${id}`, { headers: staff })).json()) as {
              refund: { status: string } | null;
            }
          ).refund?.status,
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('DONE');
    await her.reload();
    await expect(her.getByRole('definition').filter({ hasText: 'Đã hoàn tiền 200.000 VNĐ qua VNPay' })).toBeVisible();
    await expect(her.getByText('Tiền sẽ được hoàn tự động')).toHaveCount(0);
    await snap(her, testInfo, 'manage-refund-done');
    await phoneContext.close();
    // Back at the desk's screen (a list refreshes while it is seen).
    await page.bringToFront();
    // The day sheet leaves out a cancelled visit unless asked.
    await page.getByLabel('Hiện cả lịch đã xong').check();

    await expect(row).toContainText('Đặt cọc 200.000 VNĐ · Đã hoàn', { timeout: 25_000 });
    await expect(row).toContainText('Đã hoàn tiền 200.000 VNĐ qua VNPay');
    await row.getByRole('button', { name: `Thao tác cho lịch hẹn #${id}` }).click();
    await page.getByRole('menuitem', { name: 'Xem chi tiết' }).click();
    const detail = page.getByRole('dialog');
    await expect(
      detail.getByRole('definition').filter({ hasText: 'Đã hoàn tiền 200.000 VNĐ qua VNPay' }).first(),
    ).toBeVisible();
    await expect(detail).not.toContainText('Cần hoàn tiền');
    await snap(page, testInfo, 'detail-one-refund-state');

    // Her phone heard the refund with its amount.
    await expect
      .poll(
        async () => {
          const inbox = (await (await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`)).json()) as {
            data?: Record<string, string>;
          }[];
          return inbox.some((m) => m.data?.amount === '200.000 VNĐ' && m.data?.way === 'VNPay');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  } finally {
    await request.put('/api/departments/OBSTETRICS/deposit', { headers: admin, data: { depositAmount: null } });
  }
});
