import { expect } from '@playwright/test';
import { bookViaApi, emptySlotDay, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

/** Issue 25, defect 4: the owner deactivates a doctor, sees his upcoming visits first, and gives them to another. */
test('the owner deactivates a doctor and reassigns his visits', async ({ page, request }, testInfo) => {
  const admin = await tokenOf(request, 'admin');
  const auth = { Authorization: `Bearer ${admin}` };
  const tag = Date.now().toString(36);
  const fullName = `BS. Rời Phòng ${tag}`;
  const created = await request.post('/api/users', {
    headers: auth,
    data: {
      username: `roi.phong.${tag}`,
      email: `roi.phong.${tag}@antamclinic.vn`,
      fullName,
      role: 'DOCTOR',
      specialty: 'GYNECOLOGY',
      password: 'Kham-Benh-2026!',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const leavingId = ((await created.json()) as { user: { id: number } }).user.id;

  const patient = `Hồ Thị Chuyển ${tag}`;
  const date = await emptySlotDay(request, { time: '10:00', department: 'GYNECOLOGY' }, 4);
  const id = await bookViaApi(request, {
    fullName: patient,
    phone: '0912345678',
    appointmentDate: date,
    appointmentTime: '10:00',
    department: 'GYNECOLOGY',
  });
  const assigned = await request.put(`/api/appointments/${id}/assign-doctor`, {
    headers: auth,
    data: { doctorId: leavingId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`roi.phong.${tag}`);
  const row = page.locator('tr').filter({ hasText: fullName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Deactivate ${fullName}` }).click();

  // Asked first, with his upcoming visit listed; nothing changed yet.
  const ask = page.getByRole('dialog', { name: `Deactivate ${fullName}?` });
  await expect(ask.getByText(patient)).toBeVisible();
  await expect(ask.getByText('Chờ bác sĩ phản hồi')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'deactivate-doctor-ask');
  await ask.getByRole('button', { name: 'Deactivate', exact: true }).click();

  const move = page.getByRole('dialog', { name: `Chuyển lịch hẹn của ${fullName}` });
  await expect(move).toBeVisible();
  const select = move.getByLabel(/Bác sĩ nhận lịch hẹn/);
  const value = await select.locator('option', { hasText: 'BS. Nguyễn Văn An' }).getAttribute('value');
  await select.selectOption(value!);
  await snap(page, testInfo, 'deactivate-doctor-move');
  await move.getByRole('button', { name: 'Chuyển 1 lịch hẹn' }).click();
  await expect(move).toBeHidden();

  const after = await request.get(`/api/appointments/${id}`, { headers: auth });
  const visit = (await after.json()) as { doctorId: number; status: string };
  expect(visit.doctorId).toBe(Number(value));
  expect(visit.status).toBe('AWAITING_DOCTOR_APPROVAL');
  const owed = await request.get(`/api/appointments/owed-by-doctor/${leavingId}`, { headers: auth });
  expect(((await owed.json()) as { items: unknown[] }).items).toHaveLength(0);
  // His row now offers to move any visit left.
  await expect(row.getByRole('button', { name: `Chuyển lịch hẹn của ${fullName}` })).toBeVisible();
});
