import { expect } from '@playwright/test';
import { emptySlotDay, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

/**
 * One way to end a visit (issue 36): a visit she paid at the desk, erased at her request, is
 * cancelled and its money waits for the front desk in 'Hoàn tiền', as any cancel with refund's would.
 */
test("a paid visit erased at her request: the admin carries out the deletion, and the front desk finds its refund in 'Hoàn tiền'", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const email = `xoa.hoan.${run}@example.vn`;
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'staff')}` };

  // She books; the clinic confirms, asks 300.000đ and takes it at the desk.
  const date = await emptySlotDay(request, { time: '15:00', department: 'GYNECOLOGY' }, 16);
  const booked = await request.post('/api/appointments/public', {
    data: {
      fullName: 'Lê Thị Xóa',
      phone: '0988 700 444',
      email,
      appointmentDate: date,
      appointmentTime: '15:00',
      department: 'GYNECOLOGY',
      reason: 'Khám định kỳ',
      consentHealthData: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { appointmentId: id, manageToken } = (await booked.json()) as { appointmentId: number; manageToken: string };
  expect((await request.put(`/api/appointments/${id}/confirm`, { headers })).status()).toBe(200);
  const asked = await request.put(`/api/appointments/${id}/request-payment`, { headers, data: { amount: 300000 } });
  expect(asked.status(), await asked.text()).toBe(200);
  const paid = await request.post(`/api/appointments/${id}/handle-payment`, { headers, data: { status: 'PAID' } });
  expect(paid.status(), await paid.text()).toBe(200);

  // By her private link she asks for her data to be deleted (the screen is privacy.spec.ts's journey).
  const deletion = await request.post(`/api/privacy/link/${manageToken}/requests`, { data: { kind: 'DELETION' } });
  expect(deletion.status(), await deletion.text()).toBe(201);

  // The administrator carries it out from her queue.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin
    .getByRole('link', { name: /Yêu cầu về dữ liệu cá nhân/ })
    .first()
    .click();
  const card = admin.getByRole('listitem').filter({ hasText: email });
  await card.getByLabel('Câu trả lời cho người yêu cầu').fill('Phòng khám đã xóa dữ liệu của chị.');
  await card.getByRole('button', { name: 'Xóa dữ liệu và trả lời' }).click();
  await expect(admin.getByText('Đã trả lời yêu cầu')).toBeVisible();
  await adminContext.close();

  // The front desk: the erased visit's 300.000đ, to give back by hand, without her name.
  await signIn(page, 'staff');
  await page.getByRole('navigation', { name: 'Menu quản trị' }).getByRole('link', { name: 'Hoàn tiền' }).click();
  await expect(page.getByRole('heading', { name: 'Hoàn tiền', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `Lịch hẹn #${id}` });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Đã xóa theo yêu cầu');
  await expect(item).toContainText('300.000');
  await expect(item).toContainText('Cần hoàn tiền thủ công');
  await expect(item).not.toContainText('Lê Thị Xóa');
  await snap(page, testInfo, 'erasure-refund');
  await expectAccessible(page);
});
