import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own, on a free port, that the test may stop and start again:
 * the shared test database cannot be restarted under the other test files. Uses the machine's
 * PostgreSQL binaries (Debian's /usr/lib/postgresql/N/bin); as root, runs them as `postgres`,
 * since PostgreSQL refuses to run as root.
 */
export type Cluster = { url: string; port: number; stop(): void; start(): void; destroy(): void; log(): string };

export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'clinic-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const run = (tool: string, args: string[]) => {
    const command = root ? 'runuser' : join(bin, tool);
    const fullArgs = root ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, fullArgs, { stdio: 'pipe', cwd: dir }).toString();
  };
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']),
    // Fast shutdown: what an operator's restart does; every open connection is ended.
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  cluster.start();
  return cluster;
}
