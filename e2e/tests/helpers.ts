import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { addDays, clinicMoment, deskSlots, vnCarrierOf } from '@clinic/shared';

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123', fullName: 'Quản trị viên' },
  staff: { username: 'staff', password: 'Staff@123', fullName: 'Lê Thị Thu Hà' },
  doctor: { username: 'doctor', password: 'Doctor@123', fullName: 'BS. Nguyễn Văn An' },
  /** The obstetrician (docs/PRODUCT.md §5: doctor2… one per department after general practice). */
  obstetrician: { username: 'doctor4', password: 'Doctor@123', fullName: 'BS. Phạm Minh Châu' },
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

/**
 * A full-page screenshot attached to the HTML report, for a person looking at the journeys. CI opens
 * no report and keeps a failure's own screenshot, so there it takes none (E2E_SNAPS=1 takes them):
 * 135 full pages at each width cost the run about a tenth of its time.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.CI && process.env.E2E_SNAPS !== '1') return;
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/**
 * Waits until a closed window has taken its history entry back (useBackCloses, issue 25): the back
 * lands a moment after the window closes, and a goto made before it is aborted by it
 * (net::ERR_ABORTED, now and then on a loaded machine). A window still open keeps its entry: a goto
 * then leaves it, as an address typed over it does, with no wait.
 */
async function windowHistorySettled(page: Page) {
  await page.waitForFunction(
    () =>
      !(history.state as { modalMarker?: string } | null)?.modalMarker ||
      document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
  );
}

/**
 * The journeys' `test`: its page waits, before each `goto`, for a window closed just before to have
 * taken its history entry back (windowHistorySettled). A person is slower than that step back; a
 * script's next address would be cancelled by it now and then (net::ERR_ABORTED).
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      await windowHistorySettled(page);
      return goto(url, options);
    };
    await use(page);
    // E2E_RETRY_CHECK=1 fails each journey's first attempt once it is done: its retry must still pass.
    if (process.env.E2E_RETRY_CHECK === '1' && testInfo.retry === 0)
      throw new Error('E2E_RETRY_CHECK: the first attempt fails on purpose');
  },
});

/**
 * This attempt's own person. CI retries a failed journey once, on the same server, where the first
 * attempt's bookings stay: the same person in the same slot would be refused (ALREADY_BOOKED) and a
 * search for her name would find two. The first attempt keeps the journey's texts; a retry adds
 * "Lan 2" to a name (unaccented, so a search typed without accents still finds her alone) and moves
 * her phone and e-mail.
 */
export function attemptOf(testInfo: TestInfo) {
  const n = testInfo.retry;
  const word = n === 0 ? '' : ` Lan ${n + 1}`;
  return {
    name: (fullName: string) => fullName + word,
    search: (typed: string) => typed + word.toLowerCase(),
    // Its 2nd digit moves, from the retry's digit on, to the first one that changes it and keeps a
    // mobile a mobile (shared's carrier prefixes): her Zalo and SMS still reach it.
    phone: (phone: string) => {
      if (n === 0) return phone;
      for (let k = 0; k < 10; k++) {
        const digit = String((2 + n + k) % 10);
        const moved = `0${digit}${phone.slice(2)}`;
        if (digit !== phone[1] && (vnCarrierOf(moved) || !vnCarrierOf(phone))) return moved;
      }
      throw new Error(`no other mobile number beside ${phone}`);
    },
    email: (email: string) => (n === 0 ? email : email.replace('@', `.lan${n + 1}@`)),
  };
}

/** axe must find nothing serious or critical. */
export async function expectAccessible(page: Page) {
  // A toast fading in is half transparent for a moment: check what the person sees once it has settled.
  // Settled means two frames in a row with nothing moving: a toast mounted by the last answer starts
  // its fade a frame after the click that caused it.
  const settled = () =>
    page.waitForFunction(async () => {
      const still = () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      if (!still()) return false;
      await frame();
      await frame();
      return still();
    });
  const serious = async () => {
    await settled();
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let bad = await serious();
  // A toast that an answer arriving during the check mounted was still fading in when axe measured
  // it (seen on a loaded machine): measured again once it has settled. A toast whose colours are
  // really too faint fails the second time too.
  const inToast = (v: (typeof bad)[number]) =>
    v.id === 'color-contrast' && v.nodes.every((n) => n.target.join(' ').includes('[role="status"]'));
  if (bad.length > 0 && bad.every(inToast)) bad = await serious();
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Collects what the page reports as broken: script errors, Content-Security-Policy refusals, and a
 * page rendered ahead that React could not hydrate (it then draws it again, and says so).
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to|Minified React error|hydrat/i.test(msg.text()))
      problems.push(msg.text());
  });
  return problems;
}

