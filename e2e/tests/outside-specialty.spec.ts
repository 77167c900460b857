import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { clinicInstant, clinicMoment } from '@clinic/shared';
import { deskBook, expectAccessible, openDays, signIn, snap, test, tokenOf } from './helpers';

const CLINIC_ZONE = 'Asia/Ho_Chi_Minh';
const OUTSIDE = 'Ngoài chuyên khoa của bác sĩ';
const OUTSIDE_YOURS = 'Ngoài chuyên khoa của bạn';

async function doctorIdOf(request: APIRequestContext, fullName: string): Promise<number> {
  const admin = await tokenOf(request, 'admin');
  const doctors = (await (
    await request.get('/api/users/role/DOCTOR', { headers: { Authorization: `Bearer ${admin}` } })
  ).json()) as { id: number; fullName: string }[];
  return doctors.find((d) => d.fullName === fullName)!.id;
}

/** The value of the doctor's option in an assign window's list (its label carries his specialty and load). */
async function chooseDoctor(dialog: Locator, name: RegExp) {
  const option = dialog.getByRole('option', { name });
  await dialog.getByLabel('Bác sĩ').selectOption((await option.getAttribute('value'))!);
}

/** A finger's height (issue 35: 44 px on a phone). */
async function expectTouchHeight(button: Locator) {
  const box = (await button.boundingBox())!;
  expect(box.height, `${await button.getAttribute('aria-label')}`).toBeGreaterThanOrEqual(44);
}

/**
 * Issue 35, item 1: the assign windows say who may take which visits and mark, before she confirms,
 * a visit outside the chosen doctor's own specialty; the bulk result counts them. BS. Nguyễn Văn An is
 * the general practitioner (any department), BS. Lê Thị Hồng Nhung the gynaecologist (hers only).
 */
