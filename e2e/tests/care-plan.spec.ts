import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addDays, clinicMoment, formatDate, planDayText, mobileMsisdn } from '@clinic/shared';
import { ACCOUNTS, expectAccessible, signIn, snap, test, tokenOf } from './helpers';
import { SIMULATOR } from '../servers';

/**
 * Issue 37's "Done means", in Chromium, each person at her own screen: the receptionist at her
 * 1366×768 laptop starts an antenatal plan for a woman at 8 weeks who gave only her phone, and every
 * visit is booked in one step; the woman, on a slow phone, opens the private link her phone received
 * and moves the 20-week scan inside its window (a date outside is refused); the obstetrician, on his
 * tablet, re-dates the pregnancy after the dating scan and the remaining visits follow; the desk's
 * call-back list shows a missed milestone. Desktop project only: the people bring their own screens.
 */

const CLINIC_ZONE = 'Asia/Ho_Chi_Minh';
const LAPTOP = { width: 1366, height: 768 };
const TABLET = { width: 820, height: 1180 };
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };
const MORPHOLOGY = 'Siêu âm hình thái thai nhi';
const FIRST = 'Khám thai lần đầu';

type Sim = { channel: string; templateId?: string; data?: Record<string, string>; text?: string };
async function inbox(request: APIRequestContext, msisdn: string): Promise<Sim[]> {
  return (await (await request.get(`${SIMULATOR}/_sim/inbox?phone=${msisdn}`)).json()) as Sim[];
}

/** Her phone's line: 1.6 Mbps down, 150 ms, the CPU four times slower (as phone-pay.spec.ts). */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function screenOf(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ locale: 'vi-VN', timezoneId: CLINIC_ZONE, ...options });
  return context.newPage();
}

type PlanVisit = {
  id: number;
  key: string;
  label: string;
  windowStart: string;
  windowEnd: string;
  state: string;
  appointment: { id: number; date: string; time: string; status: string } | null;
};
type Plan = { id: number; anchor: string; anchorDate: string; visits: PlanVisit[] };

