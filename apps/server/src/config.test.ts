import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SIMULATOR_KEYS } from './config';
import { offsetClock } from './lib/clock';

const tmp = () => mkdtempSync(join(tmpdir(), 'clinic-config-'));

describe('loadConfig', () => {
  it('runs on the embedded database with demo data and sensible defaults when nothing is set', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      clinicTz: 'Asia/Ho_Chi_Minh',
      rateLimitLogin: 10,
      rateLimitLoginPerAddress: 50,
      rateLimitPublic: 30,
      rateLimitLinkMisses: 20,
      commentModeration: 'post',
      waitingListCheckSeconds: 30,
      refundCheckSeconds: 30,
      outboxCheckSeconds: 5,
    });
    expect(loadConfig({ DATA_DIR: dir, OUTBOX_CHECK_SECONDS: '1' }).outboxCheckSeconds).toBe(1);
  });

  it('keeps a generated secret in the data folder, so sign-ins survive a restart', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'mysql://x' })).toThrow(/DATABASE_OWNER_URL/);
    // The owner only migrates: without a serving role there is nothing to serve with.
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@db/clinic' })).toThrow(/DATABASE_OWNER_URL/);
    expect(() => loadConfig({ CLINIC_TZ: 'Mars/Olympus' })).toThrow(/CLINIC_TZ/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN: '0' })).toThrow(/RATE_LIMIT_LOGIN/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_ADDRESS: '-1' })).toThrow(/RATE_LIMIT_LOGIN_PER_ADDRESS/);
    expect(() => loadConfig({ COMMENT_MODERATION: 'maybe' })).toThrow(/COMMENT_MODERATION/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.internal' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ STOP_DRAIN_SECONDS: '-1' })).toThrow(/STOP_DRAIN_SECONDS/);
    expect(() => loadConfig({ OUTBOX_CHECK_SECONDS: '0' })).toThrow(/OUTBOX_CHECK_SECONDS/);
  });

  it('in production requires JWT_SECRET, a database and PUBLIC_URL, and seeds no demo data', () => {
    const secret = 'x'.repeat(40);
    const site = { PUBLIC_URL: 'https://antamclinic.vn' };
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', ...site })).toThrow(
      /JWT_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ...site })).toThrow(/DATABASE_URL/);
    // Issue 29: without it every e-mailed link would have to come from somewhere a caller can write.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://h/db' })).toThrow(
      /PUBLIC_URL: is required/,
    );
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://h/db', ...site });
    expect(c.seedDemo).toBe(false);
    expect(c.jwtSecret).toBe(secret);
  });

  it('moves the service clock by CLOCK_OFFSET_MS for a test of another day, and refuses it in production', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).clockOffsetMs).toBe(0);
    const day = 86_400_000;
    expect(loadConfig({ DATA_DIR: dir, CLOCK_OFFSET_MS: String(-3 * day) }).clockOffsetMs).toBe(-3 * day);
    const clock = offsetClock(loadConfig({ DATA_DIR: dir, CLOCK_OFFSET_MS: String(day) }).clockOffsetMs);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(day - 1_000);
    expect(clock.now().getTime() - Date.now()).toBeLessThanOrEqual(day);
    expect(() => loadConfig({ DATA_DIR: dir, CLOCK_OFFSET_MS: 'tomorrow' })).toThrow(/CLOCK_OFFSET_MS/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://h/db',
      PUBLIC_URL: 'https://antamclinic.vn',
    };
    expect(() => loadConfig({ ...production, CLOCK_OFFSET_MS: String(day) })).toThrow(
      /CLOCK_OFFSET_MS: is for tests only/,
    );
    expect(loadConfig(production).clockOffsetMs).toBe(0);
  });

  it('makes ADMIN use a second factor in production and without the demo accounts, nobody on the demo database', () => {
    const secret = 'x'.repeat(40);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://h/db',
      PUBLIC_URL: 'https://antamclinic.vn',
    };
    expect(loadConfig(production).mfaRequiredRoles).toEqual(['ADMIN']);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).mfaRequiredRoles).toEqual(['ADMIN']);
    expect(loadConfig({ DATA_DIR: tmp() }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://h/db' }).mfaRequiredRoles).toEqual(['ADMIN']);
    expect(loadConfig({ ...production, MFA_REQUIRED_ROLES: 'none' }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), MFA_REQUIRED_ROLES: 'admin, Staff,DOCTOR' }).mfaRequiredRoles).toEqual([
      'ADMIN',
      'STAFF',
      'DOCTOR',
    ]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'ADMIN,NURSE' })).toThrow(/MFA_REQUIRED_ROLES/);
  });

  it('keys the second factor with MFA_KEY when set, else with JWT_SECRET', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret }).mfaKey).toBe(secret);
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret, MFA_KEY: 'k'.repeat(32) }).mfaKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ MFA_KEY: 'short' })).toThrow(/MFA_KEY/);
  });

  it('gives each address five accounts’ worth of sign-in tries unless RATE_LIMIT_LOGIN_PER_ADDRESS says otherwise', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_LOGIN: '4' })).toMatchObject({
      rateLimitLogin: 4,
      rateLimitLoginPerAddress: 20,
    });
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_LOGIN_PER_ADDRESS: '200' })).toMatchObject({
      rateLimitLogin: 10,
      rateLimitLoginPerAddress: 200,
    });
  });

  it('gives each address five visitors’ worth of bookings unless RATE_LIMIT_PUBLIC_PER_ADDRESS says otherwise', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ rateLimitPublic: 30, rateLimitPublicPerAddress: 150 });
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_PUBLIC: '4' })).toMatchObject({ rateLimitPublicPerAddress: 20 });
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_PUBLIC_PER_ADDRESS: '500' })).toMatchObject({
      rateLimitPublic: 30,
      rateLimitPublicPerAddress: 500,
    });
    expect(() => loadConfig({ RATE_LIMIT_PUBLIC_PER_ADDRESS: '0' })).toThrow(/RATE_LIMIT_PUBLIC_PER_ADDRESS/);
  });

  it('seeds demo data on PostgreSQL only when SEED_DEMO=true', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('wants ADMIN_USERNAME and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_USERNAME/);
  });
});