test('the assign windows mark a visit outside the chosen doctor’s specialty, and the bulk result counts it', async ({
  page,
  request,
}, testInfo) => {
  const staff = await tokenOf(request, 'staff');
  const tag = `Chuyenkhoa${Date.now().toString(36)}`;
  const days = openDays(new Date(), 8).slice(3);
  const gyn = await deskBook(request, staff, days, `Chị Phụ Khoa ${tag}`, null, 'GYNECOLOGY');
  const general = await deskBook(request, staff, days, `Chị Tổng Quát ${tag}`, null, 'GENERAL_PRACTICE');
  await deskBook(request, staff, days, `Chị Một Mình ${tag}`, null, 'GYNECOLOGY');

  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/bookings');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(tag);
  await expect(page.getByText(/Tìm thấy 3 lịch hẹn/)).toBeAttached();

  // One visit (the third): the general practitioner is offered with the mark, and choosing him says so before confirming.
  const singleRow = page.locator('tr').filter({ hasText: `Chị Một Mình ${tag}` });
  await singleRow.getByRole('button', { name: /Chỉ định bác sĩ/ }).click();
  const one = page.getByRole('dialog', { name: 'Chỉ định bác sĩ' });
  await expect(one).toContainText('bác sĩ đa khoa và bác sĩ chưa có chuyên khoa nhận lịch hẹn của mọi khoa');
  await expect(one.getByRole('option', { name: /^BS\. Lê Thị Hồng Nhung · Phụ khoa · [^N]/ })).toBeAttached();
  await chooseDoctor(one, /^BS\. Nguyễn Văn An · Bác sĩ đa khoa · Ngoài chuyên khoa của bác sĩ/);
  await expect(one.getByRole('status').filter({ hasText: OUTSIDE })).toContainText(
    'BS. Nguyễn Văn An (Bác sĩ đa khoa) nhận được lịch hẹn của Khoa Phụ khoa',
  );
  await snap(page, testInfo, 'assign-one-outside');
  await expectAccessible(page);
  await one.getByRole('button', { name: 'Đóng' }).last().click();
  await expect(one).toBeHidden();

  // Two at once: the window lists them with their department and marks each for the doctor chosen.
  for (const name of [`Chị Phụ Khoa ${tag}`, `Chị Tổng Quát ${tag}`])
    await page.locator('tr').filter({ hasText: name }).getByRole('checkbox').check();
  await page
    .getByRole('region', { name: 'Thao tác hàng loạt' })
    .getByRole('button', { name: 'Chỉ định bác sĩ' })
    .click();
  const many = page.getByRole('dialog', { name: 'Chỉ định bác sĩ cho 2 lịch hẹn' });
  await expect(many).not.toContainText('sẽ được báo lại');
  await expect(many).toContainText('bác sĩ đa khoa và bác sĩ chưa có chuyên khoa nhận lịch hẹn của mọi khoa');
  const visits = many.getByRole('list', { name: 'Lịch hẹn được chọn' });
  const gynItem = visits.getByRole('listitem').filter({ hasText: `#${gyn.id} ` });
  const generalItem = visits.getByRole('listitem').filter({ hasText: `#${general.id} ` });
  await expect(gynItem).toContainText('Khoa Phụ khoa');
  await expect(generalItem).toContainText('Khoa Khám tổng quát');

  // The gynaecologist may not take the general visit: said before she confirms.
  await chooseDoctor(many, /^BS\. Lê Thị Hồng Nhung · Phụ khoa$/);
  await expect(generalItem).toContainText('Bác sĩ này không nhận lịch hẹn của khoa này');
  await expect(gynItem).not.toContainText(OUTSIDE);

  // The general practitioner may take both; the gynaecology one is outside his specialty.
  await chooseDoctor(many, /^BS\. Nguyễn Văn An · Bác sĩ đa khoa$/);
  await expect(gynItem).toContainText(OUTSIDE);
  await expect(generalItem).not.toContainText(OUTSIDE);
  await expect(many.getByRole('status').filter({ hasText: '1 lịch hẹn ngoài chuyên khoa của bác sĩ' })).toBeVisible();
  await snap(page, testInfo, 'assign-many-outside');
  await expectAccessible(page);
  await many.getByRole('button', { name: 'Chỉ định', exact: true }).click();

  const report = page.getByRole('dialog', { name: 'Chỉ định bác sĩ: kết quả' });
  await expect(report.getByRole('list', { name: 'Tổng kết' })).toContainText('Thành công2');
  await expect(report).toContainText('1 lịch hẹn ngoài chuyên khoa của bác sĩ');
  const results = report.getByRole('list', { name: 'Kết quả từng lịch hẹn' });
  await expect(results.getByRole('listitem').filter({ hasText: `#${gyn.id} ` })).toContainText(OUTSIDE);
  await expect(results.getByRole('listitem').filter({ hasText: `#${general.id} ` })).not.toContainText(OUTSIDE);
  // The specification's summary is kept, the count added after it.
  await expect(
    page.getByText('Thành công: 2, bỏ qua: 0, thất bại: 0; 1 lịch hẹn ngoài chuyên khoa của bác sĩ'),
  ).toBeVisible();
  await snap(page, testInfo, 'assign-many-result');
});

/** The first listed item's buttons, and whether they are all on the screen without scrolling. */
async function expectInViewport(page: Page, buttons: Locator[]) {
  const height = page.viewportSize()!.height;
  for (const button of buttons) {
    const box = (await button.boundingBox())!;
    expect(box.y + box.height, `${await button.getAttribute('aria-label')} bottom`).toBeLessThanOrEqual(height);
  }
}

/**
 * Issue 35, items 1 and 8: on his 412×915 phone (412×839 of page under Chrome's bars) the doctor sees each visit's department and which are
 * outside his specialty, on his dashboard and in Pending Approvals, with buttons a finger can press
 * and the first assignment's buttons on the screen as the page opens.
 */
