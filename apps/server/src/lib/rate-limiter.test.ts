import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limiter';

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
});

const redisUrl = process.env.TEST_REDIS_URL ?? (process.env.CI ? 'redis://127.0.0.1:6379' : undefined);
describe.runIf(redisUrl)('createRedisRateLimiter', () => {
  it('shares one count between two server processes', async () => {
    const prefix = `test:${Date.now()}:${Math.random()}:`;
    const a = createRedisRateLimiter(redisUrl!, prefix);
    const b = createRedisRateLimiter(redisUrl!, prefix);
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
    } finally {
      await a.close();
      await b.close();
    }
  });
});
