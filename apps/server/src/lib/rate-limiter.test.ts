import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis, type OwnRedis } from '../../test/system/redis';
import { waitFor } from '../../test/system/server-process';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  type RateLimitResult,
} from './rate-limiter';

describe('createMemoryRateLimiter', () => {
  it('allows the limit in a window, refuses the next, and opens again when the window ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.hit('k', 3, 60)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await limiter.hit('other', 3, 60)).allowed).toBe(true);
    now += 61_000;
    expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
  });

  it('peeks at a window without counting: allowed while a hit is left', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await limiter.peek('k', 2)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await limiter.hit('k', 2, 60);
    for (let i = 0; i < 3; i++) expect((await limiter.peek('k', 2)).allowed).toBe(true);
    await limiter.hit('k', 2, 60);
    expect(await limiter.peek('k', 2)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now += 61_000;
    expect((await limiter.peek('k', 2)).allowed).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? (process.env.CI ? 'redis://127.0.0.1:6379' : undefined);
describe.runIf(redisUrl)('createRedisRateLimiter', () => {
  it('lets a burst arriving while it connects wait for the connection together, without piling listeners on it', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const limiter = createRedisRateLimiter(redisUrl!, `test:${Date.now()}:${Math.random()}:`, { timeoutMs: 3_000 });
    try {
      // Thirty requests in the moment the connection is being made (a server's start, a reconnect).
      const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('burst', 100, 60)));
      expect(results.every((r) => r.allowed)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await limiter.close();
    }
  });

  it('shares one count between two server processes', async () => {
    const prefix = `test:${Date.now()}:${Math.random()}:`;
    // Time enough to connect on a loaded machine: this is about sharing the count, not Redis's deadline.
    const a = createRedisRateLimiter(redisUrl!, prefix, { timeoutMs: 3_000 });
    const b = createRedisRateLimiter(redisUrl!, prefix, { timeoutMs: 3_000 });
    try {
      const seen = [];
      for (let i = 0; i < 3; i++) {
        seen.push((await a.hit('login', 4, 60)).allowed);
        seen.push((await b.hit('login', 4, 60)).allowed);
      }
      expect(seen).toEqual([true, true, true, true, false, false]);
      const r = await a.hit('login', 4, 60);
      expect(r.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
      // A peek reads the shared count and adds nothing to it (the short links' misses).
      expect(await b.peek('misses', 2)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      await a.hit('misses', 2, 60);
      for (let i = 0; i < 3; i++) expect((await b.peek('misses', 2)).allowed).toBe(true);
      await a.hit('misses', 2, 60);
      const held = await b.peek('misses', 2);
      expect(held.allowed).toBe(false);
      expect(held.retryAfterSeconds).toBeGreaterThan(0);
      expect(held.retryAfterSeconds).toBeLessThanOrEqual(60);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

const ci = process.env.CI === 'true' || process.env.CI === '1';
describe.runIf(REDIS_SERVER || ci)('createRedisRateLimiter when Redis fails (a Redis server of the test’s own)', () => {
  let redis: OwnRedis;
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await redis?.kill();
  });

  /** Fifteen hits at once on one key with a limit of 10: what each answered and how long the slowest took. */
  async function rush(limiter: RateLimiter, key: string) {
    const started = Date.now();
    const timedOut = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 3_000).unref());
    const results = await Promise.race([
      Promise.all(Array.from({ length: 15 }, () => limiter.hit(key, 10, 60))),
      timedOut,
    ]);
    return { results, slowestMs: Date.now() - started };
  }

  it('gives up on a hung Redis within about 100 ms and counts in the process: the 11th try is still refused', async () => {
    const prefix = `hung:${Date.now()}:`;
    const limiter = createRedisRateLimiter(redis.url, prefix);
    limiters.push(limiter);
    expect((await limiter.hit('warm', 10, 60)).allowed).toBe(true);
    expect(await limiter.check()).toBe('redis');

    redis.pause();
    try {
      const { results, slowestMs } = await rush(limiter, 'login:account:7');
      expect(results).not.toBe('stalled');
      const allowed = (results as RateLimitResult[]).map((r) => r.allowed);
      expect(allowed.filter(Boolean)).toHaveLength(10);
      expect(allowed.filter((a) => !a)).toHaveLength(5);
      expect(slowestMs).toBeLessThan(400);
      expect(limiter.state()).toBe('degraded');
      // Later calls do not wait on Redis again at each hit.
      const started = Date.now();
      for (let i = 0; i < 20; i++) await limiter.hit(`other:${i}`, 10, 60);
      expect(Date.now() - started).toBeLessThan(200);
      const t0 = Date.now();
      expect(await limiter.check()).toBe('degraded');
      expect(Date.now() - t0).toBeLessThan(400);
    } finally {
      redis.resume();
    }
    // Redis answers again: the counts are shared again.
    await waitFor('the limiter to use Redis again', async () => (await limiter.check()) === 'redis', 10_000, 100);
    const second = createRedisRateLimiter(redis.url, prefix);
    limiters.push(second);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      seen.push((await limiter.hit('again', 4, 60)).allowed);
      seen.push((await second.hit('again', 4, 60)).allowed);
    }
    expect(seen).toEqual([true, true, true, true, false, false]);
  }, 30_000);

  it('refused connections (Redis gone) answer at once, counted in the process', async () => {
    const limiter = createRedisRateLimiter(redis.url, `gone:${Date.now()}:`);
    limiters.push(limiter);
    expect((await limiter.hit('warm', 10, 60)).allowed).toBe(true);
    await redis.kill();
    const { results, slowestMs } = await rush(limiter, 'login:account:8');
    expect(results).not.toBe('stalled');
    expect((results as RateLimitResult[]).filter((r) => !r.allowed)).toHaveLength(5);
    expect(slowestMs).toBeLessThan(400);
    expect(await limiter.check()).toBe('degraded');
  }, 30_000);
});
