import { expect } from '@playwright/test';
import { ACCOUNTS, signIn, snap, test } from './helpers';

const MENU = [
  'Dashboard',
  'Users',
  'Pending Approvals',
  'Patient Control',
  'Blog Control',
  'Booking Manager',
  'Booking History',
];
const MENU_BY_ROLE = {
  admin: ['Dashboard', 'Users', 'Patient Control', 'Blog Control', 'Booking Manager', 'Booking History'],
  staff: ['Dashboard', 'Patient Control', 'Blog Control', 'Booking Manager', 'Booking History'],
  doctor: ['Dashboard', 'Pending Approvals', 'Patient Control', 'Blog Control'],
} as const;
const DEEP_LINK = { admin: '/admin/users', staff: '/admin/bookings', doctor: '/admin/pending-approvals' } as const;

for (const role of ['admin', 'staff', 'doctor'] as const) {
  test(`${role} signs in, lands in the back-office, sees the role's menu, reloads a deep link and logs out`, async ({
    page,
  }, testInfo) => {
    await signIn(page, role);
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: /quản trị|admin/i }).first();
    await expect(nav).toBeVisible();
    for (const label of MENU) {
      const link = nav.getByRole('link', { name: label, exact: false }).filter({ hasText: new RegExp(`^${label}`) });
      if ((MENU_BY_ROLE[role] as readonly string[]).includes(label)) await expect(link.first(), label).toBeVisible();
      else await expect(link, label).toHaveCount(0);
    }
    await expect(page.getByText(ACCOUNTS[role].fullName).first()).toBeVisible();
    await snap(page, testInfo, `${role}-dashboard`);

    await page.goto(DEEP_LINK[role]);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${DEEP_LINK[role]}$`));
    await expect(nav).toBeVisible();
    await expect(page.getByText('Không có quyền truy cập')).toHaveCount(0);
    await snap(page, testInfo, `${role}-deep-link`);

    await page.getByRole('button', { name: 'Đăng xuất' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });
}

test('staff opening the users screen sees a clear no-access panel', async ({ page }) => {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
});

test('a patient signs in, lands on the home page with the patient menu, and logs out', async ({ page }, testInfo) => {
  await signIn(page, 'patient');
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: localStorage.getItem('userInfo'),
  }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user!)).toMatchObject({ username: 'patient', role: 'PATIENT' });

  await page.getByRole('button', { name: new RegExp(ACCOUNTS.patient.fullName) }).click();
  for (const item of ['Hồ sơ cá nhân', 'Lịch hẹn của tôi', 'Lịch sử khám bệnh', 'Cài đặt']) {
    await expect(
      page
        .getByRole('menuitem', { name: item })
        .or(page.getByRole('link', { name: item }))
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Trang quản trị' })).toHaveCount(0);
  await snap(page, testInfo, 'patient-menu');

  await page
    .getByRole('menuitem', { name: 'Lịch hẹn của tôi' })
    .or(page.getByRole('link', { name: 'Lịch hẹn của tôi' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/my-appointments$/);
  await page.reload();
  await expect(page).toHaveURL(/\/my-appointments$/);

  await page.getByRole('button', { name: new RegExp(ACCOUNTS.patient.fullName) }).click();
  await page
    .getByRole('menuitem', { name: 'Đăng xuất' })
    .or(page.getByRole('button', { name: 'Đăng xuất' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Đăng nhập' }).first()).toBeVisible();
});

test('a revoked or garbage token sends the back-office to the login page with the session-expired message', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('authToken', 'garbage.token.value');
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ id: 1, username: 'admin', email: 'a@b.c', fullName: 'X', role: 'ADMIN' }),
    );
  });
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.')).toBeVisible();
});

test('wrong credentials show the server message and keep the visitor on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username hoặc Email').fill('admin');
  await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tên đăng nhập hoặc mật khẩu không đúng' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
