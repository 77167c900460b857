import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { agreeToWaitingList, attemptOf, emptySlotDay, expectAccessible, signIn, snap, test } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { linkFromMail } from './mailbox';
import { SIMULATOR } from '../servers';

/** The time tiles are radio buttons drawn as labels: a person clicks the tile. */
async function pickTime(page: Page, time: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${time}`) })
    .click();
  await expect(page.getByRole('radio', { name: time })).toBeChecked();
}

/** The private links her phone received so far (Zalo's template data, or the SMS text), oldest first. */
async function linksOnPhone(request: APIRequestContext, msisdn: string): Promise<string[]> {
  const res = await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`);
  const inbox = (await res.json()) as { data?: { link?: string }; text?: string }[];
  return inbox.flatMap((m) => /https?:\/\/\S+\/l\/[A-Za-z0-9_-]{22}/.exec(m.data?.link ?? m.text ?? '')?.[0] ?? []);
}

test('a visitor waits for a full slot, a place frees, she gets the offer (by e-mail; on the phone, with her phone number only) and claims it; the front desk sees the list @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Each project fills a slot of its own.
  const phoneWidth = testInfo.project.name === 'phone';
  const digit = phoneWidth ? '2' : '1';
  // A retry's people are its own: her mailbox and phone hold only this attempt's links, the desk's search finds her alone.
  const them = attemptOf(testInfo);
  const name = them.name(phoneWidth ? 'Võ Thị Hồng Nhi' : 'Võ Thị Hồng Nhung');
  // On the phone she gives no e-mail (issue 27): the offer reaches her phone by Zalo.
  const email = phoneWidth ? null : them.email(`nhung.vo${digit}@example.vn`);
  const national = them.phone(`0386 ${digit}99 001`);
  const msisdn = mobileMsisdn(national)!;
  // The demo data books some slots of the coming weeks: take one nobody holds yet.
  const slot = {
    appointmentDate: await emptySlotDay(request, { time: '14:00', department: 'FERTILITY' }, phoneWidth ? 13 : 12, 2),
    appointmentTime: '14:00',
    department: 'FERTILITY',
  };
  // Three visitors take every place; the first one's private link lets her cancel later.
  const manageTokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/api/appointments/public', {
      data: {
        ...slot,
        fullName: `Khách Đầy Chỗ ${i}`,
        phone: them.phone(`09550${digit}000${i}`),
        email: them.email(`full${digit}${i}@example.vn`),
        consentHealthData: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    manageTokens.push(((await res.json()) as { manageToken: string }).manageToken);
  }

  // The slot is full: the form offers the waiting list instead of a dead end.
  await page.goto('/appointment');
  await page.getByLabel('Họ và tên').fill(name);
  // A Viettel mobile: Zalo and SMS reach it.
  await page.getByLabel('Số điện thoại').fill(national);
  const department = page.getByLabel('Khoa khám');
  await expect(department).toBeEnabled();
  await department.selectOption({ label: 'Khoa Hiếm muộn' });
  await page.getByLabel('Ngày khám').fill(slot.appointmentDate);
  await pickTime(page, '14:00');
  await expect(page.getByText('Khung giờ này đã đủ lịch hẹn. Vui lòng chọn giờ hoặc ngày khác')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đặt lịch hẹn' })).toBeDisabled();
  const join = page.getByRole('button', { name: 'Nhận thông báo khi có chỗ trống' });
  // Her e-mail is optional (the offer goes to her phone as well); at the desktop she gives one and reads
  // the offer there. The field, not the consent box whose sentence names the e-mail too.
  if (email) await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await agreeToWaitingList(page);
  await snap(page, testInfo, 'waiting-list-offer');
  await join.click();

  const joined = page.getByRole('region', { name: 'Đã ghi tên vào danh sách chờ' });
  await expect(joined.getByText('Vị trí của bạn: số 1')).toBeVisible();
  await snap(page, testInfo, 'waiting-list-joined');
  await joined.getByRole('link', { name: 'Theo dõi danh sách chờ' }).click();
  await expect(page).toHaveURL(/\/appointment\/waiting\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Danh sách chờ' })).toBeVisible();
  await expect(page.getByText('vị trí số 1')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect((await page.request.get(page.url())).headers()['x-robots-tag']).toContain('noindex');
  await expectAccessible(page);

  // The first visitor cancels through her link: the place is offered within seconds (the job runs every 2 s here).
  const cancelled = await request.post(`/api/appointments/manage/${manageTokens[0]}/cancel`, {
    data: { reason: 'Bận việc' },
  });
  expect(cancelled.status()).toBe(200);
  // A newcomer cannot take the place meanwhile: it is kept for the list.
  const availability = await request.get(
    `/api/appointments/public/availability?date=${slot.appointmentDate}&time=14:00&department=FERTILITY`,
  );
  expect(((await availability.json()) as { code: string }).code).toBe('SLOT_FULL');

  // The offer arrives with a link of its own (not the one she joined with).
  let offer: string;
  if (email)
    offer = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/appointment\/waiting\/[A-Za-z0-9_-]{43}/, [page.url()]);
  else {
    // Her phone got the joining link first, then the offer's: a short address of its own.
    await expect.poll(async () => (await linksOnPhone(request, msisdn)).length, { timeout: 30_000 }).toBe(2);
    const short = (await linksOnPhone(request, msisdn))[1]!;
    offer = new URL(short).pathname;
  }
  await page.goto(offer);
  await expect(page.getByText('Có chỗ trống dành cho bạn!')).toBeVisible();
  await expect(page.getByText('Đang giữ chỗ')).toBeVisible();
  await snap(page, testInfo, 'waiting-list-offered');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nhận chỗ' }).click();
  const claimed = page.getByRole('region', { name: 'Bạn đã nhận chỗ' });
  await expect(claimed.getByText(/Mã lịch hẹn: #\d+/)).toBeVisible();
  await snap(page, testInfo, 'waiting-list-claimed');
  await claimed.getByRole('link', { name: 'Quản lý lịch hẹn của bạn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý lịch hẹn' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('Khoa Hiếm muộn').first()).toBeVisible();

  // The front desk sees who waited for that slot, and that she took the place.
  await page.context().clearCookies();
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/bookings');
  await page
    .getByRole('searchbox', { name: 'Tìm kiếm' })
    .fill(them.search(phoneWidth ? 'vo thi hong nhi' : 'vo thi hong nhung'));
  const open = page.getByRole('button', { name, exact: true });
  await expect(open).toHaveCount(1);
  await open.click();
  const detail = page.getByRole('dialog', { name: /Lịch hẹn #\d+/ });
  const list = detail.getByRole('region', { name: 'Danh sách chờ của khung giờ này' });
  await expect(list.getByText(name)).toBeVisible();
  await expect(list.getByText('Đã nhận chỗ')).toBeVisible();
  await snap(page, testInfo, 'waiting-list-staff');
});
