import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { agreeToHealthData, attemptOf, emptySlotDay, expectAccessible, signIn, snap, test } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { SIMULATOR } from '../servers';

async function pickTime(page: Page, time: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${time}$`) })
    .click();
  await expect(page.getByRole('radio', { name: time })).toBeChecked();
}

/** The SMS texts her phone received so far. */
async function smsTo(request: APIRequestContext, msisdn: string): Promise<string[]> {
  const res = await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`);
  const inbox = (await res.json()) as { channel: string; text?: string }[];
  return inbox.filter((m) => m.channel === 'sms').map((m) => m.text ?? '');
}

test('a visitor with no e-mail books, her private link arrives by SMS (she is not on Zalo), and she moves her visit from it @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const desktop = testInfo.project.name !== 'phone';
  // A retry books a person of her own: her phone's inbox and the desk's search hold only her messages and booking.
  const her = attemptOf(testInfo);
  const name = her.name('Lê Thị Sương');
  const national = her.phone(desktop ? '0388 123 451' : '0388 123 452');
  const msisdn = mobileMsisdn(national)!;
  // Not a Zalo user: Zalo answers -118, and the message goes by SMS.
  await request.post(`${SIMULATOR}/_sim/rules`, { data: { phone: msisdn, zalo: 'not-user' } });
  const date = await emptySlotDay(request, { time: '09:00', department: 'GYNECOLOGY' }, desktop ? 12 : 13);
  // The day she moves to: its 10:30 empty too, so its tile reads "10:30" alone (a retry's first attempt left a place taken).
  const later = await emptySlotDay(request, { time: '10:30', department: 'GYNECOLOGY' }, desktop ? 33 : 34);

  await page.goto('/appointment');
  await page.getByLabel('Họ và tên').fill(name);
  await page.getByLabel('Số điện thoại').fill(national);
  const department = page.getByLabel('Khoa khám');
  await expect(department).toBeEnabled();
  await department.selectOption({ label: 'Khoa Phụ khoa' });
  await page.getByLabel('Ngày khám').fill(date);
  await pickTime(page, '09:00');
  await agreeToHealthData(page);
  await page.getByRole('button', { name: 'Đặt lịch hẹn' }).click();
  const panel = page.getByRole('region', { name: 'Đặt lịch hẹn thành công' });
  await expect(panel).toBeVisible();
  // She gave no e-mail: she is told her link comes to her phone (issue 35), never to read her e-mail.
  await expect(panel.getByText(/Liên kết cũng đã được gửi qua Zalo \(hoặc SMS/)).toBeVisible();
  await expect(panel).not.toContainText('email');

  // The SMS, in Vietnamese without diacritics, carries the short form of her private link.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = await smsTo(request, msisdn);
        link = texts.map((t) => /https?:\/\/\S+\/l\/[A-Za-z0-9_-]{22}/.exec(t)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const [text] = await smsTo(request, msisdn);
  expect(text).toContain('Le Thi Suong');
  expect(text!.length).toBeLessThanOrEqual(306);

  // She opens it on her phone: her booking.
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/appointment\/manage\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý lịch hẹn' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  await page.getByRole('button', { name: 'Đổi lịch hẹn' }).click();
  await page.getByLabel('Ngày khám mới').fill(later);
  await pickTime(page, '10:30');
  await page.getByRole('button', { name: 'Xác nhận đổi lịch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã đổi lịch hẹn' })).toBeVisible();
  await expect(page.getByText('10:30', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'phone-messages-moved');

  // The move is told to her phone too.
  await expect
    .poll(async () => (await smsTo(request, msisdn)).some((t) => t.includes('da duoc doi sang 10:30')), {
      timeout: 20_000,
    })
    .toBe(true);

  // The front desk sees in the booking's history what went to her phone and whether it arrived, never the text.
  await page.context().clearCookies();
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/bookings');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(national.replace(/\s/g, ''));
  const open = page.getByRole('button', { name, exact: true });
  await expect(open).toHaveCount(1);
  await open.click();
  const detail = page.getByRole('dialog', { name: /Lịch hẹn #\d+/ });
  const history = detail.getByRole('region', { name: 'Lịch sử thay đổi' });
  await expect(history.getByText('SMS: Đã nhận yêu cầu đặt lịch')).toBeVisible();
  await expect(history.getByText('SMS: Đổi lịch hẹn')).toBeVisible();
  await expect(history.getByText('Chuyển sang SMS').first()).toBeVisible();
  await expect(history).not.toContainText('Le Thi Suong');
  await snap(page, testInfo, 'phone-messages-history');
  await expectAccessible(page);

  // 'Tin nhắn' lists them with the reason Zalo could not deliver.
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Tin nhắn' })).toBeVisible();
  // The table at the desktop, the cards on the phone: whichever she sees.
  await expect(page.getByText('ZNS -118: Zalo account not existed').filter({ visible: true }).first()).toBeVisible();
  await snap(page, testInfo, 'phone-messages-admin');
  await expectAccessible(page);
});
