import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENT_CODES, MSG, TIME_SLOTS } from '@clinic/shared';
import { buildApp, type App } from '../../../app';
import { createRedisRateLimiter } from '../../../lib/rate-limiter';
import { createTokenService } from '../../../lib/tokens';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { booking, DAYS, MONDAY_9AM } from '../../../../test/appointments';

/**
 * Many patients behind one address (a clinic's lobby Wi-Fi, a carrier's shared address) are not one
 * visitor (issue 35, item 8): a booking is counted per contact and, with a higher ceiling, per
 * address; a private link per link. One person hammering is still refused, wherever she comes from.
 */

const LOBBY = '203.0.113.10';

/** Slot `i` of a day: every time of one department, then the next department's (16 × 8 distinct slots). */
const slot = (day: string, i: number) => ({
  appointmentDate: day,
  appointmentTime: TIME_SLOTS[i % TIME_SLOTS.length]!,
  department: DEPARTMENT_CODES[Math.floor(i / TIME_SLOTS.length) % DEPARTMENT_CODES.length]!,
});

const book = (app: App, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/appointments/public', payload, remoteAddress });

for (const kind of dbKinds()) {
  describe(`public limits for visitors behind one address [${kind}]`, () => {
    let t: TestContext;
    const clock = fixedClock(MONDAY_9AM);
    // The defaults a clinic gets: RATE_LIMIT_PUBLIC=30.
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
    });
    afterAll(async () => t?.close());

    it('lets 35 different patients book from one lobby address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await book(
          t.app,
          booking({
            ...slot(DAYS.wed, i),
            fullName: `Bệnh nhân Sảnh ${i}`,
            phone: `0977${String(100_000 + i).padStart(6, '0')}`,
            email: `sanh${i}@example.com`,
          }),
          LOBBY,
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual(Array.from({ length: 35 }, () => 201));
    });

    it('refuses one phone number hammering from many addresses, however it is written, and not the others', async () => {
      const spellings = ['0955 111 222', '+84955111222', '84955111222', '0955.111.222'];
      const hammer = (i: number) =>
        book(
          t.app,
          booking({
            ...slot(DAYS.thu, i),
            fullName: 'Người Gửi Liên Tục',
            phone: spellings[i % spellings.length],
            email: `khac${i}@example.com`,
          }),
          `198.51.100.${i + 1}`,
        );
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await hammer(i)).statusCode);
      expect(statuses).toEqual(Array.from({ length: 30 }, () => 201));
      const refused = await hammer(30);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: MSG.tooManyRequests });
      expect(refused.headers['retry-after']).toBeDefined();
      // Another patient, from the hammer's own last address, still books.
      const other = await book(
        t.app,
        booking({ ...slot(DAYS.thu, 40), phone: '0955333444', email: 'nguoikhac@example.com' }),
        '198.51.100.31',
      );
      expect(other.statusCode).toBe(201);
    });

    it('refuses one e-mail address hammering under different phone numbers', async () => {
      const hammer = (i: number) =>
        book(
          t.app,
          booking({
            ...slot(DAYS.fri, i),
            fullName: 'Người Gửi Liên Tục',
            phone: `0966${String(200_000 + i).padStart(6, '0')}`,
            email: i % 2 ? 'Lap.Lai@Example.com' : 'lap.lai@example.com',
          }),
          `198.51.101.${i + 1}`,
        );
      for (let i = 0; i < 30; i++) expect((await hammer(i)).statusCode).toBe(201);
      const refused = await hammer(30);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG.tooManyRequests);
    });

    it('keeps a booking’s manage link working for its owner while others spent the lobby’s public budget', async () => {
      const address = '203.0.113.20';
      const mine = await book(
        t.app,
        booking({ ...slot(DAYS.sat, 0), phone: '0912777888', email: 'chu.lien.ket@example.com' }),
        address,
      );
      expect(mine.statusCode).toBe(201);
      const token = mine.json().manageToken as string;
      expect(token).toBeTruthy();

      // Everyone else in the lobby subscribes to the newsletter until the address is refused.
      let spent = 0;
      for (let i = 0; i < 40 && spent === 0; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `ban.tin${i}@example.com`, consentMarketing: true },
          remoteAddress: address,
        });
        if (res.statusCode === 429) spent = i;
      }
      expect(spent).toBeGreaterThan(0);

      const view = await t.app.inject({ url: `/api/appointments/manage/${token}`, remoteAddress: address });
      expect(view.statusCode).toBe(200);
      const ics = await t.app.inject({ url: `/api/appointments/manage/${token}/calendar.ics`, remoteAddress: address });
      expect(ics.statusCode).toBe(200);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${token}/cancel`,
        payload: { reason: 'Bận việc đột xuất' },
        remoteAddress: address,
      });
      expect(cancel.statusCode).toBe(200);
    });

    it('counts one link’s calls per link, from whichever address they come', async () => {
      const mine = await book(
        t.app,
        booking({ ...slot(DAYS.sat, 1), phone: '0912777999', email: 'mot.lien.ket@example.com' }),
        '203.0.113.30',
      );
      const token = mine.json().manageToken as string;
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push(
          (await t.app.inject({ url: `/api/appointments/manage/${token}`, remoteAddress: `192.0.2.${i + 1}` }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([...Array.from({ length: 30 }, () => 200), 429]);
    });

    it('refuses an address that tries wrong manage tokens past RATE_LIMIT_LINK_MISSES, even for a real one', async () => {
      const guesser = '203.0.113.40';
      const mine = await book(
        t.app,
        booking({ ...slot(DAYS.sat, 2), phone: '0912777666', email: 'doan.thu@example.com' }),
        '203.0.113.41',
      );
      const token = mine.json().manageToken as string;
      const wrong = (i: number) => `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push(
          (await t.app.inject({ url: `/api/appointments/manage/${wrong(i)}`, remoteAddress: guesser })).statusCode,
        );
      }
      expect(statuses).toEqual([...Array.from({ length: 20 }, () => 404), 429]);
      const real = await t.app.inject({ url: `/api/appointments/manage/${token}`, remoteAddress: guesser });
      expect(real.statusCode).toBe(429);
      expect(real.json().message).toBe(MSG.tooManyRequests);
      // The short links' misses are the same budget: the guessing address gets their 429 page.
      expect((await t.app.inject({ url: `/l/${'A'.repeat(22)}`, remoteAddress: guesser })).statusCode).toBe(429);
      expect(
        (await t.app.inject({ url: `/api/appointments/manage/${token}`, remoteAddress: '203.0.113.41' })).statusCode,
      ).toBe(200);
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL ?? (process.env.CI ? 'redis://127.0.0.1:6379' : undefined);
describe.runIf(redisUrl)('public limits shared through Redis', () => {
  let t: TestContext;
  let second: App;
  const prefix = `test:public:${Date.now()}:${Math.random()}:`;
  const env = { RATE_LIMIT_PUBLIC: '3', RATE_LIMIT_PUBLIC_PER_ADDRESS: '5' };
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env,
      clock: fixedClock(MONDAY_9AM),
      limiter: createRedisRateLimiter(redisUrl!, prefix),
    });
    // A second server process: same database, its own connection to the same Redis.
    second = await buildApp({
      config: t.config,
      database: t.testDb.database,
      clock: t.clock,
      limiter: createRedisRateLimiter(redisUrl!, prefix),
      tokens: createTokenService(t.config.jwtSecret),
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.limiter.close();
    await t?.close();
  });

  it('spends one budget per contact and one per address across two server processes', async () => {
    const apps = [t.app, second];
    const contact: number[] = [];
    for (let i = 0; i < 4; i++) {
      const payload = booking({ ...slot(DAYS.tue, i), phone: '0933000111', email: `redis${i}@example.com` });
      contact.push((await book(apps[i % 2]!, payload, `10.60.0.${i + 1}`)).statusCode);
    }
    expect(contact).toEqual([201, 201, 201, 429]);

    const lobby: number[] = [];
    for (let i = 0; i < 6; i++) {
      const payload = booking({
        ...slot(DAYS.tue, 20 + i),
        phone: `0933100${String(i).padStart(3, '0')}`,
        email: `sanh.redis${i}@example.com`,
      });
      lobby.push((await book(apps[i % 2]!, payload, '10.61.0.1')).statusCode);
    }
    expect(lobby).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
