import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinic/shared';
import { buildApp, type App } from '../../app';
import { createRedisRateLimiter } from '../../lib/rate-limiter';
import { createTokenService } from '../../lib/tokens';
import { buildTestApp, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { REDIS_SERVER, startRedis, type OwnRedis } from '../../../test/system/redis';
import { openDay } from '../../../test/system/server-process';

// Small budgets so a test can spend them: 3 tries a minute per account, 8 per address.
const env = { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_LOGIN_PER_ADDRESS: '8' };

const tryLogin = (app: App, usernameOrEmail: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { usernameOrEmail, password }, remoteAddress: ip });

for (const kind of dbKinds()) {
  describe(`sign-in limits [${kind}]`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env });
    });
    afterAll(async () => t?.close());

    const login = (usernameOrEmail: string, password: string, ip: string) =>
      tryLogin(t.app, usernameOrEmail, password, ip);

    it('refuses an address that tries many user names (password spraying) once the address budget is spent', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await login(`spray${i}`, 'Password@1', '10.1.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
      const right = await login('doctor2', 'Doctor@123', '10.1.0.1');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: MSG.tooManyLogins,
        error: MSG.tooManyLogins,
      });
      expect(right.headers['retry-after']).toBeDefined();
      expect((await login('doctor2', 'Doctor@123', '10.1.0.2')).statusCode).toBe(200);
    });

    it('counts one budget per account, whether its user name or its e-mail was typed, from any address', async () => {
      for (let i = 0; i < 3; i++) expect((await login('patient', 'wrong', `10.2.0.${i + 1}`)).statusCode).toBe(401);
      const byEmail = await login('PATIENT@example.com', 'wrong', '10.2.0.9');
      expect(byEmail.statusCode).toBe(429);
      expect(byEmail.json().message).toBe(MSG.tooManyLogins);
      expect((await login('patient@example.com', 'Patient@123', '10.2.0.10')).statusCode).toBe(429);
      // Another account, from an address that took part, still gets in.
      expect((await login('staff', 'Staff@123', '10.2.0.1')).statusCode).toBe(200);
    });

    it('gives a user name that matches no account a budget of its own too', async () => {
      for (let i = 0; i < 3; i++) expect((await login('ghost', 'wrong', `10.3.0.${i + 1}`)).statusCode).toBe(401);
      expect((await login(' GHOST ', 'wrong', '10.3.0.9')).statusCode).toBe(429);
      expect((await login('ghost2', 'wrong', '10.3.0.9')).statusCode).toBe(401);
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL ?? (process.env.CI ? 'redis://127.0.0.1:6379' : undefined);
describe.runIf(redisUrl)('sign-in limits shared through Redis', () => {
  let t: TestContext;
  let second: App;
  const prefix = `test:login:${Date.now()}:${Math.random()}:`;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env, limiter: createRedisRateLimiter(redisUrl!, prefix) });
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

  it('spends one budget per account across two server processes, whatever name was typed', async () => {
    expect((await tryLogin(t.app, 'doctor', 'wrong', '10.4.0.1')).statusCode).toBe(401);
    expect((await tryLogin(second, 'doctor@antamclinic.vn', 'wrong', '10.4.0.2')).statusCode).toBe(401);
    expect((await tryLogin(t.app, 'Doctor', 'wrong', '10.4.0.3')).statusCode).toBe(401);
    expect((await tryLogin(second, 'doctor', 'Doctor@123', '10.4.0.4')).statusCode).toBe(429);
    expect((await tryLogin(second, 'staff', 'Staff@123', '10.4.0.4')).statusCode).toBe(200);
  });
});

const ci = process.env.CI === 'true' || process.env.CI === '1';
describe.runIf(REDIS_SERVER || ci)('sign-in limits while Redis is down (a Redis server of the test’s own)', () => {
  let redis: OwnRedis;
  let t: TestContext;
  beforeAll(async () => {
    redis = await startRedis();
    t = await buildTestApp('pglite', {
      env: { RATE_LIMIT_LOGIN: '10', RATE_LIMIT_LOGIN_PER_ADDRESS: '100' },
      limiter: createRedisRateLimiter(redis.url, `test:down:${Date.now()}:`),
    });
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok', limiter: 'redis' });
  });
  afterAll(async () => {
    redis?.resume();
    await t?.close();
    await redis?.kill();
  });

  /** Fifteen wrong passwords at once on one account, each from its own address: statuses and the slowest answer's time. */
  async function fifteenWrong(username: string, net: number) {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => tryLogin(t.app, username, 'wrong-password', `10.9.${net}.${i + 1}`)),
    );
    return { statuses: answers.map((a) => a.statusCode), slowestMs: Date.now() - started };
  }

  it('with Redis hung, the 11th wrong password still gets 429, nothing waits on Redis, and health says the limiter is degraded', async () => {
    redis.pause();
    const { statuses, slowestMs } = await fifteenWrong('doctor3', 1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // Ten argon2 checks on a shared machine, not ten waits of seconds on Redis.
    expect(slowestMs).toBeLessThan(5_000);

    let started = Date.now();
    expect((await tryLogin(t.app, 'staff', 'Staff@123', '10.9.1.50')).statusCode).toBe(200);
    const signInMs = Date.now() - started;
    expect(signInMs).toBeLessThan(2_000);
    started = Date.now();
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      remoteAddress: '10.9.1.51',
      payload: {
        fullName: 'Khách Khi Redis Treo',
        phone: '0912000111',
        email: 'redis.treo@example.com',
        appointmentDate: openDay(4),
        appointmentTime: '10:00',
        department: 'GYNECOLOGY',
        reason: 'Khám định kỳ',
        consentHealthData: true,
      },
    });
    expect(booking.statusCode).toBe(201);
    const bookingMs = Date.now() - started;
    expect(bookingMs).toBeLessThan(1_000);
    console.log(
      `[redis hung] 15 wrong passwords at once: ${statuses.filter((s) => s === 429).length} refused, all answered in ${slowestMs} ms; a right sign-in ${signInMs} ms, a booking ${bookingMs} ms`,
    );

    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'pglite', limiter: 'degraded' });
  }, 60_000);

  it('with Redis gone (connections refused), the same', async () => {
    await redis.kill();
    const { statuses, slowestMs } = await fifteenWrong('doctor4', 2);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(slowestMs).toBeLessThan(5_000);
    console.log(`[redis gone] 15 wrong passwords at once: 5 refused, all answered in ${slowestMs} ms`);
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({
      status: 'degraded',
      limiter: 'degraded',
    });
  }, 60_000);
});
