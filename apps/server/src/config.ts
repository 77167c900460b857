import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CLINIC, isTimeZone, ROLES, type Role } from '@clinic/shared';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // The role that owns the tables and migrates at start; DATABASE_URL's role then only serves (issue 34).
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // Zalo ZNS and SMS (issue 27): without a token or key, phone messages are recorded as simulated.
  ZALO_API_URL: z.string().url().default('https://business.openapi.zalo.me'),
  ZALO_ACCESS_TOKEN: z.string().min(1).optional(),
  ZALO_APP_ID: z.string().min(1).optional(),
  ZALO_OA_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  ZALO_TEMPLATE_IDS: z
    .string()
    .regex(/^\s*[A-Z_]+=\d+(\s*,\s*[A-Z_]+=\d+)*\s*$/, 'must be KIND=templateId pairs, comma-separated')
    .optional(),
  SMS_PROVIDER: z.enum(['esms', 'webhook']).default('esms'),
  SMS_API_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SECRET_KEY: z.string().min(1).optional(),
  SMS_BRANDNAME: z.string().min(1).max(11).default('ANTAMCLINIC'),
  SMS_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  MESSAGES_DAY_START: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('07:00'),
  MESSAGES_DAY_END: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('21:00'),
  MAIL_FROM: z.string().min(3).default(`"${CLINIC.name}" <no-reply@antamclinic.vn>`),
  CLINIC_TZ: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Ho_Chi_Minh')
    .default(CLINIC.defaultTimeZone),
  SEED_DEMO: booleanFlag.optional(),
  COMMENT_MODERATION: z.enum(['post', 'pre']).default('post'),
  ADMIN_USERNAME: z.string().min(3).max(50).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_LOGIN_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_PUBLIC: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PUBLIC_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_LINK_MISSES: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_FHIR: z.coerce.number().int().positive().default(600),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i,
      'must be false, a number of proxy hops, or proxy addresses (comma-separated)',
    )
    .default('false'),
  WAITING_LIST_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  REFUND_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  STOP_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_ALLOW: z
    .string()
    .regex(
      /^[0-9a-f.:]+(\/\d{1,3})?(\s*,\s*[0-9a-f.:]+(\/\d{1,3})?)*$/i,
      'must be addresses or networks, comma-separated (10.0.0.5,10.1.0.0/16)',
    )
    .optional(),
  MFA_REQUIRED_ROLES: z
    .string()
    .transform((v) => v.split(',').map((r) => r.trim().toUpperCase()))
    .refine(
      (list) => list.join() === 'NONE' || list.every((r) => (ROLES as readonly string[]).includes(r)),
      `must be none or roles separated by commas (${ROLES.join(', ')})`,
    )
    .optional(),
  MFA_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  OUTBOX_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'must be the site origin, such as https://antamclinic.vn (no path)')
    .optional(),
  PRIVACY_CONTROLLER: z.string().min(3).max(200).default(CLINIC.name),
  PRIVACY_CONTACT_EMAIL: z.email('must be an e-mail address').default('baomat@antamclinic.vn'),
  PRIVACY_ANSWER_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  RETENTION_MEDICAL_RECORD_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  RETENTION_UNVISITED_BOOKING_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  RETENTION_WAITING_LIST_DAYS: z.coerce.number().int().min(1).max(3650).default(31),
  RETENTION_MESSAGE_BODY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_MESSAGE_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  // The database keeps every access record at least a year (src/db/functions/access-records.sql).
  RETENTION_ACCESS_LOG_DAYS: z.coerce.number().int().min(365, 'must be at least 365').max(36500).default(730),
  // Online payment (issue 28): without a provider's keys its local simulator takes the payments.
  VNPAY_TMN_CODE: z.string().min(1).max(20).optional(),
  VNPAY_HASH_SECRET: z.string().min(8).optional(),
  VNPAY_PAYMENT_URL: z.url().default('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html'),
  /** The refund (and query) API: merchant_webapi's transaction endpoint. */
  VNPAY_API_URL: z.url().default('https://sandbox.vnpayment.vn/merchant_webapi/api/transaction'),
  MOMO_PARTNER_CODE: z.string().min(1).max(50).optional(),
  MOMO_ACCESS_KEY: z.string().min(1).optional(),
  MOMO_SECRET_KEY: z.string().min(8).optional(),
  MOMO_ENDPOINT: z.url().default('https://test-payment.momo.vn'),
  /** The simulators refuse refunds from 23:00 to midnight (Hà Nội), as the providers do; false: never. */
  SIMULATOR_NIGHTLY_SETTLEMENT: booleanFlag.default(true),
  VIETQR_BANK_BIN: z
    .string()
    .regex(/^\d{6}$/, 'must be the bank’s 6-digit NAPAS BIN')
    .default('970436'),
  VIETQR_ACCOUNT_NO: z
    .string()
    .regex(/^[0-9A-Za-z]{1,19}$/, 'must be the account number')
    .optional(),
  VIETQR_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The account holder's name as the bank shows it (issue 35: the pay page shows it beside the account). */
  VIETQR_ACCOUNT_NAME: z.string().trim().min(1).max(100).optional(),
  // Tests only (npm run test:days): the clock runs this many milliseconds ahead of (or behind) the real one.
  CLOCK_OFFSET_MS: z.coerce.number().int().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The owner's connection, used only to migrate at start; DATABASE_URL's role is granted what it serves with. */
  databaseOwnerUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Zalo ZNS and SMS (issue 27); see modules/messaging. */
  messaging: MessagingConfig;
  clinicTz: string;
  /** Demo accounts and sample data: on the embedded database, or when SEED_DEMO=true; never in production unless asked. */
  seedDemo: boolean;
  commentModeration: 'post' | 'pre';
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Sign-in tries a minute per account, whatever user name or e-mail was typed (or per unknown name). */
  rateLimitLogin: number;
  /** Sign-in tries a minute per client address across all names: against password spraying. */
  rateLimitLoginPerAddress: number;
  /**
   * Public writes per 10 minutes by one visitor: a booking's phone or e-mail, a private link, or the
   * address where nothing better names her (comments, reactions, the newsletter).
   */
  rateLimitPublic: number;
  /** Bookings and waiting-list joins per 10 minutes from one address, whoever they are for (a lobby's Wi-Fi). */
  rateLimitPublicPerAddress: number;
  /** Short links (/l/{code}) that open nothing, per 10 minutes per address, before the address must wait. */
  rateLimitLinkMisses: number;
  /** What one FHIR client (or a patient's own token) may ask of /fhir per minute (docs/FHIR.md). */
  rateLimitFhir: number;
  /**
   * Which proxies' X-Forwarded-For to believe: never all of them, or any client could choose its own
   * address and escape the rate limits. `false`, a hop count, or addresses.
   */
  trustProxy: boolean | number | string[];
  /**
   * The site's own origin, the only one absolute links (e-mails, sitemap, feeds, link previews) are
   * built on: PUBLIC_URL, required in production; else http://localhost:PORT. Never a request's Host.
   */
  publicUrl: string;
  /** How often each process offers freed places to the waiting lists (and lapses unclaimed offers). */
  waitingListCheckSeconds: number;
  /** How often each process sends the providers' refunds that are due (jobs/index.ts). */
  refundCheckSeconds: number;
  /**
   * After SIGTERM, how long the process still serves (each answer closing its connection, /api/health
   * 503) before it stops listening: the time a load balancer needs to stop sending it requests.
   */
  stopDrainSeconds: number;
  /** A bearer token that opens /metrics from anywhere; none when unset. */
  metricsToken: string | undefined;
  /** Client addresses or networks that may read /metrics without the token. */
  metricsAllow: string[];
  /** Roles that must sign in with a second factor (TOTP); their users enrol at their next sign-in. */
  mfaRequiredRoles: readonly Role[];
  /** What encrypts the stored TOTP secrets and keys the recovery codes' hashes: MFA_KEY, else JWT_SECRET. */
  mfaKey: string;
  /** How often each process sends the e-mails waiting in the outbox. */
  outboxCheckSeconds: number;
  /** The privacy notice's controller and contact, the deadline of a request and the retention periods (issue 26). */
  privacy: PrivacyConfig;
  /** The payment providers (issue 28); `simulated` when their keys are unset. */
  payments: PaymentsConfig;
  /** How far the service clock runs from the real one: CLOCK_OFFSET_MS, for tests of other days; 0 in production. */
  clockOffsetMs: number;
};

