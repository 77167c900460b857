import { Redis } from 'ioredis';

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Where the counts are kept: in Redis for every process ('redis'), in this process alone because no
 * Redis is configured ('memory'), or in this process alone because Redis did not answer ('degraded').
 */
export type LimiterState = 'redis' | 'memory' | 'degraded';

/** Counts hits of a key in a fixed window. Shared by every server process when backed by Redis. */
export type RateLimiter = {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether one more hit of `key` would still be allowed, without counting one (the short links' misses). */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  /** The state as the last call to the store found it. */
  state(): LimiterState;
  /** Asks the store now (within the same bound as a hit) and says the state. */
  check(): Promise<LimiterState>;
  close(): Promise<void>;
};

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async peek(key, limit) {
      const t = now();
      const w = windows.get(key);
      if (!w || w.resetAt <= t) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: w.count < limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    state: () => 'memory',
    check: async () => 'memory',
    async close() {
      windows.clear();
    },
  };
}

// INCR and set the window's expiry on the first hit, atomically.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

// The window's count and what is left of it, counting nothing.
const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export type RedisLimiterOptions = {
  /** How long a call may wait for Redis before the process counts alone. */
  timeoutMs?: number;
  /** After a failure, how long hits count in the process before Redis is asked again. */
  retryAfterMs?: number;
  now?: () => number;
};

/**
 * Counts in Redis, shared by every process. Redis down or hung must neither stall a request nor
 * open the limits: a call gives up after `timeoutMs` (100 ms), and until Redis answers again each
 * process counts alone. Every hit is also counted in the process, so an outage starts from this
 * process's own count of the window instead of from zero.
 */
export function createRedisRateLimiter(
  url: string,
  prefix = 'clinic:rl:',
  options: RedisLimiterOptions = {},
): RateLimiter {
  const timeoutMs = options.timeoutMs ?? 100;
  const retryAfterMs = options.retryAfterMs ?? 2_000;
  const now = options.now ?? Date.now;
  const redis = new Redis(url, {
    // Fail at once while disconnected instead of queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Only to end commands a hung server never answers; a request gives up much sooner (within()).
    commandTimeout: 5_000,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Reconnecting is ioredis's own work; a failed call is what the state records.
  redis.on('error', () => {});
  const local = createMemoryRateLimiter(now);
  let failedUntil = 0;
  let lastOk = false;

  const fail = () => {
    failedUntil = now() + retryAfterMs;
    lastOk = false;
  };
  // A connection on its way (at start, or coming back) is waited for, within the same bound. The
  // requests arriving meanwhile share one wait: one listener each piled up past Node's warning
  // (eleven 'ready' listeners) in a burst.
  let waiting: Promise<boolean> | null = null;
  const ready = async (): Promise<boolean> => {
    if (redis.status === 'ready') return true;
    if (redis.status === 'end' || redis.status === 'close') return false;
    waiting ??= new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        waiting = null;
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => setImmediate(() => done(redis.status === 'ready')), timeoutMs);
      redis.once('ready', onReady);
    });
    return waiting;
  };
  /**
   * The answer of `call`, or a rejection once `timeoutMs` have passed without one. A timer that fires
   * late because this process was busy (a password hash, a burst of requests) first lets the event
   * loop read what has arrived meanwhile: Redis's answer may be waiting in the socket, and a busy
   * process must not count Redis as down.
   */
  const within = <T>(call: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () => setImmediate(() => !settled && reject(new Error(`Redis did not answer within ${timeoutMs} ms`))),
        timeoutMs,
      );
      call.then(
        (value) => {
          settled = true;
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          settled = true;
          clearTimeout(timer);
          reject(err);
        },
      );
    });

  /** Redis's answer; this process's own count while Redis is down, or when it does not answer in time. */
  const orOwn = async (own: RateLimitResult, ask: () => Promise<RateLimitResult>): Promise<RateLimitResult> => {
    if (now() < failedUntil) return own;
    if (!(await ready())) {
      fail();
      return own;
    }
    try {
      const answer = await within(ask());
      lastOk = true;
      return answer;
    } catch {
      fail();
      return own;
    }
  };

  return {
    async hit(key, limit, windowSeconds) {
      return orOwn(await local.hit(key, limit, windowSeconds), async () => {
        const window = String(windowSeconds * 1000);
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, window)) as [number, number];
        return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      });
    },
    async peek(key, limit) {
      return orOwn(await local.peek(key, limit), async () => {
        const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, prefix + key)) as [number, number];
        return { allowed: count < limit, retryAfterSeconds: ttl > 0 ? Math.max(1, Math.ceil(ttl / 1000)) : 0 };
      });
    },
    state: () => (lastOk && redis.status === 'ready' ? 'redis' : 'degraded'),
    async check() {
      // Asked again no sooner than a hit would be: a health check every second must not wait each time.
      if (now() < failedUntil) return 'degraded';
      if (!(await ready())) {
        fail();
        return 'degraded';
      }
      try {
        await within(redis.ping());
        lastOk = true;
        failedUntil = 0;
        return 'redis';
      } catch {
        fail();
        return 'degraded';
      }
    },
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
