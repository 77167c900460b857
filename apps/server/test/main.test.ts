import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { enqueueEmails, listOutboxEmails } from '../src/modules/email/email.repository';
import { genericEmail } from '../src/modules/email/templates';

const serverDir = new URL('..', import.meta.url).pathname;

/** Starts the real entry point the way `npm start` does, and resolves with its port once it listens. */
function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  for (const k of ['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL', 'SMTP_URL']) delete env[k];
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 45_000);
    child.stdout!.on('data', () => {
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), output: () => out });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('main.ts on the embedded database', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'clinic-main-')), 'data');
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  it('creates the data folder, stops cleanly on SIGTERM, and keeps sign-ins valid across a restart', async () => {
    const first = await startServer(dataDir);
    children.push(first.child);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(first.output()).toContain('admin / Admin@123');
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'patient', password: 'Patient@123' }),
    });
    const { token } = (await login.json()) as { token: string };

    const exited = exitCode(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startServer(dataDir);
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

/** A real SMTP server that takes `delayMs` to accept each message, and says who it was asked to mail. */
async function startSlowSmtp(delayMs: number) {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => setTimeout(() => callback(), delayMs));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { recipients, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

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

  it('on SIGTERM refuses new connections at once, answers the requests in flight, ends the e-mail batch in hand and exits 0', async () => {
    const smtp = await startSlowSmtp(400);
    closers.push(smtp.close);
    // Far more queued e-mail than the worker can send before a stop (10 batches of 10 at 400 ms each).
    const dataDir = join(mkdtempSync(join(tmpdir(), 'clinic-stop-')), 'data');
    const seeding = await openDatabase({ dataDir });
    const queued = Array.from({ length: 300 }, (_, i) => genericEmail(`queued${i}@example.com`, 'Thư chờ gửi', 'Nội dung'));
    await enqueueEmails(seeding.db, queued, new Date());
    await seeding.close();

    const server = await startServer(dataDir, { SMTP_URL: smtp.url });
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    await waitFor('the outbox worker to start a batch', () => smtp.recipients.some((r) => r.startsWith('queued')), 10_000);

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
    await waitFor('the requests to reach the SMTP server', () => [0, 1, 2].every((i) => smtp.recipients.includes(`inflight${i}@example.com`)), 5_000);

    const exited = exitCode(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitFor('the listener to close', () => refusesConnections(server.port), 1_000, 10);
    const refusedAfterMs = Date.now() - signalledAt;

    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(await answer.json()).toMatchObject({ success: true, status: 'sent' });

    const code = await Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000))]);
    expect(code).toBe(0);
    expect(refusedAfterMs).toBeLessThan(1_000);

    // The batch in hand was finished (nothing left half-sent) and no new batch was claimed.
    const after = await openDatabase({ dataDir });
    const rows = (await listOutboxEmails(after.db)).filter((r) => r.toAddress.startsWith('queued'));
    await after.close();
    expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
    expect(rows.filter((r) => r.status === 'queued').length).toBeGreaterThan(250);
  }, 60_000);
});