/**
 * How an outside service runs: `live` on its real keys; `simulator`, its local simulator's public
 * keys and endpoints (never in production); `off`, production without its keys: not offered, and
 * whatever claims to come from it refused.
 */
export type ProviderMode = 'live' | 'simulator' | 'off';

export type PaymentsConfig = {
  vnpay: { tmnCode: string; hashSecret: string; paymentUrl: string; apiUrl: string; mode: ProviderMode };
  momo: { partnerCode: string; accessKey: string; secretKey: string; endpoint: string; mode: ProviderMode };
  vietqr: { bankBin: string; accountNo: string; accountName: string | null; webhookSecret: string; mode: ProviderMode };
  /** The simulators' nightly refusal of refunds (23:00 to midnight, Hà Nội): off for the browser journeys. */
  simulatorNightlySettlement: boolean;
};

/** The simulators' own keys: public, and so never accepted in production, whichever variable holds one. */
export const SIMULATOR_KEYS = {
  vnpayTmnCode: 'SIMVNPAY',
  vnpayHashSecret: 'SIMULATOR-VNPAY-HASH-SECRET-NOT-FOR-MONEY',
  momoPartnerCode: 'MOMOSIM',
  momoAccessKey: 'SIMULATOR-MOMO-ACCESS-KEY',
  momoSecretKey: 'SIMULATOR-MOMO-SECRET-KEY-NOT-FOR-MONEY',
  vietqrWebhookSecret: 'SIMULATOR-BANK-WEBHOOK-SECRET',
} as const;

