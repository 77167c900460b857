import type { Logger } from 'drizzle-orm';
import { buildApp, type App, type BuildOptions } from '../src/app';
import type { ReadCache } from '../src/lib/read-cache';
import { openPostgres, type Database } from '../src/db/client';
import { loadConfig, type Config } from '../src/config';
import { fixedClock, systemClock, type Clock } from '../src/lib/clock';
import { createMemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { createTokenService } from '../src/lib/tokens';
import { createTestDatabase, type DbKind, type TestDatabase } from './databases';

export type TestContext = {
  app: App;
  testDb: TestDatabase;
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  close(): Promise<void>;
};

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The app on a fresh database of the given kind, the way main.ts builds it but without listening. */
export async function buildTestApp(
  kind: DbKind,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    seeded?: boolean;
    limiter?: RateLimiter;
    build?: BuildOptions;
    /** Sees every query (kept-reads.test.ts). */
    logger?: Logger;
    /** In place of the app's own cache (kept-reads.test.ts audits every kept read). */
    cache?: ReadCache;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: '/tmp/clinic-test-unused',
    ...options.env,
  });
  const testDb = await createTestDatabase(kind, {
    ...(options.seeded !== undefined ? { seeded: options.seeded } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? createMemoryRateLimiter();
  const app = await buildApp(
    {
      config,
      database: testDb.database,
      clock,
      limiter,
      tokens: createTokenService(config.jwtSecret),
      ...(options.cache ? { cache: options.cache } : {}),
    },
    options.build,
  );
  await app.ready();
  return {
    app,
    testDb,
    config,
    clock,
    limiter,
    async close() {
      await app.close();
      await limiter.close();
      await testDb.drop();
    },
  };
}

export { fixedClock };

export type SecondProcess = { app: App; database: Database; close(): Promise<void> };

/** A second server "process" on the PostgreSQL database of `t`: its own pool, limiter and app. */
export async function buildSecondProcess(t: TestContext, options: { max?: number } = {}): Promise<SecondProcess> {
  const database = await openPostgres(t.testDb.url!, { max: options.max ?? 10 });
  const app = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    limiter: createMemoryRateLimiter(),
    tokens: createTokenService(t.config.jwtSecret),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function loginAs(app: App, usernameOrEmail: string, password: string, rememberMe?: boolean) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { usernameOrEmail, password, rememberMe },
  });
  if (res.statusCode !== 200) throw new Error(`login ${usernameOrEmail} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; userId: number; role: string };
}

export const DEMO = {
  admin: ['admin', 'Admin@123'],
  staff: ['staff', 'Staff@123'],
  doctor: ['doctor', 'Doctor@123'],
  patient: ['patient', 'Patient@123'],
} as const;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
