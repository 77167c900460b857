import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { addDays, clinicToday, isSunday } from '@clinic/shared';
import { DEMO_DAYS_AHEAD } from '../../src/seed/demo-appointments';

const serverDir = new URL('../..', import.meta.url).pathname;

export type ServerProcess = { child: ChildProcess; port: number; base: string; output: () => string };

/**
 * Starts the real entry point (src/main.ts through tsx, or a build of it given as `built`) in a
 * process of its own and resolves with its port once it listens. The caller's DATABASE_URL,
 * JWT_SECRET, REDIS_URL and SMTP_URL are not inherited: a test says which it wants in `env`.
 */
export function startServer(env: Record<string, string>, options: { built?: string } = {}): Promise<ServerProcess> {
  const full: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // No balancer checks health here: a stop need not wait for one (a test that drains says so).
    STOP_DRAIN_SECONDS: '0',
  };
  for (const k of ['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL', 'SMTP_URL', 'DATA_DIR']) delete full[k];
  Object.assign(full, env);
  // A production process refuses a moved clock (config.ts): under `npm run test:days` it keeps the real time.
  if (full.NODE_ENV === 'production') delete full.CLOCK_OFFSET_MS;
  const child = spawn(process.execPath, options.built ? [options.built] : ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    };
    child.on('exit', onExit);
    child.stdout!.on('data', () => {
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.off('exit', onExit);
        const port = Number(m[1]);
        resolve({ child, port, base: `http://127.0.0.1:${port}`, output: () => out });
      }
    });
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function waitFor(
  what: string,
  test: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export type RecordingSmtp = {
  url: string;
  port: number;
  received: { to: string[]; subject: string; raw: string }[];
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that records what it was sent; `delayMs` slows each message down. */
export async function startRecordingSmtp(options: { port?: number; delayMs?: number } = {}): Promise<RecordingSmtp> {
  const received: RecordingSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          raw,
        });
        setTimeout(() => callback(), options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** JSON of an HTTP call; `null` when no answer came back at all (connection refused or cut). */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T } | null> {
  try {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json: json as T };
  } catch {
    return null;
  }
}

export async function signIn(base: string, usernameOrEmail: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { usernameOrEmail, password });
  if (res?.status !== 200) throw new Error(`sign-in as ${usernameOrEmail} failed: ${JSON.stringify(res)}`);
  return res.json.token as string;
}

/**
 * The n-th day the clinic is open (no Sundays) after the demo visits' last day, as YYYY-MM-DD: a server
 * started with SEED_DEMO puts visits around its today, so a test that books earlier shares their slots.
 */
export function openDay(n: number): string {
  let day = addDays(clinicToday(new Date()), DEMO_DAYS_AHEAD + 1);
  for (let left = n; ; day = addDays(day, 1)) {
    if (isSunday(day)) continue;
    if (left === 0) return day;
    left -= 1;
  }
}

/** The places the availability API says are free in a slot: what a rush can get, read before it starts. */
export async function freePlaces(
  base: string,
  slot: { appointmentDate: string; appointmentTime: string; department: string },
): Promise<number> {
  const query = new URLSearchParams({
    date: slot.appointmentDate,
    time: slot.appointmentTime,
    department: slot.department,
  });
  const res = await call<{ remaining: number }>(base, 'GET', `/api/appointments/public/availability?${query}`);
  if (res?.status !== 200) throw new Error(`availability of ${query} answered ${JSON.stringify(res)}`);
  return res.json.remaining;
}

/** SIGTERM to every process at once; resolves with their exit codes (0 for a clean stop). */
export function stopServers(servers: ServerProcess[]): Promise<(number | null)[]> {
  return Promise.all(
    servers.map((s) => {
      const exited = exitCode(s.child);
      s.child.kill('SIGTERM');
      return exited;
    }),
  );
}