/** The demo bank account the VietQR simulator draws: never the clinic's in production. */
const DEMO_VIETQR_ACCOUNT = '0011000000000';
const DEMO_VIETQR_ACCOUNT_NAME = 'PHONG KHAM AN TAM (DEMO)';

export type PrivacyConfig = {
  controllerName: string;
  contactEmail: string;
  /** Hours within which a request about personal data is answered. */
  answerHours: number;
  retention: {
    medicalRecordYears: number;
    unvisitedBookingDays: number;
    waitingListDays: number;
    messageBodyDays: number;
    messageDays: number;
    accessLogDays: number;
  };
};

export class ConfigError extends Error {}

/** Reads the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production');
  }
  if (production && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: is required when NODE_ENV=production');
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_OWNER_URL: needs DATABASE_URL, the role that serves');
  }
  // Every link in an e-mail, the sitemap and the feeds is built on it: never on a Host a caller chose.
  if (production && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: is required when NODE_ENV=production');
  }
  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME / ADMIN_PASSWORD: set both or neither');
  }
  // A production clinic keeps the real time: a moved clock would book, remind and delete on the wrong day.
  if (production && e.CLOCK_OFFSET_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  CLOCK_OFFSET_MS: is for tests only, never with NODE_ENV=production',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO ?? (!production && !e.DATABASE_URL);
  const jwtSecret = e.JWT_SECRET ?? localSecret(dataDir);
  // ADMIN must use a second factor, except outside production on the demo accounts (README's passwords).
  const mfaRequiredRoles: Role[] = e.MFA_REQUIRED_ROLES
    ? e.MFA_REQUIRED_ROLES.join() === 'NONE'
      ? []
      : [...new Set(e.MFA_REQUIRED_ROLES as Role[])]
    : production || !seedDemo
      ? ['ADMIN']
      : [];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    messaging: {
      zalo: e.ZALO_ACCESS_TOKEN
        ? {
            apiUrl: e.ZALO_API_URL.replace(/\/$/, ''),
            accessToken: e.ZALO_ACCESS_TOKEN,
            appId: e.ZALO_APP_ID ?? '',
            templateIds: parsePairs(e.ZALO_TEMPLATE_IDS),
          }
        : null,
      zaloOaSecret: e.ZALO_OA_SECRET ?? jwtSecret,
      sms:
        e.SMS_API_URL && e.SMS_API_KEY
          ? {
              provider: e.SMS_PROVIDER,
              apiUrl: e.SMS_API_URL.replace(/\/$/, ''),
              apiKey: e.SMS_API_KEY,
              secretKey: e.SMS_SECRET_KEY ?? '',
              brandname: e.SMS_BRANDNAME,
            }
          : null,
      callbackSecret: e.SMS_CALLBACK_SECRET ?? jwtSecret,
      dayStart: e.MESSAGES_DAY_START,
      dayEnd: e.MESSAGES_DAY_END,
    },
    clinicTz: e.CLINIC_TZ,
    seedDemo,
    commentModeration: e.COMMENT_MODERATION,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    rateLimitLogin: e.RATE_LIMIT_LOGIN,
    // One front desk signs in many people from one address: room for several accounts' budgets.
    rateLimitLoginPerAddress: e.RATE_LIMIT_LOGIN_PER_ADDRESS ?? e.RATE_LIMIT_LOGIN * 5,
    rateLimitPublic: e.RATE_LIMIT_PUBLIC,
    // A lobby's Wi-Fi or a carrier's shared address puts many patients behind one: room for several.
    rateLimitPublicPerAddress: e.RATE_LIMIT_PUBLIC_PER_ADDRESS ?? e.RATE_LIMIT_PUBLIC * 5,
    rateLimitLinkMisses: e.RATE_LIMIT_LINK_MISSES,
    rateLimitFhir: e.RATE_LIMIT_FHIR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL?.toLowerCase() ?? `http://localhost:${e.PORT}`,
    waitingListCheckSeconds: e.WAITING_LIST_CHECK_SECONDS,
    refundCheckSeconds: e.REFUND_CHECK_SECONDS,
    stopDrainSeconds: e.STOP_DRAIN_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    metricsAllow: e.METRICS_ALLOW ? e.METRICS_ALLOW.split(',').map((a) => a.trim()) : [],
    mfaRequiredRoles,
    mfaKey: e.MFA_KEY ?? jwtSecret,
    outboxCheckSeconds: e.OUTBOX_CHECK_SECONDS,
    privacy: {
      controllerName: e.PRIVACY_CONTROLLER,
      contactEmail: e.PRIVACY_CONTACT_EMAIL,
      answerHours: e.PRIVACY_ANSWER_HOURS,
      retention: {
        medicalRecordYears: e.RETENTION_MEDICAL_RECORD_YEARS,
        unvisitedBookingDays: e.RETENTION_UNVISITED_BOOKING_DAYS,
        waitingListDays: e.RETENTION_WAITING_LIST_DAYS,
        messageBodyDays: e.RETENTION_MESSAGE_BODY_DAYS,
        messageDays: e.RETENTION_MESSAGE_DAYS,
        accessLogDays: e.RETENTION_ACCESS_LOG_DAYS,
      },
    },
    payments: paymentsConfig(e, production, cleaned),
    clockOffsetMs: e.CLOCK_OFFSET_MS ?? 0,
  };
}

type Env = z.infer<typeof envSchema>;

const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);

/**
 * The payment providers (issues 28 and 34). Outside production a provider without keys is its local
 * simulator. In production it is off (not offered, its notifications refused), and a simulator's
 * public key or address in any variable stops the start: a forged notification must never pass.
 */
