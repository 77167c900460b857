import { expect, test, type APIRequestContext } from '@playwright/test';
import { clinicWeekday, expectAccessible, signIn, snap, tokenOf } from './helpers';

const SLOTS = [
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:30',
  '14:00',
  '14:30',
].concat(['15:00', '15:30', '16:00', '16:30', '17:00']);

/** A desk booking (staff may book any free slot, even now) on the first day of `days` with a place left. */
async function deskBook(
  request: APIRequestContext,
  staff: string,
  days: string[],
  fullName: string,
  doctorId: number | null,
): Promise<{ id: number; date: string }> {
  for (const date of days)
    for (const time of SLOTS) {
      const res = await request.post('/api/appointments/desk', {
        headers: { Authorization: `Bearer ${staff}` },
        data: {
          fullName,
          phone: '0987654321',
          appointmentDate: date,
          appointmentTime: time,
          department: 'GYNECOLOGY',
          consentInPerson: true,
          doctorId,
        },
      });
      if (res.status() === 201)
        return { id: ((await res.json()) as { appointment: { id: number } }).appointment.id, date };
    }
  throw new Error('no free GYNECOLOGY slot today or tomorrow');
}

/** The doctor's today (issue 25) on a tablet and on a phone: his visits, their states, the step each needs. */
for (const device of [
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the doctor sees today's and tomorrow's visits on his dashboard and reaches the next step (${device.name})`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: device.width, height: device.height });
    const admin = await tokenOf(request, 'admin');
    const staff = await tokenOf(request, 'staff');
    const doctors = (await (
      await request.get('/api/users/role/DOCTOR', { headers: { Authorization: `Bearer ${admin}` } })
    ).json()) as { id: number; fullName: string }[];
    const doctorId = doctors.find((d) => d.fullName === 'BS. Nguyễn Văn An')!.id;
    const tag = `${device.name}${Date.now().toString(36)}`;
    const days = [clinicWeekday(0), clinicWeekday(1)];
    const confirmed = await deskBook(request, staff, days, `Chị Đã Hẹn ${tag}`, doctorId);
    const waiting = await deskBook(request, staff, [confirmed.date], `Chị Chờ Duyệt ${tag}`, null);
    const assigned = await request.put(`/api/appointments/${waiting.id}/assign-doctor`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { doctorId },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    await signIn(page, 'doctor');
    await expect(page).toHaveURL(/\/admin$/);
    const panel = page.getByRole('region', { name: 'Lịch khám hôm nay và ngày mai' });
    const list = panel.getByRole('list', {
      name: confirmed.date === days[0] ? 'Lịch khám hôm nay' : 'Lịch khám ngày mai',
    });
    const done = list.getByRole('listitem').filter({ hasText: `Chị Đã Hẹn ${tag}` });
    const ask = list.getByRole('listitem').filter({ hasText: `Chị Chờ Duyệt ${tag}` });
    await expect(done).toContainText('Đã xác nhận');
    await expect(ask).toContainText('Chờ bác sĩ phản hồi');
    if (confirmed.date === days[0]) await expect(done.getByRole('link', { name: 'Ghi chú / Vắng' })).toBeVisible();
    await done.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `doctor-today-${device.name}`);
    await expectAccessible(page);
    // No sideways scrolling on his screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.width);

    await ask.getByRole('link', { name: 'Chấp nhận' }).click();
    await expect(page).toHaveURL(/\/admin\/pending-approvals$/);
    // Below a desk's width each assignment is a card, with its Accept button.
    const card = page.getByRole('article', { name: `Chị Chờ Duyệt ${tag}` });
    await expect(card.getByRole('button', { name: `Accept appointment of Chị Chờ Duyệt ${tag}` })).toBeVisible();
  });
}
