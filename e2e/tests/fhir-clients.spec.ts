import { generateKeyPairSync } from 'node:crypto';
import { expect } from '@playwright/test';
import { expectAccessible, signIn, snap, test } from './helpers';

/**
 * Issue 38: ADMIN, at a 1366×768 laptop, registers an outside system for the FHIR endpoint from the
 * back-office ('Ứng dụng kết nối (FHIR)'), by keyboard where it matters, and revokes it after the
 * confirmation. Desktop project only.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('ADMIN registers a FHIR client with its public key set and scopes, then revokes it', async ({
  page,
}, testInfo) => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS384', use: 'sig' }] };
  const suffix = Date.now().toString(36);
  const name = `Bệnh viện Tham chiếu ${suffix}`;
  const clientId = `emr-${suffix}.benhvien.vn`;

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: /quản trị|admin/i }).first();
  await nav.getByRole('link', { name: /Ứng dụng kết nối \(FHIR\)/ }).click();
  await expect(page).toHaveURL(/\/admin\/fhir-clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ứng dụng kết nối (FHIR)' })).toBeVisible();
  await expect(page.getByText('Đang tải danh sách ứng dụng...')).toHaveCount(0);
  await expectAccessible(page);

  // Open the form by keyboard; the first field has the focus.
  await page.getByRole('button', { name: 'Đăng ký ứng dụng' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Đăng ký ứng dụng kết nối' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Tên hệ thống/)).toBeFocused();
  await page.keyboard.type(name);
  await dialog.getByLabel(/Mã client/).fill(clientId);
  await dialog.getByLabel(/Bộ khóa công khai/).fill('{ "keys": ');
  const scopes = dialog.getByRole('group', { name: /Quyền được cấp/ });
  await scopes.getByRole('checkbox', { name: 'system/Patient.read' }).check();
  await scopes.getByRole('checkbox', { name: 'system/Appointment.read' }).check();
  await dialog.getByRole('button', { name: 'Đăng ký', exact: true }).click();
  await expect(dialog.getByText('Bộ khóa công khai không phải JSON hợp lệ')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'fhir-client-register-refused');

  await dialog.getByLabel(/Bộ khóa công khai/).fill(JSON.stringify(jwks, null, 2));
  await dialog.getByRole('button', { name: 'Đăng ký', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Đã đăng ký client FHIR')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText('system/Patient.read');
  await expect(row).toContainText('Đang hoạt động');
  await expectAccessible(page);
  await snap(page, testInfo, 'fhir-clients-registered');

  // Revoke: asked first; the row then says so and offers nothing more.
  await row.getByRole('button', { name: `Thu hồi ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Thu hồi ứng dụng kết nối?' });
  await expect(confirm).toContainText(`${name} sẽ không dùng được mã truy cập`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Thu hồi', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Đã thu hồi');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, testInfo, 'fhir-clients-revoked');
});
