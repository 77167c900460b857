import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clinicMoment, DEPARTMENT_CODES, TIME_SLOTS } from '@clinic/shared';
import { openPostgres } from '../src/db/client';
import { seedAppointment } from './appointments';
import { NGINX, startNginx, type Nginx } from './system/nginx';
import {
  call,
  freePlaces,
  openDay,
  type RecordingSmtp,
  type ServerProcess,
  signIn,
  startRecordingSmtp,
  startServer,
  stopServers,
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
      RATE_LIMIT_PUBLIC_PER_ADDRESS: '6',
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
      expect(await stopServers(servers)).toEqual(servers.map(() => 0));
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

      // One address, ten people booking, alternating between the two processes: the address's ceiling
      // of bookings (6) is counted once for the clinic, not once per process.
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
  },
);
