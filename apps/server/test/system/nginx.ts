import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
};

const DEPLOYMENT_DOC = new URL('../../../../docs/DEPLOYMENT.md', import.meta.url);

/** How long nginx skips a process that refused a connection: `fail_timeout` of the document's upstream block. */
export function deploymentFailTimeoutMs(): number {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(DEPLOYMENT_DOC, 'utf8'))?.[1];
  if (!seconds) throw new Error('docs/DEPLOYMENT.md gives no fail_timeout');
  return Number(seconds) * 1000;
}

/**
 * The load balancer's configuration exactly as docs/DEPLOYMENT.md gives it (its ```nginx block), with
 * only what is the machine's own replaced: the upstream servers (the test's ports, with the document's
 * options), the address it listens on (no TLS here), and the access log's path.
 */
export function deploymentNginxConfig(options: { port: number; upstreams: number[]; dir: string }) {
  const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync(DEPLOYMENT_DOC, 'utf8'))?.[1];
  if (!block) throw new Error('docs/DEPLOYMENT.md has no nginx block');
  const serverLine = /^( *)server 127\.0\.0\.1:\d+ ([^;]*);.*$/m;
  const [, indent, serverOptions] = serverLine.exec(block) ?? [];
  if (serverOptions === undefined) throw new Error('the nginx block of docs/DEPLOYMENT.md has no upstream server');
  const servers = options.upstreams.map((p) => `${indent}server 127.0.0.1:${p} ${serverOptions};`).join('\n');
  return block
    .replace(new RegExp(`(?:${serverLine.source}\\n?)+`, 'm'), `${servers}\n`)
    .replace(/^( *)listen [^;]*;/m, `$1listen 127.0.0.1:${options.port};`)
    .replace(/^ *server_name [^;]*;.*\n/m, '')
    .replace(/access_log \/var\/log\/nginx\/[^ ;]+/, `access_log ${options.dir}/clinic.access.log`);
}

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
  const conf = `
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
${deploymentNginxConfig({ port, upstreams, dir })}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
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
  return {
    port,
    base,
    errors,
    accessLog,
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
