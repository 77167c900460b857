import { expect } from '@playwright/test';
import { bookViaApi, clinicWeekday, signIn, snap, test, tokenOf } from './helpers';
import { linkFromMail } from './mailbox';

// The simulator's bank-notification key (config.ts SIMULATOR_KEYS): the e2e server runs without real keys.
const BANK_WEBHOOK_KEY = 'SIMULATOR-BANK-WEBHOOK-SECRET';

test("a paid visit cancelled with refund: VNPay gives it back at once; a VietQR transfer waits in 'Hoàn tiền' until staff mark it done, and the patient is told", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const staff = await tokenOf(request, 'staff');
  // Her addresses are this attempt's own: a retry must not read the first attempt's pay links.
  const run = `${Date.now().toString(36)}`;
  const headers = { Authorization: `Bearer ${staff}` };

  /** Booked, confirmed, payment requested; the pay link's token from her e-mail. */
  async function requested(name: string, email: string, phone: string, day: number) {
    const id = await bookViaApi(request, {
      fullName: name,
      phone,
      email,
      appointmentDate: clinicWeekday(day),
      appointmentTime: '14:00',
      department: 'GYNECOLOGY',
      reason: 'Khám định kỳ',
    });
    expect((await request.put(`/api/appointments/${id}/confirm`, { headers })).status()).toBe(200);
    const asked = await request.put(`/api/appointments/${id}/request-payment`, { headers, data: { amount: 420000 } });
    expect(asked.status(), await asked.text()).toBe(200);
    const link = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]{43}/);
    return { id, token: new URL(link).pathname.split('/').pop()! };
  }
  const cancelWithRefund = async (id: number) => {
    const res = await request.put(`/api/appointments/${id}/cancel`, {
      headers,
      data: { reason: 'Bác sĩ nghỉ đột xuất', refundRequired: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  // VNPay: paid in the simulator, refunded through its refund call as the cancel is made.
  const byCard = await requested('Trần Thị Hoàn', `hoan.tien1.${run}@example.vn`, '0966700011', 13);
  const started = await request.post(`/api/payments/pay/${byCard.token}/start`, { data: { method: 'VNPAY' } });
  const page1 = new URL(((await started.json()) as { redirectUrl: string }).redirectUrl);
  const sim = await (await request.get(`${page1.pathname}${page1.search}`)).text();
  const pay = /href="([^"]+sim_choice=pay[^"]*)"/.exec(sim)![1]!.replace(/&amp;/g, '&');
  await request.get(pay, { maxRedirects: 0 });
  await cancelWithRefund(byCard.id);
  const detail = await request.get(`/api/appointments/${byCard.id}/payments`, { headers });
  expect(((await detail.json()) as { refunds: { status: string }[] }).refunds).toEqual([
    expect.objectContaining({ status: 'DONE' }),
  ]);

  // VietQR: the bank's notification pays it; the money goes back by hand.
  const byTransfer = await requested('Phạm Thu Hồng', `hoan.tien2.${run}@example.vn`, '0966700012', 13);
  const qr = await request.post(`/api/payments/pay/${byTransfer.token}/start`, { data: { method: 'VIETQR' } });
  const { reference } = (await qr.json()) as { reference: string };
  const hook = await request.post('/api/payments/vietqr/webhook', {
    headers: { Authorization: `Apikey ${BANK_WEBHOOK_KEY}` },
    data: {
      id: 77001,
      gateway: 'Vietcombank',
      transactionDate: '2027-03-01 09:20:00',
      accountNumber: '0000',
      content: `CK ${reference}`,
      transferType: 'in',
      transferAmount: 420000,
      referenceCode: 'FT27060000001',
    },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  await cancelWithRefund(byTransfer.id);

  await signIn(page, 'staff');
  await page.getByRole('navigation', { name: 'Menu quản trị' }).getByRole('link', { name: 'Hoàn tiền' }).click();
  await expect(page.getByRole('heading', { name: 'Hoàn tiền', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `Lịch hẹn #${byTransfer.id}` });
  await expect(item).toContainText('Phạm Thu Hồng');
  await expect(item).toContainText('Cần hoàn tiền thủ công');
  await expect(page.getByRole('listitem').filter({ hasText: `Lịch hẹn #${byCard.id}` })).toHaveCount(0);
  await snap(page, testInfo, 'refunds-list');
  await item.getByRole('button', { name: 'Đánh dấu đã hoàn tiền' }).click();
  await item.getByRole('textbox', { name: 'Mã giao dịch hoàn tiền' }).fill('FT2706E2E0042');
  await item.getByRole('button', { name: 'Xác nhận đã hoàn tiền' }).click();
  await expect(page.getByText('Đã ghi nhận hoàn tiền')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Lịch hẹn #${byTransfer.id}` })).toHaveCount(0);

  // She is told, with the transfer's reference.
  expect(await linkFromMail(`hoan.tien2.${run}@example.vn`, /FT2706E2E0042/)).toBe('FT2706E2E0042');
});
