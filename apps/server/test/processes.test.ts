import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clinicMoment, DEPARTMENT_CODES, TIME_SLOTS } from '@clinic/shared';
import { openPostgres } from '../src/db/client';
import { seedAppointment } from './appointments';
import { NGINX, startNginx, type Nginx } from './system/nginx';
import { freePort } from './system/postgres-cluster';
import {
  call,
  exitCode,
  freePlaces,
  openDay,
  type RecordingSmtp,
  type ServerProcess,
  signIn,
  startRecordingSmtp,
  startServer,
  waitFor,
} from './system/server-process';

/**
 * The production topology of docs/DEPLOYMENT.md, for real: two server processes on one PostgreSQL
 * and one Redis, behind Debian's nginx, with a real SMTP server. What one process does must hold
 * for the clinic as a whole: capacity, rate limits, e-mails sent once, a sign-in valid everywhere.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ci = process.env.CI === 'true' || process.env.CI === '1';

let people = 0;
function booking(day: number, time: string, person: string) {
  people += 1;
  return {
    fullName: `Khách ${person}`,
    phone: `09${String(people).padStart(8, '0')}`,
    email: `${person}@example.com`,
    appointmentDate: openDay(day),
    appointmentTime: time,
    department: DEPARTMENT_CODES[0],
    reason: 'Khám định kỳ',
    consentHealthData: true,
  };
}

/** A POST on a new connection, closed after its answer. */
function postOnce(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let json: unknown = {};
          try {
            json = JSON.parse(text);
          } catch {
            // An answer that is not JSON (nginx's 502 page) keeps its status.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A POST as a visitor from `address` (an outer proxy's X-Forwarded-For: the servers trust two hops). */
async function postAs(base: string, address: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe.runIf(pgUrl && redisUrl && (NGINX || ci))(
  'two server processes behind nginx, one PostgreSQL, one Redis',
  () => {
    const name = `clinic_processes_${randomBytes(4).toString('hex')}`;
    // Read inside the tests: a skipped suite's body still runs, without the URL.
    const url = (pgUrl ?? '').replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    const run = randomBytes(2).readUInt16BE() % 250;
    let servers: ServerProcess[] = [];
    let nginx: Nginx | undefined;
    let smtp: RecordingSmtp;
    const env = () => ({
      DATABASE_URL: url,
      REDIS_URL: redisUrl!,
      SMTP_URL: smtp.url,
      SEED_DEMO: 'true',
      JWT_SECRET: 'two-processes-test-secret-of-32-characters-or-more',
      TRUST_PROXY: '2',
      RATE_LIMIT_PUBLIC: '6',
      // Each outbox worker runs every second, so that two more rounds of both take two seconds.
      OUTBOX_CHECK_SECONDS: '1',
    });
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    const stopAll = async () => {
      await nginx?.stop();
      nginx = undefined;
      await Promise.all(
        servers.map(async (s) => {
          const exited = exitCode(s.child);
          s.child.kill('SIGTERM');
          expect(await exited).toBe(0);
        }),
      );
      servers = [];
    };

    beforeAll(async () => {
      smtp = await startRecordingSmtp();
      await admin(`create database ${name}`);
    });
    afterAll(async () => {
      servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'));
      await nginx?.stop();
      await smtp?.close();
      await admin(`drop database if exists ${name} with (force)`);
    });

    it('both start at once on an empty database: one migrates and seeds, the other waits and comes up', async () => {
      servers = await Promise.all([startServer(env()), startServer(env())]);
      for (const s of servers)
        expect(await call(s.base, 'GET', '/api/health')).toEqual({
          status: 200,
          json: { status: 'ok', database: 'postgres', limiter: 'redis' },
        });
      const token = await signIn(servers[0]!.base, 'admin', 'Admin@123');
      const users = await call(servers[1]!.base, 'GET', '/api/users?page=1&size=50', undefined, token);
      // The demo accounts exist once, not twice.
      const names = (users!.json.items as { username: string }[]).map((u) => u.username);
      expect(names.filter((n) => n === 'admin')).toEqual(['admin']);
      await stopAll();
    }, 120_000);

    it('behind nginx: the rush gives exactly the capacity, limits count across both, each e-mail goes once, a sign-in works on either', async () => {
      // Tomorrow's appointments, waiting for their day-before reminder when both processes start.
      const database = await openPostgres(url, { max: 2 });
      const tomorrow = addDays(clinicMoment(new Date(), 'Asia/Ho_Chi_Minh').date, 1);
      const reminded = Array.from({ length: 6 }, (_, i) => `nhac.${run}.${i}@example.com`);
      for (const [i, email] of reminded.entries()) {
        await seedAppointment(database.db, {
          status: i % 2 ? 'CONFIRMED' : 'PENDING',
          email,
          appointmentDate: tomorrow,
          appointmentTime: TIME_SLOTS[i]!,
          fullName: `Nhắc lịch ${i}`,
        });
      }
      await database.close();

      servers = await Promise.all([startServer(env()), startServer(env())]);
      nginx = await startNginx(servers.map((s) => s.port));
      const [a, b] = servers as [ServerProcess, ServerProcess];

      // A sign-in on one process is valid on the other, and through nginx.
      const token = await signIn(a.base, 'staff', 'Staff@123');
      expect((await call(b.base, 'GET', '/api/users/profile', undefined, token))?.status).toBe(200);
      expect((await call(nginx.base, 'GET', '/api/users/profile', undefined, token))?.status).toBe(200);

      // 30 visitors from 30 addresses book one slot of 3 places through nginx at once: a slot of the
      // test's own, all its places free (a demo visit in it would leave fewer), and exactly those are given.
      const free = await freePlaces(nginx.base, booking(2, '09:00', 'avant'));
      expect(free).toBe(3);
      const rush = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postAs(
            nginx!.base,
            `10.78.${run}.${i + 1}`,
            '/api/appointments/public',
            booking(2, '09:00', `don.${run}.${i}`),
          ),
        ),
      );
      const statuses = rush.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(free);
      expect(statuses.filter((s) => s === 409)).toHaveLength(30 - free);

      // One visitor's address, alternating between the two processes: the public-write budget (6)
      // is counted once for the clinic, not once per process.
      const one = `10.77.${run}.1`;
      const tries = [];
      for (let i = 0; i < 10; i++) {
        tries.push(
          (
            await postAs(
              servers[i % 2]!.base,
              one,
              '/api/appointments/public',
              booking(3, TIME_SLOTS[i]!, `gioihan.${run}.${i}`),
            )
          ).status,
        );
      }
      expect(tries).toEqual([201, 201, 201, 201, 201, 201, 429, 429, 429, 429]);

      // Both outbox workers and both reminder jobs ran: each e-mail arrived once.
      const expected = [...reminded, ...Array.from({ length: 6 }, (_, i) => `gioihan.${run}.${i}@example.com`)];
      const count = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;
      await waitFor(
        'every reminder and confirmation to arrive',
        () => expected.every((e) => count(e) >= 1),
        30_000,
        200,
      );
      // Two more rounds of both workers (and one to spare): nothing goes twice.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(Object.fromEntries(expected.map((e) => [e, count(e)]))).toEqual(
        Object.fromEntries(expected.map((e) => [e, 1])),
      );
      const rushMail = smtp.received.filter((m) => m.to.some((t) => t.startsWith(`don.${run}.`)));
      expect(rushMail).toHaveLength(3);
      expect(new Set(rushMail.map((m) => m.to[0])).size).toBe(3);
      expect(nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
      await stopAll();
    }, 120_000);

    it('rolling restarts behind nginx while bookings keep arriving: no 502, no reset, every acknowledged booking stored', async () => {
      const ports = [await freePort(), await freePort()];
      const restartEnv = () => ({ ...env(), RATE_LIMIT_PUBLIC: '100000', STOP_DRAIN_SECONDS: '2' });
      servers = await Promise.all(ports.map((port) => startServer({ ...restartEnv(), PORT: String(port) })));
      nginx = await startNginx(ports);

      type Answer = { status: number | null; id?: number; email: string; error?: string };
      const answers: Answer[] = [];
      let running = true;
      let n = 0;
      const slotsADay = TIME_SLOTS.length * DEPARTMENT_CODES.length;
      const loop = async () => {
        while (running) {
          // Three visitors a slot (its capacity): every booking should be accepted. The days start past the
          // demo seed's two weeks of bookings, which would otherwise fill some of these slots already.
          const i = n++;
          const slot = Math.floor(i / 3);
          const email = `xoay.${run}.${i}@example.com`;
          const body = {
            fullName: `Khách Xoay ${i}`,
            phone: `08${String(run * 100_000 + i).padStart(8, '0')}`,
            email,
            appointmentDate: openDay(20 + Math.floor(slot / slotsADay)),
            appointmentTime: TIME_SLOTS[slot % TIME_SLOTS.length]!,
            department: DEPARTMENT_CODES[Math.floor(slot / TIME_SLOTS.length) % DEPARTMENT_CODES.length]!,
            reason: 'Khám định kỳ',
            consentHealthData: true,
          };
          try {
            // A connection of its own for each visitor's booking: a reload of nginx closes its idle client
            // connections, and what a browser does then (it sends the request again on a new one) is the
            // browser's part, not the clinic's. What is tested is everything behind nginx.
            const res = await postOnce(`${nginx!.base}/api/appointments/public`, body, {
              'x-forwarded-for': `10.79.${run}.${(i % 250) + 1}`,
            });
            answers.push({ status: res.status, id: (res.json as { appointmentId?: number }).appointmentId, email });
          } catch (err) {
            answers.push({ status: null, email, error: String((err as Error).cause ?? err) });
          }
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, loop));

      const restarts: { port: number; drainedMs: number; answersDuring: number }[] = [];
      for (let round = 0; round < 4; round++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const which = round % 2;
        const old = servers[which]!;
        const before = answers.length;
        // docs/DEPLOYMENT.md's rolling restart: out of the balancer first (nginx reloads, finishes what it
        // had sent the process and closes its kept-alive connections itself), then SIGTERM, the new
        // process, and back in.
        await nginx.setDown(ports[which]!, true);
        const exited = exitCode(old.child);
        const signalledAt = Date.now();
        old.child.kill('SIGTERM');
        expect(await exited).toBe(0);
        const drainedMs = Date.now() - signalledAt;
        servers[which] = await startServer({ ...restartEnv(), PORT: String(ports[which]) });
        await nginx.setDown(ports[which]!, false);
        restarts.push({ port: ports[which]!, drainedMs, answersDuring: answers.length - before });
      }
      running = false;
      await load;

      const byStatus: Record<string, number> = {};
      for (const a of answers) byStatus[String(a.status)] = (byStatus[String(a.status)] ?? 0) + 1;
      const retried = nginx.accessLog().filter((l) => l.split('|')[2]?.includes(','));
      console.log(
        `[processes] 4 rolling restarts under ${answers.length} bookings through nginx: ${JSON.stringify(byStatus)}; ` +
          `${retried.length} tried on the other process by nginx (${[...new Set(retried.map((l) => l.split('|').slice(1).join(' ')))].slice(0, 4).join('; ')}); ` +
          `stops took ${restarts.map((r) => r.drainedMs).join(', ')} ms`,
      );
      const upstreamErrors = nginx
        .errors()
        .split('\n')
        .filter((l) => /upstream/.test(l));
      if (upstreamErrors.length) console.log(upstreamErrors.slice(0, 6).join('\n'));
      // No reset reached a visitor, no 502 or 503: every booking was made.
      expect(answers.filter((a) => a.status === null).slice(0, 3)).toEqual([]);
      expect(answers.filter((a) => a.status !== 201).slice(0, 3)).toEqual([]);
      expect(restarts.every((r) => r.answersDuring > 0)).toBe(true);

      // Every acknowledged booking is stored, once.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const stored = await client.query<{ id: number; email: string }>(
          'select id, email from appointments where email like $1',
          [`xoay.${run}.%`],
        );
        const ids = new Map(stored.rows.map((r) => [r.id, r.email]));
        const acknowledged = answers.filter((a) => a.status === 201);
        expect(acknowledged.filter((a) => ids.get(a.id!) !== a.email)).toEqual([]);
        expect(stored.rowCount).toBe(acknowledged.length);
      } finally {
        await client.end();
      }
      expect(nginx.errors()).not.toMatch(/\[(crit|alert|emerg)\]/);
      // The operators' figures are never served through the balancer.
      expect((await fetch(`${nginx.base}/metrics`)).status).toBe(404);
      await stopAll();
    }, 300_000);
  },
);
