import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENT_CODES, TIME_SLOTS } from '@clinic/shared';
import { deploymentFailTimeoutMs, NGINX, startNginx, type Nginx } from './system/nginx';
import { freePort } from './system/postgres-cluster';
import {
  call,
  exitCode,
  openDay,
  type ServerProcess,
  startServer,
  stopServers,
  waitFor,
} from './system/server-process';

/**
 * The rolling restart of docs/DEPLOYMENT.md, step by step as written there, while visitors keep
 * their connections to nginx open (as browsers do) and send GETs and bookings on them without a
 * pause: nobody may see a reset connection or a 502, and every booking acknowledged is stored once.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ci = process.env.CI === 'true' || process.env.CI === '1';

type Outcome = { kind: 'GET' | 'POST'; status: number | null; error?: string; key?: string; id?: number };

/** One request on a kept-alive connection of `agent`; `status: null` when the connection failed. */
function send(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number | null; json: unknown; error?: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // nginx's own error page is HTML: the status says enough.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', (err) => resolve({ status: null, json: null, error: String(err) }));
      },
    );
    req.on('error', (err) =>
      resolve({ status: null, json: null, error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` }),
    );
    req.end(payload);
  });
}

describe.runIf(pgUrl && redisUrl && (NGINX || ci))('the rolling restart of docs/DEPLOYMENT.md behind nginx', () => {
  const name = `clinic_rolling_${randomBytes(4).toString('hex')}`;
  const url = (pgUrl ?? '').replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const run = randomBytes(2).readUInt16BE() % 250;
  let servers: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
  });
  afterAll(async () => {
    servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'));
    await nginx?.stop();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('keeps every kept-alive connection and every booking through two rounds of restarts', async () => {
    const ports = [await freePort(), await freePort()];
    const env = (port: number) => ({
      DATABASE_URL: url,
      REDIS_URL: redisUrl!,
      SEED_DEMO: 'false',
      JWT_SECRET: 'rolling-restart-test-secret-of-32-characters-or-more',
      RATE_LIMIT_PUBLIC: '1000000',
      STOP_DRAIN_SECONDS: '2',
      PORT: String(port),
    });
    // One at a time: the first migrates.
    servers = [await startServer(env(ports[0]!))];
    servers.push(await startServer(env(ports[1]!)));
    nginx = await startNginx(ports);

    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const slotsADay = TIME_SLOTS.length * DEPARTMENT_CODES.length;
    // Far from today, where nothing else books: three bookings a slot, its capacity.
    const firstDay = 300 + run;
    const visitor = async (v: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (running) {
        if (v % 2 === 0) {
          const res = await send(agent, `${nginx!.base}/api/appointments/public/departments`, 'GET');
          outcomes.push({ kind: 'GET', status: res.status, error: res.error });
          continue;
        }
        const i = n++;
        const slot = Math.floor(i / 3);
        const key = randomUUID();
        const res = await send(
          agent,
          `${nginx!.base}/api/appointments/public`,
          'POST',
          {
            fullName: `Khách Xoay Vòng ${i}`,
            phone: `07${String(run * 100_000 + i).padStart(8, '0')}`,
            email: `xoayvong.${run}.${i}@example.com`,
            appointmentDate: openDay(firstDay + Math.floor(slot / slotsADay)),
            appointmentTime: TIME_SLOTS[slot % TIME_SLOTS.length]!,
            department: DEPARTMENT_CODES[Math.floor(slot / TIME_SLOTS.length) % DEPARTMENT_CODES.length]!,
            reason: 'Khám định kỳ',
            consentHealthData: true,
          },
          { 'idempotency-key': key },
        );
        outcomes.push({
          kind: 'POST',
          status: res.status,
          error: res.error,
          key,
          id: (res.json as { appointmentId?: number } | null)?.appointmentId,
        });
      }
      agent.destroy();
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, v) => visitor(v)));

    // Visitors are on their way before the first stop.
    await waitFor('the first answers', () => outcomes.length > 50, 30_000);
    const steps = await rollingRestart(ports, servers, env, () => outcomes.length);
    running = false;
    await load;

    const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
    const failed = outcomes.filter((o) => o.status === null);
    console.log(
      `[rolling-restart] 2 rounds, no nginx reload: ${count((o) => o.kind === 'GET')} GETs, ` +
        `${count((o) => o.kind === 'POST')} bookings on kept-alive connections; ` +
        `${failed.length} reset (${[...new Set(failed.map((o) => `${o.kind} ${o.error}`))].slice(0, 3).join('; ')}), ` +
        `${count((o) => o.status === 502 && o.kind === 'GET')} GETs and ${count((o) => o.status === 502 && o.kind === 'POST')} bookings answered 502, ${count((o) => o.status !== null && o.status >= 500)} 5xx in all`,
    );
    const upstreamErrors = nginx
      .errors()
      .split('\n')
      .filter((l) => /upstream/.test(l));
    const kinds: Record<string, number> = {};
    for (const l of upstreamErrors) {
      const kind = /\] \d+#\d+: \*\d+ (.*?) while/.exec(l)?.[1] ?? l.slice(20, 80);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    console.log('[rolling-restart] nginx upstream errors', JSON.stringify(kinds));
    expect(steps.answersDuring.every((a) => a > 0)).toBe(true);
    expect(failed.slice(0, 3)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== (o.kind === 'GET' ? 200 : 201)).slice(0, 3)).toEqual([]);

    // Every acknowledged booking is stored, once.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const stored = await client.query<{ id: number; email: string }>(
        'select id, email from appointments where email like $1',
        [`xoayvong.${run}.%`],
      );
      const acknowledged = outcomes.filter((o) => o.kind === 'POST' && o.status === 201);
      expect(acknowledged.length).toBeGreaterThan(50);
      expect(new Set(acknowledged.map((o) => o.id)).size).toBe(acknowledged.length);
      expect(stored.rowCount).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
    expect(nginx.errors()).not.toMatch(/\[(crit|alert|emerg)\]/);

    await nginx.stop();
    nginx = undefined;
    expect(await stopServers(servers)).toEqual([0, 0]);
    servers = [];
  }, 300_000);
});

/**
 * docs/DEPLOYMENT.md's "To restart the processes behind this block", twice over both processes, without
 * reloading nginx: SIGTERM and wait for it to exit, the new process on the same port, wait for
 * /api/health 200 and nginx's fail_timeout more, then the next.
 */
async function rollingRestart(
  ports: number[],
  servers: ServerProcess[],
  env: (port: number) => Record<string, string>,
  answered: () => number,
): Promise<{ answersDuring: number[] }> {
  const answersDuring: number[] = [];
  for (let round = 0; round < 4; round++) {
    const which = round % 2;
    const before = answered();
    const exited = exitCode(servers[which]!.child);
    servers[which]!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    servers[which] = await startServer(env(ports[which]!));
    await waitFor(
      'the new process to be healthy',
      async () => (await call(servers[which]!.base, 'GET', '/api/health'))?.status === 200,
      30_000,
      100,
    );
    await new Promise((resolve) => setTimeout(resolve, deploymentFailTimeoutMs()));
    answersDuring.push(answered() - before);
  }
  return { answersDuring };
}
