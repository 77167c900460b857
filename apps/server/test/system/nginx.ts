import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-cluster';
import { waitFor } from './server-process';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

export type Nginx = {
  port: number;
  base: string;
  stop(): Promise<void>;
  errors(): string;
  /** One line a request: method|status|the upstreams tried|what each answered. */
  accessLog(): string[];
  /**
   * Marks a process `down` (or back) in the upstream block and reloads nginx, as the rolling restart
   * of docs/DEPLOYMENT.md does; resolves once the workers of the old configuration have finished the
   * requests they had and exited.
   */
  setDown(upstreamPort: number, down: boolean): Promise<void>;
};

/**
 * The load balancer's directives as docs/DEPLOYMENT.md gives them (keep the two the same): kept-alive
 * connections to the processes, a stopped process skipped for 5 s, a refused connection or a
 * stopping process's 503 tried on the other.
 */
export const UPSTREAM_SERVER_OPTIONS = 'max_fails=1 fail_timeout=5s';
export const PROXY_DIRECTIVES = `
      proxy_pass http://clinic;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_next_upstream error timeout http_503;`;

/**
 * Debian's nginx as the load balancer in front of the given server ports (round robin), the way
 * docs/DEPLOYMENT.md sets it up, with its configuration, logs and temporary files in a folder of
 * its own.
 */
export async function startNginx(upstreams: number[]): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'clinic-nginx-'));
  chmodSync(dir, 0o755);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const downs = new Set<number>();
  const conf = () => `
${root ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method|$status|$upstream_addr|$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream clinic {
${upstreams.map((p) => `    server 127.0.0.1:${p} ${UPSTREAM_SERVER_OPTIONS}${downs.has(p) ? ' down' : ''};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {${PROXY_DIRECTIVES}
    }
    location = /metrics { return 404; }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf());
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    `nginx to listen on ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${out}`);
      return fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    15_000,
    50,
  );
  const errors = () => {
    const file = join(dir, 'error.log');
    return out + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  };
  const accessLog = () => {
    const file = join(dir, 'access.log');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  };
  /** The master's worker processes (nginx runs in the foreground here: the child is the master). */
  const workers = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(child.pid);
        } catch {
          return false;
        }
      });
  return {
    port,
    base,
    errors,
    accessLog,
    async setDown(upstreamPort, down) {
      if (down) downs.add(upstreamPort);
      else downs.delete(upstreamPort);
      writeFileSync(join(dir, 'nginx.conf'), conf());
      const old = workers();
      child.kill('SIGHUP');
      await waitFor(
        'nginx to reload',
        () => {
          const now = workers();
          return now.length > 0 && old.every((pid) => !now.includes(pid));
        },
        15_000,
        20,
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
