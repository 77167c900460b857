import { expect } from '@playwright/test';
import { signIn, test, tokenOf } from './helpers';

type ListPage = { items: { id: number }[]; page: number; cursor: string | null };

/**
 * Issue 29: Booking Manager asks for the next and the previous page with the cursor of the page on
 * screen (the server then reads from that page's rows instead of counting past every earlier
 * one), and gets the very rows the page number alone gives.
 */
test('Booking Manager pages from the cursor of the page on screen, to the same rows as the page number', async ({
  page,
  request,
}) => {
  const isList = (url: string) => /\/api\/appointments\?/.test(url);
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  const firstAnswer = page.waitForResponse((r) => isList(r.url()) && r.request().method() === 'GET');
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
  const first = (await (await firstAnswer).json()) as ListPage;
  expect(first.cursor).toMatch(/^c1\.1\./);

  const nextAnswer = page.waitForResponse((r) => isList(r.url()) && r.url().includes('page=2'));
  await page.getByRole('button', { name: 'Sau' }).click();
  const next = await nextAnswer;
  expect(new URL(next.url()).searchParams.get('cursor')).toBe(first.cursor);
  expect(next.status()).toBe(200);
  const second = (await next.json()) as ListPage;

  // The same page by its number alone, as an address typed would ask it.
  const token = await tokenOf(request, 'staff');
  const byNumber = (await (
    await request.get('/api/appointments?page=2&size=20&sort=createdAt:desc', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as ListPage;
  expect(second.items.map((i) => i.id)).toEqual(byNumber.items.map((i) => i.id));
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  const backAnswer = page.waitForResponse((r) => isList(r.url()) && r.url().includes('page=1'));
  await page.getByRole('button', { name: 'Trước' }).click();
  const back = await backAnswer;
  expect(new URL(back.url()).searchParams.get('cursor')).toBe(second.cursor);
  expect(((await back.json()) as ListPage).items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
});
