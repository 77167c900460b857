import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { attemptOf, bookViaApi, emptySlotDay, expectAccessible, signIn, snap, test } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { SIMULATOR } from '../servers';

/** The phone simulator beside the journeys' server (serve-with-mailbox.mjs). */
const smsTo = async (request: APIRequestContext, msisdn: string): Promise<string[]> =>
  (
    (await (await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`)).json()) as {
      channel: string;
      text?: string;
    }[]
  )
    .filter((m) => m.channel === 'sms')
    .map((m) => m.text ?? '');

/** The admin's queue 'Yêu cầu về dữ liệu cá nhân', in its own browser context. */
async function openQueue(browser: Browser) {
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin
    .getByRole('link', { name: /Yêu cầu về dữ liệu cá nhân/ })
    .first()
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Yêu cầu về dữ liệu cá nhân' })).toBeVisible();
  return { adminContext, admin };
}

/** The admin carries out a deletion request and answers it. */
async function answerDeletion(admin: Page, card: Locator) {
  await card.getByLabel('Câu trả lời cho người yêu cầu').fill('Phòng khám đã xóa dữ liệu của chị.');
  await card.getByRole('button', { name: 'Xóa dữ liệu và trả lời' }).click();
  await expect(admin.getByText('Đã trả lời yêu cầu')).toBeVisible();
}

test('a visitor opens the privacy notice, downloads her data from her private link and asks for deletion; the admin answers before the deadline', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Her booking, with the ticked box (the booking form's own journey ticks it on screen).
  const her = attemptOf(testInfo);
  const email = her.email('rieng.vu@example.vn');
  const other = her.email('nguoi.khac@example.vn');
  const day = await emptySlotDay(request, { time: '10:30', department: 'GYNECOLOGY' }, 12);
  const res = await request.post('/api/appointments/public', {
    data: {
      fullName: her.name('Vũ Thị Riêng'),
      phone: her.phone('0988 700 111'),
      email,
      appointmentDate: day,
      appointmentTime: '10:30',
      department: 'GYNECOLOGY',
      reason: 'Tư vấn riêng tư',
      consentHealthData: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { manageToken } = (await res.json()) as { manageToken: string };
  // Another patient of another e-mail: never in her download.
  await bookViaApi(request, {
    fullName: her.name('Vũ Thị Riêng'),
    phone: her.phone('0988 700 222'),
    email: other,
    appointmentDate: day,
    appointmentTime: '11:00',
    department: 'GYNECOLOGY',
  });

  // The notice, from the footer: rendered ahead, with its version and the periods it keeps data.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Chính sách bảo mật' }).click();
  await expect(page).toHaveURL('/chinh-sach-bao-mat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chính sách bảo mật' })).toBeVisible();
  await expect(page.getByText(/Phiên bản 1\.0/)).toBeVisible();
  await expect(page.getByText(/Hồ sơ lần khám đã hoàn tất: 10 năm/)).toBeVisible();
  const served = await (await page.request.get('/chinh-sach-bao-mat')).text();
  expect(served).toContain('Quyền của bạn và cách thực hiện');
  await snap(page, testInfo, 'privacy-notice');
  await expectAccessible(page);

  // Her link: her data as a page and as a JSON file.
  await page.goto(`/appointment/manage/${manageToken}`);
  const mine = page.getByRole('region', { name: 'Dữ liệu cá nhân của tôi' });
  await mine.getByRole('button', { name: 'Xem dữ liệu của tôi' }).click();
  const view = page.getByRole('region', { name: 'Dữ liệu của tôi' });
  await expect(view.getByText(/Tư vấn riêng tư/)).toBeVisible();
  await expect(
    view.getByText(/Xử lý thông tin sức khỏe để đặt và thực hiện lịch khám · Trang web · phiên bản 1\.0/),
  ).toBeVisible();
  await expect(view).not.toContainText(other);
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Tải dữ liệu (JSON)' }).click();
  const download = await downloading;
  const json = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()));
  expect(json.appointments).toHaveLength(1);
  expect(json.appointments[0].email).toBe(email);

  // She asks for deletion.
  await mine.getByLabel('Loại yêu cầu').selectOption({ label: 'Yêu cầu xóa dữ liệu' });
  await mine.getByLabel('Ghi chú (không bắt buộc)').fill('Xin xóa toàn bộ thông tin của tôi.');
  await mine.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(mine.getByText('Phòng khám đã nhận yêu cầu của bạn và sẽ trả lời trong vòng 72 giờ.')).toBeVisible();
  await expect(mine.getByText(/Xóa dữ liệu · Đang chờ/)).toBeVisible();
  await snap(page, testInfo, 'privacy-my-data');
  await expectAccessible(page);

  // The admin's queue: the request with its deadline, answered before it.
  const { adminContext, admin } = await openQueue(browser);
  const card = admin.getByRole('listitem').filter({ hasText: email });
  await expect(card.getByText('Hạn trả lời:')).toBeVisible();
  await expect(card.getByText('Quá hạn')).toHaveCount(0);
  await snap(admin, testInfo, 'privacy-queue');
  await expectAccessible(admin);
  await answerDeletion(admin, card);

  // Her booking no longer names her: its private link opens nothing.
  await page.goto(`/appointment/manage/${manageToken}`);
  await expect(page.getByRole('heading', { name: 'Không mở được lịch hẹn' })).toBeVisible();
  await adminContext.close();
});

test('a patient who booked with her phone only sees her booking from her link; the admin deletes that booking and the answer reaches her phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Not on Zalo: the answer comes by SMS, which the simulator shows as text.
  const her = attemptOf(testInfo);
  const name = her.name('Hà Thị Sim');
  const national = her.phone('0988700333');
  const msisdn = mobileMsisdn(national)!;
  await request.post(`${SIMULATOR}/_sim/rules`, { data: { phone: msisdn, zalo: 'not-user' } });
  const date = await emptySlotDay(request, { time: '14:00', department: 'GYNECOLOGY' }, 15);
  const res = await request.post('/api/appointments/public', {
    data: {
      fullName: name,
      phone: national,
      email: '',
      appointmentDate: date,
      appointmentTime: '14:00',
      department: 'GYNECOLOGY',
      reason: 'Khám thai định kỳ',
      consentHealthData: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { manageToken } = (await res.json()) as { manageToken: string };

  // Her link shows her booking and its consent, not "Lịch hẹn (0)".
  await page.goto(`/appointment/manage/${manageToken}`);
  const mine = page.getByRole('region', { name: 'Dữ liệu cá nhân của tôi' });
  await expect(mine.getByText('Liên kết này cho xem dữ liệu của lịch hẹn này.')).toBeVisible();
  await mine.getByRole('button', { name: 'Xem dữ liệu của tôi' }).click();
  const view = page.getByRole('region', { name: 'Dữ liệu của tôi' });
  await expect(view.getByText(/theo lịch hẹn #\d+ của liên kết này/)).toBeVisible();
  await expect(view.getByRole('heading', { name: 'Lịch hẹn (1)' })).toBeVisible();
  await expect(view.getByText(`${name} · ${national} · Lý do: Khám thai định kỳ`)).toBeVisible();
  await expect(
    view.getByText(/Xử lý thông tin sức khỏe để đặt và thực hiện lịch khám · Trang web · phiên bản 1\.0/),
  ).toBeVisible();
  // Anything wider needs the code; she has no e-mail to receive it.
  await expect(
    mine.getByRole('group', { name: 'Xem mọi dữ liệu theo email hoặc số điện thoại của tôi' }),
  ).toBeVisible();
  await mine.getByRole('button', { name: 'Nhận mã qua email' }).click();
  await expect(mine.getByText('Lịch hẹn này không có email. Vui lòng nhận mã qua số điện thoại.')).toBeVisible();

  await mine.getByLabel('Loại yêu cầu').selectOption({ label: 'Yêu cầu xóa dữ liệu' });
  await expect(mine.getByText(/Yêu cầu chỉ áp dụng cho lịch hẹn này\./)).toBeVisible();
  await mine.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(mine.getByText('Phòng khám đã nhận yêu cầu của bạn và sẽ trả lời trong vòng 72 giờ.')).toBeVisible();
  await expect(mine.getByText('Phạm vi: Chỉ lịch hẹn này')).toBeVisible();
  await snap(page, testInfo, 'privacy-phone-only-link');
  await expectAccessible(page);

  // The admin sees whom she answers and how, and carries it out.
  const { adminContext, admin } = await openQueue(browser);
  const card = admin.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText(`Zalo hoặc SMS đến ${national.slice(0, 4)}***${national.slice(-3)}`)).toBeVisible();
  await expect(card.getByText('Chỉ lịch hẹn này')).toBeVisible();
  await snap(admin, testInfo, 'privacy-phone-only-queue');
  await answerDeletion(admin, card);
  await adminContext.close();

  // Done means done: her link opens nothing, and the answer reached her phone.
  await page.goto(`/appointment/manage/${manageToken}`);
  await expect(page.getByRole('heading', { name: 'Không mở được lịch hẹn' })).toBeVisible();
  await expect
    .poll(async () => (await smsTo(request, msisdn)).some((t) => t.includes('Da xoa du lieu ca nhan')), {
      timeout: 20_000,
    })
    .toBe(true);
});
