import type { Role } from '@clinic/shared';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AppointmentRow } from './db/schema';
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

/**
 * What the appointments module asks of payments (issue 36). Payments sit above appointments (they
 * import its life-cycle steps: mark paid, a deposit paid, a refund done), so where a booking must
 * cause payment work it calls these, given at startup by app.ts (payments.service's visitPayments).
 */
export type VisitPayments = {
  /** The methods taken online now: with none (production without keys) no deposit can be paid, so none is asked. */
  methods: (config: Config) => readonly string[];
  /** A new pay link's token and the hash kept of it, written with the booking that holds its slot for a deposit. */
  newPayLink: () => { token: string; hash: string };
  /** A new pay link for the appointment, in the caller's transaction (the old one stops working); its token. */
  issuePayLink: (tx: Db, appointmentId: number, now: Date) => Promise<string>;
  /** The pay page's address. */
  payLinkUrl: (origin: string, token: string) => string;
  /**
   * A visit that took money (its payment, a deposit) ended (appointments' endVisit), in its
   * transaction: the refunds it owes are opened, once; `tell: false` (an erasure) tells her nothing.
   */
  visitEnded: (
    tx: Db,
    row: AppointmentRow,
    actorId: number | null,
    now: Date,
    opts: { tell: boolean },
  ) => Promise<void>;
  /** A deposit beyond the visit's price, in the transaction that marks it paid: whether its refund was opened. */
  openSurplusRefund: (
    tx: Db,
    appointmentId: number,
    amount: number,
    actorId: number | null,
    now: Date,
  ) => Promise<boolean>;
  /** After a cancel is committed: the provider refunds it opened are asked for at once. */
  sendRefunds: (
    deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
    appointmentId: number,
    caller: { id: number | null; name: string; role: Role | null },
  ) => Promise<void>;
};

/**
 * What the appointments module asks of care plans (issue 37), above it: the window of the plan's
 * visit an appointment was booked for, so that moving it (her private link, the staff edit) stays
 * inside it. Given at startup by app.ts (care-plans.service's carePlanWindows).
 */
export type CarePlanWindows = {
  windowOf: (db: Db, appointmentId: number) => Promise<{ windowStart: string; windowEnd: string } | null>;
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
  /**
   * Told, inside the users module's transaction, that an account was switched off or is no longer a
   * doctor's: the appointments module deletes his calendar feed's address (issue 29).
   */
  onDoctorAccountEnded: (tx: Db, userId: number) => Promise<void>;
  /** What the appointments module asks of payments, above it (VisitPayments). */
  payments: VisitPayments;
  /** What the appointments module asks of care plans, above it (CarePlanWindows). */
  carePlans: CarePlanWindows;
};

/** The options every module's routes plugin is registered with. */
export type ModuleOptions = { deps: AppDeps };
