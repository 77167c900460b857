import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, expectAccessible, signIn, snap, test } from './helpers';

// What an authenticator app does with the key the settings page shows (RFC 6238: SHA-1, 6 digits, 30 s).
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
function totp(key: string, stepsAhead = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const mac = createHmac('sha1', base32(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signOut(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
}

/** The password step of the admin's sign-in: the code step follows. */
async function passwordStep(page: Page) {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Xác thực hai bước' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
}

async function typeCode(page: Page, label: 'Mã xác thực' | 'Mã khôi phục', code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
}

test('an administrator sets up two-factor sign-in, signs in with a code, then with a recovery code that works only once', async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Bật xác thực hai bước' }).click();
  await expect(page.getByAltText('Mã QR để thêm tài khoản vào ứng dụng xác thực')).toBeVisible();
  const key = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, testInfo, 'settings-setup');
  await expectAccessible(page);

  await page.getByLabel('Mã xác thực', { exact: true }).fill(totp(key));
  await page.getByRole('button', { name: 'Xác nhận và bật' }).click();
  const list = page.getByRole('list', { name: 'Mã khôi phục' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await snap(page, testInfo, 'settings-recovery-codes');
  await page.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();
  await expect(page.getByText('Đang bật')).toBeVisible();
  await expect(page.getByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();

  try {
    // With the app's code. The enrolment spent this period's code, and the next period's is accepted
    // too (a phone's clock a little ahead), so no waiting for the next 30 seconds.
    await signOut(page);
    await passwordStep(page);
    await snap(page, testInfo, 'login-code-step');
    await expectAccessible(page);
    await typeCode(page, 'Mã xác thực', totp(key, 1));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(ACCOUNTS.admin.fullName).first()).toBeVisible();

    // With a recovery code, once.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
    await typeCode(page, 'Mã khôi phục', recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/admin$/);

    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
    await typeCode(page, 'Mã khôi phục', recoveryCodes[0]!);
    await expect(page.getByRole('alert')).toHaveText('Mã xác thực không đúng hoặc đã được dùng');
    await expect(page).toHaveURL(/\/login/);
    await snap(page, testInfo, 'login-recovery-code-refused');
    await typeCode(page, 'Mã khôi phục', recoveryCodes[1]!);
    await expect(page).toHaveURL(/\/admin$/);
  } finally {
    // The other journeys sign the demo admin in with the password alone: turn it off again.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Tắt xác thực hai bước' }).click();
    await page.getByRole('button', { name: 'Dùng mật khẩu thay cho mã' }).click();
    await page.getByLabel('Mật khẩu', { exact: true }).fill(ACCOUNTS.admin.password);
    await page
      .getByRole('form', { name: 'Tắt xác thực hai bước' })
      .getByRole('button', { name: 'Tắt xác thực hai bước' })
      .click();
    await expect(page.getByText('Chưa bật')).toBeVisible();
  }
  await signOut(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
});