function paymentsConfig(e: Env, production: boolean, env: Record<string, string | undefined>): PaymentsConfig {
  if (Boolean(e.VNPAY_TMN_CODE) !== Boolean(e.VNPAY_HASH_SECRET))
    throw invalid('VNPAY_TMN_CODE / VNPAY_HASH_SECRET: set both or neither');
  const momoKeys = [e.MOMO_PARTNER_CODE, e.MOMO_ACCESS_KEY, e.MOMO_SECRET_KEY].filter(Boolean).length;
  if (momoKeys !== 0 && momoKeys !== 3)
    throw invalid('MOMO_PARTNER_CODE / MOMO_ACCESS_KEY / MOMO_SECRET_KEY: set all or none');
  if (production) {
    const simulatorKeys = new Set<string>(Object.values(SIMULATOR_KEYS));
    for (const name of Object.keys(envSchema.shape)) {
      const value = env[name]?.trim();
      if (value && simulatorKeys.has(value))
        throw invalid(`${name}: is a payment simulator's public key, never accepted in production`);
      if (value && /\/payments\/simulator(\/|$)/.test(value))
        throw invalid(`${name}: points at a payment simulator, never used in production`);
    }
    if (e.VIETQR_WEBHOOK_SECRET && (!e.VIETQR_ACCOUNT_NO || e.VIETQR_ACCOUNT_NO === DEMO_VIETQR_ACCOUNT))
      throw invalid('VIETQR_ACCOUNT_NO: the clinic’s own account is required with VIETQR_WEBHOOK_SECRET in production');
  }
  const mode = (hasKeys: boolean): ProviderMode => (hasKeys ? 'live' : production ? 'off' : 'simulator');
  // Off holds no key at all (the services refuse it before any signature is checked).
  const keyOf = (m: ProviderMode, real: string | undefined, simulator: string) =>
    real ?? (m === 'simulator' ? simulator : '');
  const vnpay = mode(Boolean(e.VNPAY_TMN_CODE));
  const momo = mode(momoKeys === 3);
  const vietqr = mode(Boolean(e.VIETQR_WEBHOOK_SECRET));
  return {
    vnpay: {
      tmnCode: keyOf(vnpay, e.VNPAY_TMN_CODE, SIMULATOR_KEYS.vnpayTmnCode),
      hashSecret: keyOf(vnpay, e.VNPAY_HASH_SECRET, SIMULATOR_KEYS.vnpayHashSecret),
      paymentUrl: e.VNPAY_PAYMENT_URL,
      apiUrl: e.VNPAY_API_URL,
      mode: vnpay,
    },
    momo: {
      partnerCode: keyOf(momo, e.MOMO_PARTNER_CODE, SIMULATOR_KEYS.momoPartnerCode),
      accessKey: keyOf(momo, e.MOMO_ACCESS_KEY, SIMULATOR_KEYS.momoAccessKey),
      secretKey: keyOf(momo, e.MOMO_SECRET_KEY, SIMULATOR_KEYS.momoSecretKey),
      endpoint: e.MOMO_ENDPOINT,
      mode: momo,
    },
    vietqr: {
      bankBin: e.VIETQR_BANK_BIN,
      accountNo: e.VIETQR_ACCOUNT_NO ?? (vietqr === 'simulator' ? DEMO_VIETQR_ACCOUNT : ''),
      accountName: e.VIETQR_ACCOUNT_NAME ?? (vietqr === 'simulator' ? DEMO_VIETQR_ACCOUNT_NAME : null),
      webhookSecret: keyOf(vietqr, e.VIETQR_WEBHOOK_SECRET, SIMULATOR_KEYS.vietqrWebhookSecret),
      mode: vietqr,
    },
    simulatorNightlySettlement: e.SIMULATOR_NIGHTLY_SETTLEMENT,
  };
}

function parsePairs(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(value.split(',').map((pair) => pair.trim().split('=') as [string, string]));
}

export type MessagingConfig = {
  /** ZNS: the OA's access token; null sends nothing (simulated). */
  zalo: { apiUrl: string; accessToken: string; appId: string; templateIds: Record<string, string> } | null;
  /** Checks Zalo's delivery callbacks (X-ZEvent-Signature). */
  zaloOaSecret: string;
  /** The SMS brandname provider (eSMS.vn, or any other behind a signed webhook); null: simulated. */
  sms: { provider: 'esms' | 'webhook'; apiUrl: string; apiKey: string; secretKey: string; brandname: string } | null;
  /** Signs the callback addresses given to the SMS provider, and the webhook adapter's bodies. */
  callbackSecret: string;
  /** Non-urgent messages go out only between these clinic times (HH:MM). */
  dayStart: string;
  dayEnd: string;
};

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

/** Outside production a secret is made once and kept in the data folder, so sign-ins survive a restart. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
