import { expect, type APIRequestContext } from '@playwright/test';
import { attemptOf, emptySlotDay, expectAccessible, signIn, snap, test } from './helpers';
import { mobileMsisdn } from '@clinic/shared';
import { linkFromMail, mailedSoFar } from './mailbox';
import { SIMULATOR } from '../servers';

/** The demo patient's own contact: what she booked with while signed out. */
const HER_EMAIL = 'patient@example.com';

async function bookSignedOut(
  request: APIRequestContext,
  booking: { fullName: string; phone: string; appointmentDate: string; appointmentTime: string },
): Promise<string> {
  const res = await request.post('/api/appointments/public', {
    data: { ...booking, email: HER_EMAIL, department: 'OBSTETRICS', consentHealthData: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { manageToken: string }).manageToken;
}

test('a patient adds the visits she booked signed out to Lịch hẹn của tôi: one from its private link, another with a code sent to her e-mail', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // A retry's visits are of other people in slots nobody holds: the first attempt's are in her account already.
  const their = attemptOf(testInfo);
  const firstName = their.name('Khách Đặt Trước Một');
  const secondName = their.name('Khách Đặt Trước Hai');
  const first = await bookSignedOut(request, {
    fullName: firstName,
    phone: their.phone('0966555001'),
    appointmentDate: await emptySlotDay(request, { time: '08:30', department: 'OBSTETRICS' }, 12),
    appointmentTime: '08:30',
  });

  // Signed in, she opens the link from her e-mail: the visit is not in her account yet.
  await signIn(page, 'patient');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/appointment/manage/${first}`);
  await page.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã thêm lịch hẹn vào tài khoản của bạn.' })).toBeVisible();
  await page.getByRole('link', { name: 'Xem Lịch hẹn của tôi' }).click();
  await expect(page).toHaveURL(/\/my-appointments$/);
  await expect(page.getByRole('article', { name: firstName })).toBeVisible();

  // Another visit booked signed out: she asks for a code on My Appointments and types it.
  await bookSignedOut(request, {
    fullName: secondName,
    phone: their.phone('0966555002'),
    appointmentDate: await emptySlotDay(request, { time: '09:30', department: 'OBSTETRICS' }, 13),
    appointmentTime: '09:30',
  });
  // The codes mailed to her before (a first attempt's): hers is the next one.
  const sentBefore = mailedSoFar(HER_EMAIL, /n: \d{6}/);
  await page.reload();
  await page.getByText('Không thấy lịch hẹn đã đặt khi chưa đăng nhập?').click();
  await expect(page.getByLabel('Email đã dùng khi đặt lịch')).toHaveValue(HER_EMAIL);
  await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
  await expect(page.getByText(/một mã gồm 6 chữ số đã được gửi/)).toBeVisible();
  // The message is quoted-printable: the code follows "bạn: " (read as "...n: ").
  const mailed = await linkFromMail(HER_EMAIL, /n: \d{6}/, sentBefore);
  const code = /\d{6}/.exec(mailed)![0];

  const field = page.getByLabel('Mã xác nhận');
  const wrong = code === '000000' ? '000001' : '000000';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }).click();
  await expect(field).toHaveAccessibleDescription(/Mã xác nhận không đúng. Bạn còn 4 lần thử./);

  await field.fill(code);
  await page.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }).click();
  await expect(page.getByText(/Đã thêm \d+ lịch hẹn vào tài khoản của bạn./)).toBeVisible();
  await expect(page.getByRole('article', { name: secondName })).toBeVisible();
  await snap(page, testInfo, 'claimed-with-code');
  await expectAccessible(page);
});

/** The phone simulator beside the journeys' server (serve-with-mailbox.mjs), as tests/phone-messages.spec.ts reads it. */

test('a visitor who booked with her mobile number only adds the visit to Lịch hẹn của tôi with a code sent to that phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // A retry's visitor has a phone of her own: the first attempt's phone has its code and visit already.
  const her = attemptOf(testInfo);
  const name = her.name('Khách Chỉ Có Số Điện Thoại');
  const national = her.phone('0388 123 461');
  const msisdn = mobileMsisdn(national)!;
  // Not a Zalo user: the code comes by SMS, without diacritics.
  await request.post(`${SIMULATOR}/_sim/rules`, { data: { phone: msisdn, zalo: 'not-user' } });
  const res = await request.post('/api/appointments/public', {
    data: {
      fullName: name,
      phone: national,
      appointmentDate: await emptySlotDay(request, { time: '10:30', department: 'OBSTETRICS' }, 14),
      appointmentTime: '10:30',
      department: 'OBSTETRICS',
      consentHealthData: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, 'patient');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/my-appointments');
  await page.getByText('Không thấy lịch hẹn đã đặt khi chưa đăng nhập?').click();
  await page.getByRole('radio', { name: 'Số điện thoại' }).check();
  const phone = page.getByLabel('Số điện thoại đã dùng khi đặt lịch');
  await phone.fill('12ab');
  await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
  await expect(phone).toHaveAccessibleDescription('Số điện thoại không hợp lệ');
  await phone.fill(national);
  await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
  await expect(page.getByText(/Nếu số điện thoại này có lịch hẹn/)).toBeVisible();

  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`)).json()) as {
          channel: string;
          text?: string;
        }[];
        code = inbox
          .filter((m) => m.channel === 'sms')
          .map((m) => /tai khoan: (\d{6})/.exec(m.text ?? '')?.[1])
          .find(Boolean);
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();

  await page.getByLabel('Mã xác nhận').fill(code!);
  await page.getByRole('button', { name: 'Thêm vào tài khoản của tôi' }).click();
  await expect(page.getByText(/Đã thêm 1 lịch hẹn vào tài khoản của bạn./)).toBeVisible();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await snap(page, testInfo, 'claimed-with-phone-code');
  await expectAccessible(page);
});

test("the booking form's time tiles say 'Đã đầy' and 'Còn 1 chỗ' before she picks one @phone", async ({
  page,
  request,
}, testInfo) => {
  const date = await emptySlotDay(request, { time: '14:00', department: 'GYNECOLOGY' }, 15);
  const fill = async (time: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await request.post('/api/appointments/public', {
        data: {
          appointmentDate: date,
          appointmentTime: time,
          department: 'GYNECOLOGY',
          fullName: `Khách Lấp Chỗ ${time} ${i}`,
          phone: `09445${time.replace(':', '')}${i}`,
          consentHealthData: true,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  };
  await fill('14:00', 3);
  await fill('14:30', 2);

  await page.goto('/appointment');
  const department = page.getByLabel('Khoa khám');
  await expect(department).toBeEnabled();
  await department.selectOption({ label: 'Khoa Phụ khoa' });
  await page.getByLabel('Ngày khám').fill(date);
  const times = page.getByRole('radiogroup', { name: 'Giờ khám' });
  await expect(times.getByRole('radio', { name: '14:00, Đã đầy, có thể đăng ký danh sách chờ' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '14:30, Còn 1 chỗ' })).toBeVisible();
  await expect(times.locator('label').filter({ hasText: /^14:00/ })).toContainText('Đã đầy');
  await times.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'slot-tiles-full');
});
