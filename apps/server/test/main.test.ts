import { randomBytes } from 'node:crypto';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMULATOR_KEYS } from '../src/config';
import { openDatabase } from '../src/db/client';
import { listOutboxEmails } from '../src/modules/email/email.repository';
import { genericEmail } from '../src/modules/email/templates';
import { createTestDatabase } from './databases';
import { exitCode, openDay, startRecordingSmtp, startServer, waitFor } from './system/server-process';
import { enqueueNotifications } from '../src/modules/notifications/notifications.service';

describe('main.ts built as production runs it, on the embedded database', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'clinic-main-')), 'data');
  // Built the way `npm run build` does, into a folder of its own beside dist/main.js (node finds
  // the packages from there as it does from dist/).
  const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
  mkdirSync(distDir, { recursive: true });
  const buildDir = mkdtempSync(join(distDir, 'test-'));
  const built = join(buildDir, 'main.js');
  const children: ChildProcess[] = [];
  afterAll(() => {
    children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('runs as plain JavaScript: creates the data folder, migrates, seeds, stops cleanly on SIGTERM, and keeps sign-ins valid across a restart', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outfile', built], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const first = await startServer({ DATA_DIR: dataDir }, { built });
    children.push(first.child);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(first.output()).toContain('admin / Admin@123');
    // Issue 34: it says at start how each outside service runs; outside production without keys, simulated.
    expect(first.output()).toContain(
      'Dịch vụ bên ngoài: VNPay giả lập · MoMo giả lập · VietQR giả lập · E-mail (SMTP) giả lập · Zalo ZNS giả lập · SMS giả lập',
    );
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'patient', password: 'Patient@123' }),
    });
    const { token } = (await login.json()) as { token: string };

    const exited = exitCode(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir }, { built });
    children.push(second.child);
    const res = await fetch(`http://127.0.0.1:${second.port}/api/auth/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(await res.json()).toEqual({ valid: true });
    const stopped = exitCode(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 120_000);
});

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('main.ts stopping under load', () => {
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
    await Promise.all(closers.map((close) => close()));
  });

  it('on SIGTERM refuses new connections once the drain ends, answers the requests in flight, ends the e-mail batch in hand and exits 0', async () => {
    const smtp = await startRecordingSmtp({ delayMs: 400 });
    closers.push(smtp.close);
    // Far more queued e-mail than the worker can send before a stop (10 batches of 10 at 400 ms each).
    const dataDir = join(mkdtempSync(join(tmpdir(), 'clinic-stop-')), 'data');
    const seeding = await openDatabase({ dataDir });
    const queued = Array.from({ length: 300 }, (_, i) =>
      genericEmail(`queued${i}@example.com`, 'Thư chờ gửi', 'Nội dung'),
    );
    await enqueueNotifications(seeding.db, queued, new Date());
    await seeding.close();

    const server = await startServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, STOP_DRAIN_SECONDS: '1' });
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    await waitFor(
      'the outbox worker to start a batch',
      () => smtp.received.some((m) => m.to.some((r) => r.startsWith('queued'))),
      10_000,
    );

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'staff', password: 'Staff@123' }),
    });
    const { token } = (await login.json()) as { token: string };
    // Each of these waits on the slow SMTP server, so it is still in flight when SIGTERM comes.
    const inFlight = [0, 1, 2].map((i) =>
      fetch(`${base}/api/email/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: `inflight${i}@example.com`, subject: 'Đang gửi', content: 'Nội dung' }),
      }),
    );
    await waitFor(
      'the requests to reach the SMTP server',
      () => [0, 1, 2].every((i) => smtp.received.some((m) => m.to.includes(`inflight${i}@example.com`))),
      5_000,
    );

    const exited = exitCode(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitFor('the listener to close', () => refusesConnections(server.port), 3_000, 10);
    const refusedAfterMs = Date.now() - signalledAt;

    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(await answer.json()).toMatchObject({ success: true, status: 'sent' });

    const code = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000)),
    ]);
    expect(code).toBe(0);
    // The drain (STOP_DRAIN_SECONDS=1), then at once.
    expect(refusedAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(refusedAfterMs).toBeLessThan(2_000);

    // The batch in hand was finished (nothing left half-sent) and no new batch was claimed.
    const after = await openDatabase({ dataDir });
    const rows = (await listOutboxEmails(after.db)).filter((r) => r.toAddress.startsWith('queued'));
    await after.close();
    expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
    expect(rows.filter((r) => r.status === 'queued').length).toBeGreaterThan(250);
  }, 120_000);
});

/** One HTTP/1.1 connection kept open across requests, as a load balancer's upstream keepalive keeps it. */
function keptAliveConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let ended: string | null = null;
  let waiting: (() => void) | undefined;
  socket.on('data', (d) => {
    buffer = Buffer.concat([buffer, d]);
    waiting?.();
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    ended = err.code ?? err.message;
    waiting?.();
  });
  socket.on('end', () => {
    ended ??= 'closed by the server';
    waiting?.();
  });
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  /** Sends one request and reads its answer; a reset or a closed connection is the answer's `failed`. */
  async function request(method: string, path: string, body?: unknown) {
    await opened;
    const payload = body === undefined ? '' : JSON.stringify(body);
    if (ended) return { failed: ended };
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: clinic\r\nConnection: keep-alive\r\n` +
        (payload ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` : '') +
        `\r\n${payload}`,
    );
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const text = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return {
            status: Number(head.split(' ')[1]),
            connection: /connection: (\S+)/i.exec(head)?.[1]?.toLowerCase(),
            json: JSON.parse(text) as Record<string, unknown>,
          };
        }
      }
      if (ended) return { failed: ended };
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  }
  return { request, close: () => socket.destroy() };
}