test('the doctor sees the department and the outside-specialty mark on his phone, with buttons a finger can press @phone-only', async ({
  page,
  request,
}, testInfo) => {
  // The phone project's Pixel 7: a 412×915 screen, of which Chrome's bars leave the page 412×839.
  expect(page.viewportSize()).toEqual({ width: 412, height: 839 });
  const staff = await tokenOf(request, 'staff');
  const doctorId = await doctorIdOf(request, 'BS. Nguyễn Văn An');
  const tag = `phone${Date.now().toString(36)}`;
  const days = openDays(new Date(), 2);
  const gyn = await deskBook(request, staff, days, `Chị Phụ Khoa ${tag}`, null, 'GYNECOLOGY');
  const general = await deskBook(request, staff, [gyn.date], `Chị Tổng Quát ${tag}`, null, 'GENERAL_PRACTICE');
  const assigned = await request.post('/api/appointments/bulk/assign-doctor', {
    headers: { Authorization: `Bearer ${staff}` },
    data: { ids: [gyn.id, general.id], doctorId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  expect(await assigned.json()).toMatchObject({ success: 2, outsideSpecialty: [gyn.id] });
  // His today is the visits' day, whatever the day and hour the test runs.
  if (gyn.date !== clinicMoment(new Date(), CLINIC_ZONE).date)
    await page.clock.setFixedTime(clinicInstant(gyn.date, '07:00', CLINIC_ZONE));

  await signIn(page, 'doctor');
  await expect(page).toHaveURL(/\/admin$/);
  const today = page.getByRole('region', { name: 'Lịch khám hôm nay và ngày mai' }).getByRole('list', {
    name: 'Lịch khám hôm nay',
  });
  const gynVisit = today.getByRole('listitem').filter({ hasText: `Chị Phụ Khoa ${tag}` });
  const generalVisit = today.getByRole('listitem').filter({ hasText: `Chị Tổng Quát ${tag}` });
  await expect(gynVisit).toContainText('Khoa Phụ khoa');
  await expect(gynVisit).toContainText(OUTSIDE_YOURS);
  await expect(generalVisit).toContainText('Khoa Khám tổng quát');
  await expect(generalVisit).not.toContainText(OUTSIDE_YOURS);
  await expectTouchHeight(gynVisit.getByRole('button', { name: `Chấp nhận: Chị Phụ Khoa ${tag}` }));
  await snap(page, testInfo, 'doctor-dashboard-phone');
  await page.screenshot({ path: testInfo.outputPath('doctor-dashboard-viewport.png') });
  await expectAccessible(page);

  await page.goto('/admin/pending-approvals');
  const cards = page.getByRole('list', { name: 'Lịch hẹn chờ bạn phê duyệt' });
  const first = cards.getByRole('listitem').first();
  await expect(first).toBeVisible();
  // What he must act on is on the screen as the page opens: the first assignment's three buttons.
  const firstButtons = ['View', 'Accept', 'Decline'].map((verb) =>
    first.getByRole('button', { name: new RegExp(`^${verb} appointment of`) }),
  );
  await expectInViewport(page, firstButtons);
  for (const button of firstButtons) await expectTouchHeight(button);
  await snap(page, testInfo, 'pending-approvals-phone');
  await page.screenshot({ path: testInfo.outputPath('pending-approvals-viewport.png') });

  const gynCard = cards.getByRole('listitem').filter({ hasText: `Chị Phụ Khoa ${tag}` });
  const generalCard = cards.getByRole('listitem').filter({ hasText: `Chị Tổng Quát ${tag}` });
  await expect(gynCard).toContainText('Khoa Phụ khoa');
  await expect(gynCard).toContainText(OUTSIDE_YOURS);
  // The mark stays inside its card on a 412-px screen.
  const mark = (await gynCard.getByText(OUTSIDE_YOURS).boundingBox())!;
  const card = (await gynCard.boundingBox())!;
  expect(mark.x + mark.width).toBeLessThanOrEqual(card.x + card.width);
  await expect(generalCard).toContainText('Khoa Khám tổng quát');
  await expect(generalCard).not.toContainText(OUTSIDE_YOURS);
  await expectAccessible(page);

  // The accept window says it too, before he answers.
  await gynCard.getByRole('button', { name: `Accept appointment of Chị Phụ Khoa ${tag}` }).click();
  const accept = page.getByRole('dialog', { name: 'Chấp nhận lịch hẹn' });
  await expect(accept).toContainText('Khoa Phụ khoa');
  await expect(accept).toContainText(OUTSIDE_YOURS);
  await snap(page, testInfo, 'accept-outside-phone');
});
