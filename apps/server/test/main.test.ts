import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = new URL('..', import.meta.url).pathname;

/** Starts the real entry point the way `npm start` does, and resolves with its port once it listens. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  for (const k of ['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL', 'SMTP_URL']) delete env[k];
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
