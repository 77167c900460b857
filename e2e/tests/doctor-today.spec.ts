import { expect } from '@playwright/test';
import { clinicInstant, clinicMoment } from '@clinic/shared';
import { deskBook, expectAccessible, openDays, signIn, snap, test, tokenOf } from './helpers';

const CLINIC_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * The doctor's today (issue 25) on a tablet and on a phone: his visits, their states, and the step
 * each needs opened in place. The server runs on the real clock; when the clinic has no slot left
 * today (after its last slot, or a Sunday), the visits go on the next open day and his browser's
 * clock is that day's morning, so whatever the day and hour they are his today.
 */
for (const device of [
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the doctor sees today's visits on his dashboard and takes the next step in place (${device.name})`, async ({
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
    const confirmed = await deskBook(request, staff, openDays(new Date(), 2), `Chị Đã Hẹn ${tag}`, doctorId);
    const waiting = await deskBook(request, staff, [confirmed.date], `Chị Chờ Duyệt ${tag}`, null);
    const assigned = await request.put(`/api/appointments/${waiting.id}/assign-doctor`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { doctorId },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    if (confirmed.date !== clinicMoment(new Date(), CLINIC_ZONE).date)
      await page.clock.setFixedTime(clinicInstant(confirmed.date, '07:00', CLINIC_ZONE));

    await signIn(page, 'doctor');
    await expect(page).toHaveURL(/\/admin$/);
    const panel = page.getByRole('region', { name: 'Lịch khám hôm nay và ngày mai' });
    const list = panel.getByRole('list', { name: 'Lịch khám hôm nay' });
    const done = list.getByRole('listitem').filter({ hasText: `Chị Đã Hẹn ${tag}` });
    const ask = list.getByRole('listitem').filter({ hasText: `Chị Chờ Duyệt ${tag}` });
    await expect(done).toContainText('Đã xác nhận');
    await expect(ask).toContainText('Chờ bác sĩ phản hồi');
    await done.scrollIntoViewIfNeeded();
    await snap(page, testInfo, `doctor-today-${device.name}`);
    await expectAccessible(page);
    // No sideways scrolling on his screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.width);

    // Notes and no-show open over his list, on the visit he tapped, and close back to it.
    await done.getByRole('button', { name: `Ghi chú: Chị Đã Hẹn ${tag}` }).click();
    const notes = page.getByRole('dialog', { name: 'Ghi chú khám bệnh' });
    await expect(notes).toContainText(`Chị Đã Hẹn ${tag} · #${confirmed.id}`);
    await expect(notes.getByRole('button', { name: 'Save Notes' })).toBeInViewport();
    await notes.getByRole('button', { name: 'Cancel' }).click();
    await expect(notes).toHaveCount(0);
    await done.getByRole('button', { name: `Vắng: Chị Đã Hẹn ${tag}` }).click();
    const noShow = page.getByRole('dialog', { name: 'Đánh dấu không đến khám' });
    await expect(noShow.getByRole('button', { name: 'Không đến khám' })).toBeInViewport();
    await noShow.getByRole('button', { name: 'Cancel' }).click();
    await expect(noShow).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin$/);

    // After the visit, a care plan for her starts from here, her name and phone already in it (issue 37).
    await done.getByRole('button', { name: `Tạo kế hoạch: Chị Đã Hẹn ${tag}` }).click();
    const plan = page.getByRole('dialog', { name: 'Tạo kế hoạch chăm sóc' });
    await expect(plan.getByLabel('Họ tên')).toHaveValue(`Chị Đã Hẹn ${tag}`);
    await page.keyboard.press('Escape');
    await expect(plan).toHaveCount(0);

    // Accepting an assignment happens here too, and the list says so at once.
    await ask.getByRole('button', { name: `Chấp nhận: Chị Chờ Duyệt ${tag}` }).click();
    const accept = page.getByRole('dialog', { name: 'Chấp nhận lịch hẹn' });
    await accept.getByRole('button', { name: 'Accept Appointment' }).click();
    await expect(accept).toHaveCount(0);
    await expect(page.getByText('Đã chấp nhận lịch hẹn thành công')).toBeVisible();
    await expect(ask).toContainText('Đã xác nhận');
    await expect(ask.getByRole('button', { name: `Ghi chú: Chị Chờ Duyệt ${tag}` })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });
}
