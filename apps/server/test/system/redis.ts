import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from './postgres-cluster';
import { waitFor } from './server-process';

export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p)) ?? null;

/**
 * A Redis server of the test's own on a free port, which the test may pause (SIGSTOP: connections
 * stay open and nothing answers, as a hung host does) or kill (connections refused): the shared
 * Redis must never be stopped under the other test files.
 */
export type OwnRedis = {
  url: string;
  port: number;
  pause(): void;
  resume(): void;
  kill(): Promise<void>;
};

export async function startRedis(): Promise<OwnRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed (apt-get install redis-server)');
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitFor(
    `redis-server to listen on ${port}`,
    () =>
      new Promise<boolean>((resolve) => {
        const s = connect(port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      }),
    10_000,
  );
  let killed = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async kill() {
      if (killed) return;
      killed = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