describe('TRUST_PROXY and PUBLIC_URL', () => {
  it('believes no proxy by default, even in production', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://h/db',
        PUBLIC_URL: 'https://antamclinic.vn',
      }).trustProxy,
    ).toBe(false);
  });
  it('takes a hop count or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
  it('wants PUBLIC_URL as a bare origin', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://AnTamClinic.vn' }).publicUrl).toBe(
      'https://antamclinic.vn',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://antamclinic.vn/blog' })).toThrow(/PUBLIC_URL/);
  });
  it('outside production, without PUBLIC_URL, links point at this server on localhost', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '3102' }).publicUrl).toBe('http://localhost:3102');
  });

  describe('payment providers (issue 34)', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://h/db',
      PUBLIC_URL: 'https://antamclinic.vn',
    };

    it('outside production runs each provider without keys on its simulator', () => {
      const p = loadConfig({ DATA_DIR: tmp() }).payments;
      expect([p.vnpay.mode, p.momo.mode, p.vietqr.mode]).toEqual(['simulator', 'simulator', 'simulator']);
      expect(p.vietqr.webhookSecret).toBe(SIMULATOR_KEYS.vietqrWebhookSecret);
      expect(p.vnpay.hashSecret).toBe(SIMULATOR_KEYS.vnpayHashSecret);
    });

    it('in production switches a provider without its keys off, holding no simulator key', () => {
      const p = loadConfig(production).payments;
      expect([p.vnpay.mode, p.momo.mode, p.vietqr.mode]).toEqual(['off', 'off', 'off']);
      const held = [p.vnpay.tmnCode, p.vnpay.hashSecret, p.momo.partnerCode, p.momo.accessKey, p.momo.secretKey];
      expect([...held, p.vietqr.webhookSecret, p.vietqr.accountNo]).toEqual(['', '', '', '', '', '', '']);
    });

    it('in production runs live on real keys', () => {
      const p = loadConfig({
        ...production,
        VNPAY_TMN_CODE: 'ANTAM001',
        VNPAY_HASH_SECRET: 'a-real-vnpay-hash-secret',
        VIETQR_WEBHOOK_SECRET: 'a-real-sepay-api-key-0001',
        VIETQR_ACCOUNT_NO: '1023456789',
      }).payments;
      expect([p.vnpay.mode, p.momo.mode, p.vietqr.mode]).toEqual(['live', 'off', 'live']);
      expect(p.vietqr.accountNo).toBe('1023456789');
    });

    it('in production refuses to start on a simulator’s key, naming the variable, whichever variable holds it', () => {
      const cases: [Record<string, string>, RegExp][] = [
        [
          { VIETQR_WEBHOOK_SECRET: SIMULATOR_KEYS.vietqrWebhookSecret, VIETQR_ACCOUNT_NO: '1023456789' },
          /VIETQR_WEBHOOK_SECRET: is a payment simulator/,
        ],
        [
          { VNPAY_TMN_CODE: 'ANTAM001', VNPAY_HASH_SECRET: SIMULATOR_KEYS.vnpayHashSecret },
          /VNPAY_HASH_SECRET: is a payment simulator/,
        ],
        [
          { VNPAY_TMN_CODE: SIMULATOR_KEYS.vnpayTmnCode, VNPAY_HASH_SECRET: 'a-real-vnpay-hash-secret' },
          /VNPAY_TMN_CODE: is a payment simulator/,
        ],
        [
          {
            MOMO_PARTNER_CODE: 'ANTAM',
            MOMO_ACCESS_KEY: SIMULATOR_KEYS.momoAccessKey,
            MOMO_SECRET_KEY: 'a-real-momo-secret',
          },
          /MOMO_ACCESS_KEY: is a payment simulator/,
        ],
        [
          { MOMO_SECRET_KEY: SIMULATOR_KEYS.momoSecretKey, MOMO_PARTNER_CODE: 'A', MOMO_ACCESS_KEY: 'B' },
          /MOMO_SECRET_KEY/,
        ],
        // A simulator's key in a variable of another provider is refused too.
        [{ SMS_API_KEY: SIMULATOR_KEYS.vietqrWebhookSecret }, /SMS_API_KEY: is a payment simulator/],
        [
          { VNPAY_PAYMENT_URL: 'https://antamclinic.vn/api/payments/simulator/vnpay/vpcpay.html' },
          /VNPAY_PAYMENT_URL: points at a payment simulator/,
        ],
        [
          { VIETQR_WEBHOOK_SECRET: 'a-real-sepay-api-key-0001' },
          /VIETQR_ACCOUNT_NO: the clinic’s own account is required/,
        ],
      ];
      for (const [env, message] of cases)
        expect(() => loadConfig({ ...production, ...env }), message.source).toThrow(message);
      expect(cases).toHaveLength(8);
    });
  });
});
