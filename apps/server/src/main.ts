import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { demoAccounts, seedDatabase } from './seed';
import { startBackgroundJobs } from './jobs';
import { offsetClock } from './lib/clock';
import { createMailer } from './lib/mailer';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter';
import { createTokenService } from './lib/tokens';
import { outsideServices, outsideServicesLine } from './outside-services';

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** How long a stop waits for the outbox batch in hand (10 e-mails); a lease brings back any it leaves. */
const JOBS_STOP_WAIT_MS = 8_000;
/**
 * After the listener closes, how long clients get to close their kept-alive connections themselves
 * (each answer says `Connection: close`). Closing an idle one from here could meet a request nginx
 * has just sent on it, a reset (issue 34): longer than the upstream `keepalive_timeout` of
 * docs/DEPLOYMENT.md (4 s), after which nginx has closed every one it did not use.
 */
const KEPT_CONNECTIONS_WAIT_MS = 6_000;
/** Beyond the drain: the listener's close, the jobs and the database's close are bounded well within it. */
const FORCE_EXIT_AFTER_DRAIN_MS = 15_000;

/** Waits for `work`, but no longer than `ms`. */
async function within(work: Promise<unknown>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      onTimeout();
      resolve();
    }, ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const config = readConfig();
  const clock = offsetClock(config.clockOffsetMs);
  const database = await openDatabase(config);
  const seeded = await seedDatabase(database.db, config, clock.now());
  const limiter = config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter();
  const mailer = createMailer(config);
  const app = await buildApp(
    { config, database, clock, limiter, tokens: createTokenService(config.jwtSecret), mailer },
    { logger: { level: config.logLevel }, webDist: WEB_DIST, processMetrics: true },
  );

  // The outbox sender and the day-before reminders; every process may run them (they claim rows safely).
  const jobs = startBackgroundJobs({ ...app.deps, log: app.log });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = config.stopDrainSeconds * 1000;
    app.log.info(
      { signal, drainMs },
      'stopping: health 503 while the balancer drains, then refusing new connections, finishing requests in flight and the e-mail batch in hand',
    );
    // Last resort only: the steps below are bounded well within it.
    const force = setTimeout(() => {
      app.log.error('did not stop in time; exiting');
      process.exit(1);
    }, drainMs + FORCE_EXIT_AFTER_DRAIN_MS);
    force.unref();
    try {
      // The worker claims no new batch from now on.
      const jobsStopped = within(jobs.stop(), drainMs + JOBS_STOP_WAIT_MS, () =>
        app.log.warn('background jobs still running; their claimed e-mails will be retried'),
      );
      // Still listening while a balancer that checks /api/health learns (plugins/stopping.ts).
      app.drain();
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.stopListening(KEPT_CONNECTIONS_WAIT_MS);
      // Both must end before the database closes.
      await Promise.all([app.close(), jobsStopped]);
      mailer.close();
      await limiter.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${resolve(config.dataDir, 'pglite')})`;
  const lines = [
    '',
    `  Phòng khám đang chạy tại http://localhost:${port}`,
    `  Cơ sở dữ liệu: ${where}`,
    `  API: http://localhost:${port}/api/docs`,
    `  ${outsideServicesLine(config)}`,
  ];
  // Also in the structured log, where an operator's alerts read it: what is off takes no payment and sends nothing.
  app.log.info({ outsideServices: outsideServices(config) }, 'outside services');
  if (config.seedDemo) {
    lines.push('  Đăng nhập tại http://localhost:' + port + '/login với một tài khoản demo:');
    const shown = new Set(['admin', 'staff', 'doctor', 'patient']);
    for (const a of demoAccounts().filter((a) => shown.has(a.username)))
      lines.push(`    ${a.role.padEnd(8)} ${a.username} / ${a.password}`);
    lines.push('    (doctor2 … doctor8: mỗi khoa một bác sĩ, mật khẩu Doctor@123)');
  } else if (seeded.adminFromEnv) {
    lines.push(`  Tài khoản quản trị đầu tiên: ${seeded.adminFromEnv} (mật khẩu trong ADMIN_PASSWORD)`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error('Không thể khởi động máy chủ:', err instanceof Error ? err.message : err);
  process.exit(1);
});
