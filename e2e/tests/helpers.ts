import { expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123', fullName: 'Quản trị viên' },
  staff: { username: 'staff', password: 'Staff@123', fullName: 'Lê Thị Thu Hà' },
  doctor: { username: 'doctor', password: 'Doctor@123', fullName: 'BS. Nguyễn Văn An' },
  patient: { username: 'patient', password: 'Patient@123', fullName: 'Nguyễn Thị Mai' },
} as const;

export async function signIn(page: Page, who: keyof typeof ACCOUNTS, options: { remember?: boolean } = {}) {
  const account = ACCOUNTS[who];
  await page.goto('/login');
  await page.getByLabel('Username hoặc Email').fill(account.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  if (options.remember) await page.getByLabel('Ghi nhớ đăng nhập').check();
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** A full-page screenshot attached to the HTML report. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** axe must find nothing serious or critical. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Collects what the page reports as broken: script errors and Content-Security-Policy refusals. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  return problems;
}