const CLINIC_ZONE = 'Asia/Ho_Chi_Minh';

/** Today in the clinic's zone plus `days`, moved off a Sunday (the clinic is closed then). */
export function clinicWeekday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: CLINIC_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The first weekday from `days` on (every `step` days) whose slot nobody holds yet: the demo data books
 * some slots of the coming two weeks at random, so a journey that fills a slot starts from an empty one.
 */
export async function emptySlotDay(
  request: APIRequestContext,
  slot: { time: string; department: string },
  days: number,
  step = 1,
): Promise<string> {
  for (let d = days; d < days + 60; d += step) {
    const date = clinicWeekday(d);
    const res = await request.get(
      `/api/appointments/public/availability?date=${date}&time=${slot.time}&department=${slot.department}`,
    );
    if (((await res.json()) as { remaining?: number }).remaining === 3) return date;
  }
  throw new Error(`no empty ${slot.department} slot at ${slot.time} within 60 days of day ${days}`);
}

export type PublicBooking = {
  fullName: string;
  phone: string;
  email?: string;
  appointmentDate: string;
  appointmentTime: string;
  department: string;
  reason?: string;
};

/** A visitor's booking through the public call (a signed-in patient's with her token); answers its id. */
export async function bookViaApi(request: APIRequestContext, booking: PublicBooking, token?: string): Promise<number> {
  const res = await request.post('/api/appointments/public', {
    // The visitor's ticked box (issue 26).
    data: { ...booking, consentHealthData: true },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { appointmentId: number }).appointmentId;
}

/** A token of a demo account, for calls a test makes behind the screen's back. */
export async function tokenOf(request: APIRequestContext, who: keyof typeof ACCOUNTS): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { usernameOrEmail: ACCOUNTS[who].username, password: ACCOUNTS[who].password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The booking form's consent box (issue 26): never ticked for her, so she ticks it. */
export async function agreeToHealthData(page: Page | Locator) {
  await page.getByRole('checkbox', { name: /xử lý thông tin sức khỏe/ }).check();
}

/** The waiting list's own consent box, shown when the slot is full. */
export async function agreeToWaitingList(page: Page | Locator) {
  await page.getByRole('checkbox', { name: /báo cho tôi khi khung giờ này có chỗ trống/ }).check();
}

/**
 * The clinic's days from today on whose desk calendar still has a slot, by the clinic's own rules
 * (no Sunday, today's slots until the last one is over): the first `count` of them.
 */
export function openDays(now: Date, count: number): string[] {
  const today = clinicMoment(now, CLINIC_ZONE).date;
  const days: string[] = [];
  for (let d = 0; days.length < count; d++) {
    const date = addDays(today, d);
    if (deskSlots(date, now, CLINIC_ZONE).length > 0) days.push(date);
  }
  return days;
}

/** A desk booking (staff may book any free slot, even now) of `department` on the first of `days` with a place left. */
export async function deskBook(
  request: APIRequestContext,
  staff: string,
  days: string[],
  fullName: string,
  doctorId: number | null,
  department = 'GYNECOLOGY',
): Promise<{ id: number; date: string }> {
  for (const date of days)
    for (const time of deskSlots(date, new Date(), CLINIC_ZONE)) {
      const res = await request.post('/api/appointments/desk', {
        headers: { Authorization: `Bearer ${staff}` },
        data: {
          fullName,
          phone: '0987654321',
          appointmentDate: date,
          appointmentTime: time,
          department,
          consentInPerson: true,
          doctorId,
        },
      });
      if (res.status() === 201)
        return { id: ((await res.json()) as { appointment: { id: number } }).appointment.id, date };
    }
  throw new Error(`no free ${department} slot on ${days.join(', ')}`);
}