describe('main.ts draining on SIGTERM', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  it('after SIGTERM serves requests on a kept-alive connection (no reset), says 503 on /api/health, then refuses new connections while still answering on the kept one, and exits 0', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'clinic-drain-')), 'data');
    const server = await startServer({ DATA_DIR: dataDir, STOP_DRAIN_SECONDS: '1.5' });
    children.push(server.child);
    const kept = keptAliveConnection(server.port);
    const first = await kept.request('GET', '/api/health');
    expect(first).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(first.connection).not.toBe('close');
    const visitor = (n: number) => ({
      fullName: `Khách Đang Dừng ${n}`,
      phone: `091234567${n}`,
      email: `dang.dung.${n}@example.com`,
      appointmentDate: openDay(2),
      appointmentTime: '09:00',
      department: 'GYNECOLOGY',
      reason: 'Khám định kỳ',
      consentHealthData: true,
    });

    const exited = exitCode(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Once the signal is handled, a visitor's booking on the connection kept from before it is made, not reset.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await kept.request('POST', '/api/appointments/public', visitor(1))).toMatchObject({ status: 201 });
    // While draining, a new connection still gets in, and the health check says the process is stopping.
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'stopping' });

    // Then new connections are refused, but a request on the kept connection is still answered, and
    // told to close it (the client closes it: nothing is cut under a request on its way).
    await waitFor('the listener to close', () => refusesConnections(server.port), 3_000, 10);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1_500);
    expect(await kept.request('POST', '/api/appointments/public', visitor(2))).toMatchObject({
      status: 201,
      connection: 'close',
    });
    kept.close();
    expect(await exited).toBe(0);

    const after = await openDatabase({ dataDir });
    const outbox = await listOutboxEmails(after.db);
    await after.close();
    // Both bookings were stored (each wrote its e-mail in its own transaction).
    for (const n of [1, 2]) expect(outbox.some((r) => r.toAddress === `dang.dung.${n}@example.com`)).toBe(true);
  }, 120_000);
});

describe('main.ts in production: the payment providers (issue 34)', () => {
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
    await Promise.all(closers.map((close) => close()));
  });
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-that-is-long-enough-0001',
    PUBLIC_URL: 'https://antamclinic.vn',
    ADMIN_USERNAME: 'chief',
    ADMIN_PASSWORD: 'a long passphrase for the first start',
  };

  it('refuses to start on a simulator’s key, naming the variable', async () => {
    // Refused while reading the configuration: the database is never reached.
    await expect(
      startServer({
        ...production,
        DATABASE_URL: 'postgres://127.0.0.1:1/never',
        VIETQR_WEBHOOK_SECRET: SIMULATOR_KEYS.vietqrWebhookSecret,
        VIETQR_ACCOUNT_NO: '1023456789',
      }),
    ).rejects.toThrow(/exited with 1:[\s\S]*VIETQR_WEBHOOK_SECRET: is a payment simulator's public key/);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'says at start which providers are live and which are off for want of their keys',
    async () => {
      const testDb = await createTestDatabase('postgres', { seeded: false });
      // As docs/DEPLOYMENT.md deploys it: migrated by the owner, served by a role of its own (a
      // production process refuses to serve as a role that could change the access log).
      const serving = `clinic_serving_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: testDb.url });
      await admin.connect();
      await admin.query(`create role "${serving}" login`);
      await admin.end();
      closers.push(async () => {
        await testDb.drop();
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop role if exists "${serving}"`);
        await c.end();
      });
      const servingUrl = new URL(testDb.url!);
      servingUrl.username = serving;
      const server = await startServer({
        ...production,
        DATABASE_OWNER_URL: testDb.url!,
        DATABASE_URL: servingUrl.toString(),
        VIETQR_WEBHOOK_SECRET: 'a-real-sepay-api-key-0001',
        VIETQR_ACCOUNT_NO: '1023456789',
      });
      children.push(server.child);
      expect(server.output()).toContain(
        'Dịch vụ bên ngoài: VNPay TẮT (thiếu VNPAY_TMN_CODE, VNPAY_HASH_SECRET) · ' +
          'MoMo TẮT (thiếu MOMO_PARTNER_CODE, MOMO_ACCESS_KEY, MOMO_SECRET_KEY) · VietQR thật · ' +
          'E-mail (SMTP) TẮT (thiếu SMTP_URL) · Zalo ZNS TẮT (thiếu ZALO_ACCESS_TOKEN) · SMS TẮT (thiếu SMS_API_URL, SMS_API_KEY)',
      );
      const methods = await fetch(`${server.base}/api/payments/methods`);
      expect(await methods.json()).toEqual({ methods: ['VIETQR'] });
      const stopped = exitCode(server.child);
      server.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
    },
    120_000,
  );
});