async function planOf(request: APIRequestContext, token: string, id: number): Promise<Plan> {
  const res = await request.get(`/api/care-plans/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Plan;
}

test('an antenatal plan: booked at the desk in one step, a visit moved inside its window from her slow phone, re-dated by the doctor and confirmed at the desk, a missed milestone on the call-back list', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const staffToken = await tokenOf(request, 'staff');
  const run = Date.now().toString().slice(-7);
  const fullName = `Trần Thị Ngọc ${run}`;
  const phone = `093${run}`;
  const msisdn = mobileMsisdn(phone)!;
  const today = clinicMoment(new Date(), CLINIC_ZONE).date;
  // She is at 8 weeks today: her last period began 56 days ago.
  const lmp = addDays(today, -56);

  // ------------------------------------------------------------ 1. the receptionist, at her laptop
  const desk = await screenOf(browser, { viewport: LAPTOP });
  await signIn(desk, 'staff');
  await expect(desk).toHaveURL(/\/admin$/);
  await desk.goto('/admin/care-plans');
  await expect(desk.getByRole('heading', { level: 1, name: 'Kế hoạch chăm sóc' })).toBeVisible();
  await desk.getByRole('button', { name: 'Tạo kế hoạch' }).click();
  const start = desk.getByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' });
  const template = start.getByLabel('Mẫu kế hoạch');
  await expect(template.locator('option', { hasText: 'Khám thai định kỳ' })).toHaveCount(1);
  await template.selectOption({ label: 'Khám thai định kỳ (Khám thai)' });
  await start.getByLabel('Mốc tính', { exact: true }).selectOption({ label: 'Ngày đầu của kỳ kinh cuối' });
  await start.getByLabel('Ngày đầu của kỳ kinh cuối', { exact: true }).fill(lmp);
  // No doctor named: a visit confirmed with a doctor can no longer be moved from her link (docs/PRODUCT.md §4).
  await start.getByLabel('Họ tên').fill(fullName);
  await start.getByLabel('Số điện thoại').fill(phone);
  await start.getByRole('checkbox').check();
  await start.getByRole('button', { name: 'Đề xuất lịch' }).click();
  await expect(start.getByRole('heading', { name: 'Lịch đề xuất: Khám thai định kỳ' })).toBeVisible();
  await expect(start.getByRole('status').filter({ hasText: 'lượt sẽ được đặt' })).toHaveText('10 lượt sẽ được đặt.');
  await snap(desk, testInfo, 'desk-proposal');
  await expectAccessible(desk);
  await start.getByRole('button', { name: 'Đặt tất cả' }).click();
  await expect(start).toHaveCount(0);

  // Every visit booked, in one step: the plan's page lists the ten with their dates.
  await expect(desk).toHaveURL(/\/admin\/care-plans\/\d+$/);
  const planId = Number(/\/admin\/care-plans\/(\d+)$/.exec(desk.url())![1]);
  await expect(desk.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  const timeline = desk.getByRole('region', { name: 'Các lượt khám' });
  const entries = timeline.getByRole('listitem');
  await expect(entries).toHaveCount(10);
  for (let i = 0; i < 10; i++) {
    await expect(entries.nth(i)).toContainText('Đã đặt lịch');
    await expect(entries.nth(i)).toContainText(/Lịch hẹn: \d\d:\d\d ngày \d\d\/\d\d\/\d{4} · Tuần \d+ \+ \d ngày/);
  }
  const booked = await planOf(request, staffToken, planId);
  expect(booked.visits).toHaveLength(10);
  for (const v of booked.visits) {
    expect(v.state, v.label).toBe('BOOKED');
    expect(v.appointment!.date >= v.windowStart && v.appointment!.date <= v.windowEnd, v.label).toBe(true);
  }
  await snap(desk, testInfo, 'desk-plan-booked');
  await expectAccessible(desk);
  // Her first visit, the dating scan, goes to the obstetrician: from then on the plan is his to read.
  const doctors = (await (
    await request.get('/api/users/role/DOCTOR', {
      headers: { Authorization: `Bearer ${await tokenOf(request, 'admin')}` },
    })
  ).json()) as { id: number; fullName: string }[];
  const obstetrician = doctors.find((d) => d.fullName === ACCOUNTS.obstetrician.fullName)!.id;
  const assigned = await request.put(
    `/api/appointments/${booked.visits.find((v) => v.label === FIRST)!.appointment!.id}/assign-doctor`,
    { headers: { Authorization: `Bearer ${staffToken}` }, data: { doctorId: obstetrician } },
  );
  expect(assigned.status(), await assigned.text()).toBe(200);

  // ------------------------------------------------------------ 2. she, on her slow phone
  // Each visit's booking reached her phone by Zalo with its own private link; none names the plan or
  // its purpose (a phone's lock screen shows it).
  const morphology = booked.visits.find((v) => v.label === MORPHOLOGY)!;
  let messages: Sim[] = [];
  await expect
    .poll(
      async () => {
        messages = (await inbox(request, msisdn)).filter((m) => m.data?.link);
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBe(10);
  for (const m of messages) expect(JSON.stringify(m.data)).not.toMatch(/thai|Siêu âm|Khám/i);
  const hers = messages.find((m) => m.data!.date === formatDate(morphology.appointment!.date));
  expect(hers, `a message of ${morphology.appointment!.date}`).toBeTruthy();
  expect(hers!.data!.link).toMatch(/\/l\/[A-Za-z0-9_-]{22}$/);

  const her = await screenOf(browser, PHONE);
  await slowPhone(her);
  await her.goto(new URL(hers!.data!.link!).pathname);
  await expect(her).toHaveURL(/\/appointment\/manage\/[A-Za-z0-9_-]{43}$/, { timeout: 30_000 });
  const token = /\/appointment\/manage\/([A-Za-z0-9_-]{43})$/.exec(her.url())![1]!;
  const herPlan = her.getByRole('region', { name: 'Khám thai định kỳ' });
  await expect(herPlan).toBeVisible({ timeout: 20_000 });
  await expect(herPlan).toContainText(`Hôm nay: ${planDayText('LMP', lmp, today)}`);
  await expect(herPlan.getByRole('listitem')).toHaveCount(10);
  const herScan = herPlan.getByRole('listitem').filter({ hasText: MORPHOLOGY });
  await expect(herScan).toContainText(planDayText('LMP', lmp, morphology.appointment!.date));
  await expect(herScan).toContainText('Đã đặt lịch');
  await snap(her, testInfo, 'phone-plan');
  await expectAccessible(her);

  await her.getByRole('button', { name: 'Đổi lịch hẹn' }).click();
  const move = her.getByRole('form', { name: 'Đổi lịch hẹn' });
  const newDate = move.getByLabel('Ngày khám mới');
  // The picker offers only the days of the scan's window, and says so.
  await expect(newDate).toHaveAttribute('min', morphology.windowStart > today ? morphology.windowStart : today);
  await expect(newDate).toHaveAttribute('max', morphology.windowEnd);
  const window = `từ ${formatDate(morphology.windowStart)} đến ${formatDate(morphology.windowEnd)}`;
  await expect(newDate).toHaveAccessibleDescription(new RegExp(`Lượt khám này cần trong khoảng ${window}`));
  // A day after the window, typed in: refused on her screen, nothing sent.
  await newDate.fill(addDays(morphology.windowEnd, 2));
  await expect(newDate).toHaveAccessibleDescription(
    new RegExp(`Ngày hẹn nằm ngoài khoảng thời gian của mốc này \\(${window}\\)`),
  );
  await expect(move.getByRole('button', { name: 'Xác nhận đổi lịch' })).toBeDisabled();
  await snap(her, testInfo, 'phone-outside-window');
  // And the server refuses it too, for whoever calls it without the screen.
  const outside = await request.post(`/api/appointments/manage/${token}/reschedule`, {
    data: { appointmentDate: workingDay(addDays(morphology.windowEnd, 2)), appointmentTime: '10:30' },
  });
  expect(outside.status()).toBe(400);
  expect(((await outside.json()) as { message: string }).message).toContain(
    `Ngày hẹn nằm ngoài khoảng thời gian của mốc này (${window})`,
  );

  // Another day inside the window: done.
  const inside = insideDay(morphology, today);
  await newDate.fill(inside);
  await move
    .locator('label')
    .filter({ hasText: /^10:30$/ })
    .click();
  await expect(move.getByRole('radio', { name: '10:30' })).toBeChecked();
  await move.getByRole('button', { name: 'Xác nhận đổi lịch' }).click();
  await expect(her.getByRole('status').filter({ hasText: 'Đã đổi lịch hẹn' })).toBeVisible({ timeout: 30_000 });
  await expect(herScan).toContainText('10:30', { timeout: 30_000 });
  await expect(herScan).toContainText(planDayText('LMP', lmp, inside));
  await snap(her, testInfo, 'phone-moved');
  await expectAccessible(her);
  const moved = (await planOf(request, staffToken, planId)).visits.find((v) => v.label === MORPHOLOGY)!;
  expect(moved.appointment).toMatchObject({ date: inside, time: '10:30' });

  // ------------------------------------------------------------ 3. the obstetrician, on his tablet
  // The dating scan puts the due date 7 days later than her last period said: every window moves 7 days.
  const due = addDays(lmp, 280 + 7);
  const doctor = await screenOf(browser, { viewport: TABLET, isMobile: true, hasTouch: true });
  await signIn(doctor, 'obstetrician');
  await expect(doctor).toHaveURL(/\/admin$/);
  await doctor.goto(`/admin/care-plans/${planId}`);
  await expect(doctor.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await doctor.getByRole('button', { name: 'Đổi mốc tính' }).click();
  const redate = doctor.getByRole('dialog', { name: 'Đổi mốc tính' });
  await redate.getByLabel('Mốc tính mới').selectOption({ label: 'Ngày dự sinh theo siêu âm' });
  await redate.getByLabel('Ngày – Ngày dự sinh theo siêu âm').fill(due);
  await redate.getByRole('button', { name: 'Đề xuất lịch mới' }).click();
  const proposed = redate.getByRole('heading', { name: /^Lịch mới của \d+ lượt khám còn lại$/ });
  await expect(proposed).toBeVisible();
  const before = await planOf(request, staffToken, planId);
  const remaining = before.visits.filter((v) => v.state === 'BOOKED');
  await expect(proposed).toHaveText(`Lịch mới của ${remaining.length} lượt khám còn lại`);
  // Each remaining visit is proposed in its new window, 7 days later.
  for (const v of remaining) {
    const newWindow = `${formatDate(addDays(v.windowStart, 7))} – ${formatDate(addDays(v.windowEnd, 7))}`;
    await expect(redate.getByRole('listitem').filter({ hasText: v.label }).first()).toContainText(newWindow);
  }
  await snap(doctor, testInfo, 'tablet-redate');
  await expectAccessible(doctor);
  // Moving the visits is the desk's to confirm (docs/PRODUCT.md §15): he sends the new schedule to
  // the desk, and nothing moves until the receptionist confirms it.
  await expect(redate.getByText(/chỉ đổi khi quầy tiếp đón xác nhận/)).toBeVisible();
  await expect(redate.getByRole('button', { name: 'Xác nhận đổi lịch' })).toHaveCount(0);
  await redate.getByRole('button', { name: 'Gửi quầy xác nhận' }).click();
  await expect(redate).toHaveCount(0);
  await expect(doctor.getByText('Bác sĩ đề nghị đổi mốc tính')).toBeVisible();
  await expect(doctor.getByText(/Đang chờ quầy tiếp đón xác nhận/)).toBeVisible();
  const waiting = await planOf(request, staffToken, planId);
  expect(waiting.anchorDate).not.toBe(due);

  // The receptionist finds it on the plan at her laptop, his schedule filled in, and confirms it.
  await desk.reload();
  await expect(desk.getByText('Bác sĩ đề nghị đổi mốc tính')).toBeVisible();
  await desk.getByRole('button', { name: 'Xem và xác nhận' }).click();
  const confirm = desk.getByRole('dialog', { name: 'Đổi mốc tính' });
  await expect(
    confirm.getByRole('heading', { name: `Lịch mới của ${remaining.length} lượt khám còn lại` }),
  ).toBeVisible();
  await expect(confirm.getByLabel('Mốc tính mới')).toHaveValue('EDD');
  await snap(desk, testInfo, 'desk-confirms-redate');
  await confirm.getByRole('button', { name: 'Xác nhận đổi lịch' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(desk.getByText('Bác sĩ đề nghị đổi mốc tính')).toHaveCount(0);

  // The remaining visits followed: new windows, and every visit booked inside its own.
  const after = await planOf(request, staffToken, planId);
  expect(after).toMatchObject({ anchor: 'EDD', anchorDate: due });
  for (const v of remaining) {
    const now = after.visits.find((x) => x.id === v.id)!;
    expect(now.windowStart, v.label).toBe(addDays(v.windowStart, 7));
    expect(now.windowEnd, v.label).toBe(addDays(v.windowEnd, 7));
    expect(now.state, v.label).toBe('BOOKED');
    expect(now.appointment!.date >= now.windowStart && now.appointment!.date <= now.windowEnd, v.label).toBe(true);
  }
  // Those whose old day fell outside the new window moved: at least the ones booked on their window's first days.
  const changed = remaining.filter(
    (v) => after.visits.find((x) => x.id === v.id)!.appointment!.date !== v.appointment!.date,
  );
  expect(changed.length).toBeGreaterThan(0);
  await doctor.reload();
  await expect(doctor.getByRole('region', { name: 'Các lượt khám' })).toContainText(
    formatDate(after.visits.find((v) => v.id === changed[0]!.id)!.appointment!.date),
  );
  await snap(doctor, testInfo, 'tablet-redated');
  await expectAccessible(doctor);

  // ------------------------------------------------------------ 4. the desk's call-back list
  // Her first visit is missed: on its day the doctor marks her absent (a visit of a later day has not
  // happened, docs/PRODUCT.md §11, so before its day the desk cancels it after her call instead).
  const first = after.visits.find((v) => v.label === FIRST)!;
  if (first.appointment!.date === today) {
    const missed = await request.put(`/api/appointments/${first.appointment!.id}`, {
      headers: { Authorization: `Bearer ${await tokenOf(request, 'obstetrician')}` },
      data: { status: 'NO_SHOW' },
    });
    expect(missed.status(), await missed.text()).toBe(200);
  } else {
    const cancelled = await request.put(`/api/appointments/${first.appointment!.id}/cancel`, {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: { reason: 'Người bệnh báo không đến được' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  await desk.goto('/admin/care-plans');
  await desk.getByRole('tab', { name: 'Cần gọi lại' }).click();
  const callBack = desk.getByRole('list', { name: 'Cần gọi lại' });
  const entry = callBack.getByRole('listitem').filter({ hasText: fullName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${FIRST} · Khám thai định kỳ`);
  await expect(entry).toContainText('Lỡ hẹn');
  await expect(entry.getByRole('link', { name: `Gọi ${fullName}: ${phone}` })).toHaveAttribute('href', /^tel:/);
  await snap(desk, testInfo, 'desk-call-back');
  await expectAccessible(desk);
  await Promise.all([desk.context().close(), her.context().close(), doctor.context().close()]);
});

/** `date`, or the Monday after it when it is a Sunday. */
function workingDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 0 ? addDays(date, 1) : date;
}

/** A working day inside the visit's window, from tomorrow on, other than the day it is booked on. */
function insideDay(visit: PlanVisit, today: string): string {
  for (let d = visit.windowStart; d <= visit.windowEnd; d = addDays(d, 1))
    if (d > today && d !== visit.appointment!.date && workingDay(d) === d) return d;
  throw new Error(`no other working day in ${visit.windowStart}…${visit.windowEnd}`);
}
