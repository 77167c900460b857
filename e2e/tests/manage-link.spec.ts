import { expect, type Page } from '@playwright/test';
import {
  agreeToHealthData,
  attemptOf,
  agreeToWaitingList,
  clinicWeekday,
  emptySlotDay,
  expectAccessible,
  snap,
  test,
} from './helpers';
import { linkFromMail } from './mailbox';

/** The time tiles are radio buttons drawn as labels: a person clicks the tile. */
async function pickTime(page: Page, time: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${time}`) })
    .click();
  await expect(page.getByRole('radio', { name: time })).toBeChecked();
}

test('a visitor books the last place of a slot, opens her private link from the e-mail, moves the visit, then cancels it; a second visitor waiting for that slot gets the freed place by e-mail and claims it @phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Each project books its own slot with its own phone.
  const phoneWidth = testInfo.project.name === 'phone';
  const digit = phoneWidth ? '2' : '1';
  const them = attemptOf(testInfo);
  const herEmail = them.email(phoneWidth ? 'hoa.do2@example.vn' : 'hoa.do@example.vn');
  // The demo data books some slots of the coming weeks: take one nobody holds yet, and fill two of its three places.
  const date = await emptySlotDay(request, { time: '09:00', department: 'GYNECOLOGY' }, phoneWidth ? 9 : 8, 2);
  const later = clinicWeekday(phoneWidth ? 31 : 30);
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/appointments/public', {
      data: {
        appointmentDate: date,
        appointmentTime: '09:00',
        department: 'GYNECOLOGY',
        fullName: `Khách Giữ Chỗ ${i}`,
        phone: them.phone(`09660${digit}000${i}`),
        consentHealthData: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/appointment');
  await page.getByLabel('Họ và tên').fill('Đỗ Thị Hoa');
  await page.getByLabel('Số điện thoại').fill(them.phone(phoneWidth ? '0977 333 222' : '0977 333 111'));
  await page.getByLabel('Email').fill(herEmail);
  const department = page.getByLabel('Khoa khám');
  await expect(department).toBeEnabled();
  await department.selectOption({ label: 'Khoa Phụ khoa' });
  await page.getByLabel('Ngày khám').fill(date);
  await pickTime(page, '09:00');
  await expect(page.getByText(/Còn chỗ/)).toBeVisible();
  await agreeToHealthData(page);
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();

  const panel = page.getByRole('region', { name: 'Đặt lịch hẹn thành công' });
  const manage = panel.getByRole('link', { name: 'Quản lý lịch hẹn của bạn' });
  await expect(manage).toHaveAttribute('href', /^\/appointment\/manage\/[A-Za-z0-9_-]{43}$/);
  const href = (await manage.getAttribute('href'))!;
  // The same link arrives by e-mail: she opens it from there.
  const emailed = await linkFromMail(herEmail, /https?:\/\/[^\s"<>]+\/appointment\/manage\/[A-Za-z0-9_-]{43}/);
  expect(new URL(emailed).pathname).toBe(href);
  await page.goto(emailed);

  // The link's page: her booking as she sees it, never to be indexed.
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý lịch hẹn' })).toBeVisible();
  await expect(page.getByText('Đỗ Thị Hoa')).toBeVisible();
  await expect(page.getByText('Khoa Phụ khoa').first()).toBeVisible();
  await expect(page.getByText('Đang chờ')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const served = await page.request.get(href);
  expect(served.headers()['x-robots-tag']).toContain('noindex');
  await snap(page, testInfo, 'manage-link');
  await expectAccessible(page);

  // Her booking took the last place: a second visitor, on her own phone, finds the slot full and joins its waiting list.
  const second = await browser.newContext({ locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const waiting = await second.newPage();
  const waiterEmail = them.email(`lan.phan${digit}@example.vn`);
  await waiting.goto('/appointment');
  await waiting.getByLabel('Họ và tên').fill(phoneWidth ? 'Phan Thị Lan Anh' : 'Phan Thị Lan');
  await waiting.getByLabel('Số điện thoại').fill(them.phone(`0966 ${digit}99 002`));
  await waiting.getByLabel('Email').fill(waiterEmail);
  await expect(waiting.getByLabel('Khoa khám')).toBeEnabled();
  await waiting.getByLabel('Khoa khám').selectOption({ label: 'Khoa Phụ khoa' });
  await waiting.getByLabel('Ngày khám').fill(date);
  await pickTime(waiting, '09:00');
  await expect(waiting.getByText('Khung giờ này đã đủ lịch hẹn. Vui lòng chọn giờ hoặc ngày khác')).toBeVisible();
  await agreeToWaitingList(waiting);
  await waiting.getByRole('button', { name: 'Nhận thông báo khi có chỗ trống' }).click();
  await expect(
    waiting.getByRole('region', { name: 'Đã ghi tên vào danh sách chờ' }).getByText('Vị trí của bạn: số 1'),
  ).toBeVisible();
  const joinedLink = await linkFromMail(waiterEmail, /https?:\/\/[^\s"<>]+\/appointment\/waiting\/[A-Za-z0-9_-]{43}/);

  // Move the visit to another day and time of the same department.
  await page.getByRole('button', { name: 'Đổi lịch hẹn' }).click();
  await page.getByLabel('Ngày khám mới').fill(later);
  await pickTime(page, '10:30');
  await expect(page.getByText(/Còn chỗ/)).toBeVisible();
  await page.getByRole('button', { name: 'Xác nhận đổi lịch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã đổi lịch hẹn' })).toBeVisible();
  await expect(page.getByText('10:30', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'manage-link-moved');

  // A reload reads it again from the server: the move was stored.
  await page.reload();
  await expect(page.getByText('10:30', { exact: true })).toBeVisible();

  // The place she left is offered to the visitor waiting for it, by an e-mail with a link of its own; she claims it.
  const offer = await linkFromMail(waiterEmail, /https?:\/\/[^\s"<>]+\/appointment\/waiting\/[A-Za-z0-9_-]{43}/, [
    joinedLink,
  ]);
  await waiting.goto(offer);
  await expect(waiting.getByText('Có chỗ trống dành cho bạn!')).toBeVisible();
  await waiting.getByRole('button', { name: 'Nhận chỗ' }).click();
  await expect(waiting.getByRole('region', { name: 'Bạn đã nhận chỗ' }).getByText(/Mã lịch hẹn: #\d+/)).toBeVisible();
  await snap(waiting, testInfo, 'manage-link-place-claimed');
  await second.close();

  // Cancel, with the reason required.
  await page.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  await expect(dialog.getByText('Vui lòng nhập lý do hủy lịch hẹn')).toBeVisible();
  await dialog.getByLabel('Lý do hủy').fill('Bận việc gia đình');
  await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  await expect(page.getByText('Đã hủy', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đổi lịch hẹn' })).toHaveCount(0);
  await snap(page, testInfo, 'manage-link-cancelled');

  // A link that does not exist says what to do.
  await page.goto(`/appointment/manage/${'x'.repeat(43)}`);
  await expect(page.getByText(/Liên kết quản lý lịch hẹn không đúng hoặc đã hết hạn/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Gọi hotline/ })).toHaveAttribute('href', /^tel:/);
});
