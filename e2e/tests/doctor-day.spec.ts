import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { attemptOf, bookViaApi, emptySlotDay, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

const DOCTOR = 'BS. Nguyễn Văn An';

/** A row (table row on a laptop, card on a phone) holding the given text. */
const rowWith = (page: Page, text: string) => page.locator('tr:visible, li:visible').filter({ hasText: text });

async function openAs(page: Page, who: 'staff' | 'doctor', path: string, heading: string) {
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, who);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Staff assigns the doctor from Booking Manager. */
async function assignDoctor(page: Page, name: string) {
  await openAs(page, 'staff', '/admin/bookings', 'Quản lý Lịch hẹn');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(name);
  const row = page.locator('tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Chỉ định bác sĩ/ }).click();
  const assign = page.getByRole('dialog', { name: /Chỉ định( lại)? bác sĩ/ });
  const select = assign.getByLabel('Bác sĩ');
  const value = await select.locator('option', { hasText: DOCTOR }).getAttribute('value');
  await select.selectOption(value!);
  await assign.getByRole('button', { name: 'Chỉ định', exact: true }).click();
  await expect(assign).toBeHidden();
  await expect(row.getByText('Chờ bác sĩ phản hồi')).toBeVisible();
  return row;
}

test('a doctor accepts an assignment, staff takes the payment; a visit days ahead cannot take notes yet', async ({
  page,
  request,
}, testInfo) => {
  const her = attemptOf(testInfo);
  const name = her.name('Trịnh Thị Ngày Khám');
  const email = her.email('ngay.kham@example.vn');
  await bookViaApi(request, {
    fullName: name,
    phone: her.phone('0977100001'),
    email,
    appointmentDate: await emptySlotDay(request, { time: '09:30', department: 'GENERAL_PRACTICE' }, 3),
    appointmentTime: '09:30',
    department: 'GENERAL_PRACTICE',
    reason: 'Khám sức khỏe tiền hôn nhân',
  });
  await assignDoctor(page, name);

  // The doctor finds it in Pending Approvals and accepts with a message.
  await openAs(page, 'doctor', '/admin/pending-approvals', 'Appointments Pending Your Approval');
  const pending = rowWith(page, name);
  await expect(pending).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Tổng quan lịch hẹn chờ phê duyệt' })).toContainText('Pending Approvals');
  await expectAccessible(page);
  await snap(page, testInfo, 'pending-approvals');
  await pending.getByRole('button', { name: `View appointment of ${name}` }).click();
  const view = page.getByRole('dialog', { name: 'Chi tiết lịch hẹn' });
  await expect(view.getByText('Khám sức khỏe tiền hôn nhân')).toBeVisible();
  await view.getByRole('button', { name: 'Chấp nhận' }).click();
  const accept = page.getByRole('dialog', { name: 'Chấp nhận lịch hẹn' });
  await accept.getByLabel(/Lời nhắn cho bệnh nhân/).fill('Chị nhớ nhịn ăn sáng trước khi đến.');
  await accept.getByRole('button', { name: 'Accept Appointment' }).click();
  await expect(page.getByText('Đã chấp nhận lịch hẹn thành công')).toBeVisible();
  await expect(rowWith(page, name)).toHaveCount(0);

  // Staff requests the payment and marks it paid.
  await openAs(page, 'staff', '/admin/bookings', 'Quản lý Lịch hẹn');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(name);
  const booking = page.locator('tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(booking.getByText('Đã xác nhận')).toBeVisible();
  await booking.getByRole('button', { name: /Yêu cầu thanh toán/ }).click();
  const pay = page.getByRole('dialog', { name: 'Yêu cầu thanh toán' });
  await pay.getByLabel('Số tiền (VNĐ)').fill('600.000');
  await pay.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(booking.getByText('Cần thanh toán')).toBeVisible();
  await booking.getByRole('button', { name: /Đánh dấu đã thanh toán/ }).click();
  await page
    .getByRole('dialog', { name: 'Đánh dấu đã thanh toán' })
    .getByRole('button', { name: 'Đã thanh toán' })
    .click();
  await expect(booking.getByText('Đã thanh toán', { exact: true })).toBeVisible();

  // Her visit is days ahead: nothing can be written or marked for it yet (issue 25, defect 2).
  await openAs(page, 'doctor', '/admin/patients', 'Patient Control');
  await expect(page.getByText(/Your Assigned Patients/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(her.search('trinh thi ngay kham'));
  const ahead = page.locator('tr').filter({ hasText: email });
  await expect(ahead).toHaveCount(1);
  await expect(ahead.getByRole('button', { name: `Ghi chú khám cho ${name}` })).toBeDisabled();
  await expect(ahead.getByRole('button', { name: `Đánh dấu ${name} không đến khám` })).toBeDisabled();
});

/** A patient of the demo doctor with a paid visit that has come (the demo data's past days), and that visit. */
async function paidVisitOfDoctor(request: APIRequestContext) {
  const token = await tokenOf(request, 'doctor');
  type Visit = { id: number; appointmentDate: string; appointmentTime: string; status: string };
  type Row = { fullName: string; email: string; actionableAppointments: Visit[] };
  for (let page = 1; page <= 20; page++) {
    const res = await request.get(`/api/patients?page=${page}&size=50`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    const { items, totalPages } = (await res.json()) as { items: Row[]; totalPages: number };
    for (const row of items) {
      const visit = row.actionableAppointments.find((v) => v.status === 'PAID');
      if (visit) return { ...row, visit };
    }
    if (page >= totalPages) break;
  }
  throw new Error('the demo data holds no paid visit of the demo doctor that has come');
}

test('a doctor writes notes with a follow-up on the visit he chooses among those that have come; the visit reaches Booking History', async ({
  page,
  request,
}, testInfo) => {
  const patient = await paidVisitOfDoctor(request);
  const [vy, vm, vd] = patient.visit.appointmentDate.split('-');
  await openAs(page, 'doctor', '/admin/patients', 'Patient Control');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(patient.email);
  const row = page.locator('tr').filter({ hasText: patient.email });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, testInfo, 'patient-control');
  await row.getByRole('button', { name: `Ghi chú khám cho ${patient.fullName}` }).click();
  const notes = page.getByRole('dialog', { name: 'Ghi chú khám bệnh' });
  // With more than one visit he picks this one; the first (today's, else the oldest) is chosen already.
  const choice = notes.getByRole('group', { name: 'Lịch hẹn' });
  if (await choice.count()) {
    await expect(choice.getByRole('radio').first()).toBeChecked();
    const when = new RegExp(`(${vd}/${vm}/${vy}|Hôm nay) · ${patient.visit.appointmentTime}.*Đã thanh toán`);
    await choice.locator('label').filter({ hasText: when }).first().click();
  }
  await expect(notes.getByText(`${vd}/${vm}/${vy}`)).toBeVisible();
  await notes.getByLabel('Ghi chú của bác sĩ').fill('Xét nghiệm máu bình thường. Bổ sung acid folic.');
  await notes.getByRole('checkbox', { name: 'Lên lịch tái khám cho bệnh nhân' }).check();
  const save = notes.getByRole('button', { name: 'Save Notes & Schedule Follow-up' });
  await expect(save).toBeDisabled();
  const followUpDate = await emptySlotDay(request, { time: '10:00', department: 'GENERAL_PRACTICE' }, 17);
  await notes.getByLabel(/Ngày tái khám/).fill(followUpDate);
  // The time tiles are radio buttons drawn as labels: a person clicks the tile.
  await notes
    .locator('label')
    .filter({ hasText: /^10:00$/ })
    .click();
  await expect(notes.getByRole('radio', { name: '10:00' })).toBeChecked();
  await snap(page, testInfo, 'examination-notes');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(/Ghi chú đã được lưu và lịch hẹn đã hoàn thành\. Đã tạo lịch tái khám/)).toBeVisible();

  // The follow-up is confirmed with him: it is the patient's next appointment.
  const [y, m, d] = followUpDate.split('-');
  await expect(row.getByText(`${d}/${m}/${y} · 10:00`)).toBeVisible();
  await row.getByRole('button', { name: `Xem chi tiết bệnh nhân ${patient.fullName}` }).click();
  const detail = page.getByRole('dialog', { name: 'Chi tiết bệnh nhân' });
  await expect(detail.getByText('Xét nghiệm máu bình thường. Bổ sung acid folic.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The visit is history now.
  await openAs(page, 'staff', '/admin/booking-history', 'Lịch sử Đặt lịch');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(patient.email);
  await expect(rowWith(page, `${vd}/${vm}/${vy}`).filter({ hasText: 'Đã hoàn thành' }).first()).toBeVisible();
});

test('a doctor declines with a reason and the staff sees it to assign someone else', async ({
  page,
  request,
}, testInfo) => {
  const her = attemptOf(testInfo);
  const name = her.name('Vũ Thị Từ Chối');
  await bookViaApi(request, {
    fullName: name,
    phone: her.phone('0977100002'),
    appointmentDate: await emptySlotDay(request, { time: '14:30', department: 'GENERAL_PRACTICE' }, 4),
    appointmentTime: '14:30',
    department: 'GENERAL_PRACTICE',
  });
  await assignDoctor(page, name);

  await openAs(page, 'doctor', '/admin/pending-approvals', 'Appointments Pending Your Approval');
  await rowWith(page, name)
    .getByRole('button', { name: `Decline appointment of ${name}` })
    .click();
  const decline = page.getByRole('dialog', { name: 'Từ chối lịch hẹn' });
  await expect(
    decline.getByText('The appointment will return to PENDING and the staff must assign another doctor.'),
  ).toBeVisible();
  await expect(decline.getByRole('button', { name: 'Decline Appointment' })).toBeDisabled();
  await decline.getByLabel(/Lý do từ chối/).fill('Tôi dự hội thảo cả ngày hôm đó.');
  await snap(page, testInfo, 'decline');
  await decline.getByRole('button', { name: 'Decline Appointment' }).click();
  await expect(page.getByText('Đã từ chối lịch hẹn. Lịch hẹn sẽ được staff xử lý lại.')).toBeVisible();

  await openAs(page, 'staff', '/admin/bookings', 'Quản lý Lịch hẹn');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(name);
  const row = page.locator('tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row.getByText('Bác sĩ đã từ chối')).toBeVisible();
  await expect(row.getByRole('button', { name: /Chỉ định lại bác sĩ/ })).toBeVisible();
});

test("the doctor's screens read well on a phone and have no serious accessibility violation @phone", async ({
  page,
}, testInfo) => {
  for (const [path, heading] of [
    ['/admin', 'Dashboard'],
    ['/admin/pending-approvals', 'Appointments Pending Your Approval'],
    ['/admin/patients', 'Patient Control'],
  ] as const) {
    if (path === '/admin') await signIn(page, 'doctor');
    else await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('progressbar').or(page.getByText('Đang tải')).first()).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectAccessible(page);
    await snap(page, testInfo, `doctor${path.replaceAll('/', '-')}`);
  }
});
