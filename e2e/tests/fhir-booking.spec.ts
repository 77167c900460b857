import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { clinicMoment } from '@clinic/shared';
import { ownServer } from '../servers';
import { linkFromMail } from './mailbox';
import { clinicWeekday, expectAccessible, signIn, snap, test, tokenOf } from './helpers';

/**
 * Issue 38, a connected booking app books as the clinic sees it: the app (this test process, with its
 * own key pair) finds a free place, holds it; the receptionist, at her 1366×768 laptop, finds the held
 * place in Booking Manager with nothing to do but look; the app books it and the row becomes the
 * booking the desk confirms (the list refreshes itself); she gets the booking e-mail; the app cancels
 * and the row says so. Desktop project only.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const FHIR_JSON = 'application/fhir+json';
type Json = Record<string, unknown>;

/** A registered FHIR client with its own RS384 key pair, and a token of its scopes. */
async function connectedApp(request: APIRequestContext, tag: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS384', { extractable: true });
  const kid = randomUUID();
  const clientId = `datlich-${tag}.example.vn`;
  const name = `Ứng dụng đặt lịch ${tag}`;
  const scopes = ['system/Appointment.read', 'system/Appointment.write'];
  const admin = await tokenOf(request, 'admin');
  const reg = await request.post('/api/fhir-clients', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name,
      clientId,
      scopes,
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS384', use: 'sig' }] },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS384', kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(`http://localhost:${ownServer.port}/fhir/auth/token`)
    .setIssuedAt()
    .setExpirationTime('4m')
    .setJti(randomUUID())
    .sign(privateKey);
  const res = await request.post('/fhir/auth/token', {
    form: {
      grant_type: 'client_credentials',
      scope: scopes.join(' '),
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'content-type': FHIR_JSON };
  return {
    async operation(name: 'find' | 'hold' | 'book', parameter: Json[]): Promise<Json> {
      const answer = await request.post(`/fhir/Appointment/$${name}`, {
        headers,
        data: JSON.stringify({ resourceType: 'Parameters', parameter }),
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as Json;
    },
    async cancel(id: string): Promise<Json> {
      const answer = await request.patch(`/fhir/Appointment/${id}`, {
        headers: { ...headers, 'content-type': 'application/json-patch+json' },
        data: JSON.stringify([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as Json;
    },
  };
}

test('a connected app holds a place, the desk sees the hold, the app books it (she is told) and cancels it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `fhir${Date.now().toString(36)}`;
  const fullName = `Lê Thị Hoa ${tag}`;
  const email = `hoa.${tag}@example.vn`;
  const phone = `09${String(Date.now()).slice(-8)}`;
  const app = await connectedApp(request, tag);

  // Days past the demo data's fortnight that this journey owns: the first place $find proposes there.
  const date = clinicWeekday(50 + (Date.now() % 20));
  const found = await app.operation('find', [
    { name: 'service-type', valueCode: 'GYNECOLOGY' },
    { name: 'start', valueDate: date },
    { name: 'end', valueDate: date },
  ]);
  const proposals = (found.entry as { resource: Json }[] | undefined) ?? [];
  expect(proposals.length).toBeGreaterThan(0);
  const proposed = proposals[0]!.resource;
  const time = /T(\d{2}:\d{2})/.exec(proposed.start as string)![1]!;

  const held = await app.operation('hold', [
    {
      name: 'appointment-resource',
      resource: {
        ...proposed,
        status: 'pending',
        contained: [
          {
            resourceType: 'Patient',
            id: 'pt',
            name: [{ text: fullName }],
            telecom: [
              { system: 'phone', value: phone },
              { system: 'email', value: email },
            ],
          },
        ],
        participant: [
          ...(proposed.participant as Json[]),
          { actor: { reference: '#pt' }, required: 'required', status: 'accepted' },
        ],
      },
    },
  ]);
  expect(held.status).toBe('pending');
  const holdEnds = (held.extension as { valueInstant: string }[])[0]!.valueInstant;
  const until = clinicMoment(new Date(holdEnds), 'Asia/Ho_Chi_Minh').time;

  // The receptionist finds the held place: what it is, until when, and nothing to do with it yet.
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/bookings?day=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý Lịch hẹn' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(tag);
  const row = page.locator('tbody tr:visible').filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fullName);
  await expect(row).toContainText(time);
  await expect(row).toContainText('Chờ xác nhận');
  await expect(row).toContainText(`Giữ chỗ đến ${until} · qua ứng dụng kết nối`);
  await expect(row.getByRole('button', { name: /Chỉ định bác sĩ/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Thao tác cho lịch hẹn #${held.id as string}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Xem chi tiết']);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await row.screenshot({ path: testInfo.outputPath('fhir-held-row.png') });
  await snap(page, testInfo, 'fhir-held-place');

  await row.getByRole('button', { name: fullName, exact: true }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(`Lịch hẹn #${held.id as string}`) });
  await expect(detail).toContainText(`Giữ chỗ đến ${until} · qua ứng dụng kết nối`);
  await expect(detail.getByRole('button', { name: 'Chỉnh sửa' })).toHaveCount(0);
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Đóng' }).first().click();
  await expect(detail).toBeHidden();

  // The app books it: the row becomes the booking the desk confirms, at the list's own refresh.
  const booked = await app.operation('book', [
    { name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id as string}` } },
  ]);
  expect(booked).toMatchObject({ id: held.id, status: 'pending' });
  await expect(row).not.toContainText('Giữ chỗ đến', { timeout: 30_000 });
  await expect(row).toContainText(fullName);
  await expect(row).toContainText('Chờ xác nhận');
  await expect(row.getByRole('button', { name: /Chỉ định bác sĩ/ })).toBeVisible();
  await expectAccessible(page);
  await row.screenshot({ path: testInfo.outputPath('fhir-booked-row.png') });
  await snap(page, testInfo, 'fhir-booked');

  // She got the booking's e-mail, with her private link: it opens her booking (beside the desk's tab).
  const link = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/appointment\/manage\/[A-Za-z0-9_-]{43}/);
  const hers = await page.context().newPage();
  await hers.goto(link);
  await expect(hers.getByRole('heading', { level: 1, name: 'Quản lý lịch hẹn' })).toBeVisible();
  await expect(hers.getByText(fullName)).toBeVisible();
  await expect(hers.getByText('Khoa Phụ khoa').first()).toBeVisible();
  await snap(hers, testInfo, 'fhir-her-link');
  await hers.close();
  await page.bringToFront();

  // The app cancels it; the desk, showing the day's finished visits too, presses 'Làm mới' (the
  // list's refresh by itself was seen above) and the row says so.
  await page.getByRole('checkbox', { name: /Hiện cả lịch đã xong/ }).check();
  await expect(row).toHaveCount(1);
  expect((await app.cancel(held.id as string)).status).toBe('cancelled');
  await page.getByRole('button', { name: 'Làm mới' }).click();
  await expect(row).toContainText('Đã hủy');
  await expect(row).not.toContainText('Chờ xác nhận');
  await expectAccessible(page);
  await row.screenshot({ path: testInfo.outputPath('fhir-cancelled-row.png') });
  await snap(page, testInfo, 'fhir-cancelled');
});
