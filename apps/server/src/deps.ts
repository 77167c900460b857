import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { PhoneProviders } from './modules/messaging/providers';
import type { Metrics } from './lib/metrics';
import type { ReadCache } from './lib/read-cache';
import type { RateLimiter } from './lib/rate-limiter';
import type { TokenService } from './lib/tokens';

/** What the entry point (or a test) hands to buildApp. */
export type AppInput = {
  config: Config;
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  tokens: TokenService;
  /** Sends the outbox's e-mails; made from config.smtpUrl when not given (simulated without it). */
  mailer?: Mailer;
  /** Zalo and SMS (modules/messaging); made from config.messaging when not given (simulated without credentials). */
  phone?: PhoneProviders;
  /** The process's kept reads; made on the database's change feed when not given. */
  cache?: ReadCache;
};

/** An e-mail the outbox has handed over (or simulated). */
export type DeliveredEmail = { id: number; appointmentId: number | null };

/**
 * The one dependencies object, built by buildApp and handed to every module, plugin and job.
 * Services take the part they need (a service's own Deps type is a Pick of this), so a test passes
 * a fixed clock or another database the same way.
 */
export type AppDeps = Omit<AppInput, 'cache'> & {
  db: Db;
  mailer: Mailer;
  phone: PhoneProviders;
  /** Reads kept until a table they came from changes (lib/read-cache.ts). */
  cache: ReadCache;
  /** What GET /metrics shows (lib/metrics.ts); each process its own. */
  metrics: Metrics;
  /** The clinic's zone (CLINIC_TZ): every "today" and "now" rule reads it. */
  timeZone: string;
  /** Told of each e-mail the outbox delivered: the appointments module marks its appointment's emailSent. */
  onEmailDelivered: (db: Db, email: DeliveredEmail) => Promise<void>;
};

/** The options every module's routes plugin is registered with. */
export type ModuleOptions = { deps: AppDeps };
