import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENT_CODES, MSG, TIME_SLOTS } from '@clinic/shared';
import { startCluster, type Cluster } from './system/postgres-cluster';
import { call, exitCode, openDay, type ServerProcess, signIn, startServer, waitFor } from './system/server-process';

/**
 * Faults a clinic's server meets in production, injected into the real thing: the server in its own
 * process on a PostgreSQL server of the test's own, which the test restarts under load, and a
 * server process killed in the middle of a booking rush.
 */

const SLOTS_A_DAY = TIME_SLOTS.length * DEPARTMENT_CODES.length;
/** A visitor's booking of the `slot`-th slot (every time of a department, then the next department, then the next day). */
function booking(slot: number, person: number, tag: string) {
  return {
    fullName: `Khách ${tag} ${person}`,
    phone: `09${String(person).padStart(8, '0').slice(-8)}`,
    email: `${tag}.${person}@example.com`,
    appointmentDate: openDay(Math.floor(slot / SLOTS_A_DAY)),
    appointmentTime: TIME_SLOTS[slot % TIME_SLOTS.length],
    department: DEPARTMENT_CODES[Math.floor(slot / TIME_SLOTS.length) % DEPARTMENT_CODES.length],
    reason: 'Khám định kỳ',
    consentHealthData: true,
  };
}

async function rows(url: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

type Answer = { at: number; what: string; status: number | null; body: unknown };

describe.runIf(process.env.TEST_DATABASE_URL)('faults on PostgreSQL (a server of the test’s own)', () => {
  let cluster: Cluster;
  const children: ChildProcess[] = [];
  const env = () => ({
    DATABASE_URL: cluster.url,
    SEED_DEMO: 'true',
    JWT_SECRET: 'faults-test-secret-of-at-least-32-characters',
    RATE_LIMIT_PUBLIC: '100000',
    RATE_LIMIT_LOGIN: '1000',
  });

  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => {
    children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
    cluster?.destroy();
  });

  it('PostgreSQL restarted under load: 503 in the one error shape while it is down, /api/health 503, then recovery without a restart and nothing acknowledged lost', async () => {
    const server: ServerProcess = await startServer(env());
    children.push(server.child);
    const staff = await signIn(server.base, 'staff', 'Staff@123');

    const answers: Answer[] = [];
    let running = true;
    let person = 0;
    const loop = async (what: string, request: () => Promise<{ status: number; json: unknown } | null>) => {
      while (running) {
        const res = await request();
        answers.push({ at: Date.now(), what, status: res?.status ?? null, body: res?.json });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const load = Promise.all([
      loop('health', () => call(server.base, 'GET', '/api/health')),
      loop('booking', () => {
        person += 1;
        return call(server.base, 'POST', '/api/appointments/public', booking(person, person, 'restart'));
      }),
      loop('staff list', () => call(server.base, 'GET', '/api/appointments?page=1&size=10', undefined, staff)),
      loop('availability', () =>
        call(
          server.base,
          'GET',
          `/api/appointments/public/availability?department=GYNECOLOGY&date=${openDay(3)}&time=09:00`,
        ),
      ),
      loop('posts', () => call(server.base, 'GET', '/api/public/blogs/published?page=1&size=6')),
    ]);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stoppedAt = Date.now();
    cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const health = await call(server.base, 'GET', '/api/health');
    const startedAt = Date.now();
    cluster.start();
    await waitFor(
      '/api/health to answer 200 again',
      async () => (await call(server.base, 'GET', '/api/health'))?.status === 200,
      15_000,
      50,
    );
    const recoveredAfterMs = Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await load;

    expect(health).toEqual({ status: 503, json: { status: 'unavailable', database: 'postgres', limiter: 'memory' } });
    // Every request got an answer, and no answer was a 500.
    expect(answers.filter((a) => a.status === null)).toEqual([]);
    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status!));
    expect(unexpected.slice(0, 3)).toEqual([]);
    // While PostgreSQL was down, callers were told so in the one error shape, in Vietnamese.
    const down = answers.filter((a) => a.status === 503 && a.what !== 'health');
    expect(new Set(down.map((a) => a.what))).toEqual(new Set(['booking', 'staff list', 'availability', 'posts']));
    for (const a of down)
      expect(a.body).toEqual({
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: MSG.databaseUnavailable,
        error: MSG.databaseUnavailable,
      });
    expect(down.every((a) => a.at >= stoppedAt)).toBe(true);
    // Once it was back, the same process served every call again.
    const settled = answers.filter((a) => a.at > startedAt + recoveredAfterMs + 500);
    expect(settled.length).toBeGreaterThan(5);
    expect(settled.filter((a) => a.status !== 200 && a.status !== 201)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(recoveredAfterMs).toBeLessThan(15_000);

    // Every booking it acknowledged is stored; and a new one shows on the next staff read (the
    // listener that ends kept reads is connected again).
    const acknowledged = answers
      .filter((a) => a.what === 'booking' && a.status === 201)
      .map((a) => (a.body as { appointmentId: number }).appointmentId);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await rows(cluster.url, 'select id from appointments where id = any($1)', [acknowledged]);
    expect(stored).toHaveLength(acknowledged.length);
    const before = await call(server.base, 'GET', '/api/appointments?page=1&size=10&q=Sau%20khi', undefined, staff);
    expect(before?.json.total).toBe(0);
    const made = await call(server.base, 'POST', '/api/appointments/public', {
      ...booking(5_000, 5_000, 'after'),
      fullName: 'Sau khi khởi động',
    });
    expect(made?.status).toBe(201);
    const after = await call(server.base, 'GET', '/api/appointments?page=1&size=10&q=Sau%20khi', undefined, staff);
    expect(JSON.stringify(after?.json)).toContain('Sau khi khởi động');

    console.log(
      `[faults] PostgreSQL down ${startedAt - stoppedAt} ms: ${answers.length} answers, ${down.length} of them 503; /api/health 200 again ${recoveredAfterMs} ms after PostgreSQL started; ${acknowledged.length} bookings acknowledged, all stored`,
    );
    const stopped = exitCode(server.child);
    server.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 90_000);

  it('SIGKILL in the middle of a booking rush: every acknowledged booking is stored, no refused one is, no slot over capacity', async () => {
    const server = await startServer(env());
    children.push(server.child);
    // 400 visitors, four for each slot of 3 places, arriving slot after slot: the kill comes while
    // places are still being booked, and some visitors have already been refused.
    const visitors = Array.from({ length: 400 }, (_, i) => ({
      i,
      body: booking(10_000 + Math.floor(i / 4), 100_000 + i, 'rush'),
    }));
    const outcome = new Map<number, { status: number | null; id?: number }>();
    let next = 0;
    const worker = async () => {
      while (next < visitors.length) {
        const v = visitors[next++]!;
        const res = await call<{ appointmentId?: number }>(server.base, 'POST', '/api/appointments/public', v.body);
        outcome.set(v.i, { status: res?.status ?? null, id: res?.json?.appointmentId });
      }
    };
    const rush = Promise.all(Array.from({ length: 20 }, worker));
    await waitFor('a third of the rush to be answered', () => outcome.size >= 100, 30_000, 5);
    server.child.kill('SIGKILL');
    await rush;

    const acknowledged = [...outcome].filter(([, o]) => o.status === 201);
    const refused = [...outcome].filter(([, o]) => o.status !== null && o.status >= 400);
    const cut = [...outcome].filter(([, o]) => o.status === null);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(10);
    expect(cut.length).toBeGreaterThan(0);
    expect(refused.every(([, o]) => o.status === 409)).toBe(true);

    const stored = await rows(cluster.url, "select id, email from appointments where email like 'rush.%'");
    const storedIds = new Set(stored.map((r) => Number(r.id)));
    const storedEmails = new Set(stored.map((r) => r.email));
    expect(acknowledged.filter(([, o]) => !storedIds.has(o.id!))).toEqual([]);
    expect(refused.filter(([i]) => storedEmails.has(visitors[i]!.body.email))).toEqual([]);
    // Every visit in the rush's slots counts, the demo seed's too: capacity is the slot's, not the rush's.
    const over = await rows(
      cluster.url,
      `select appointment_date, appointment_time, department, count(*)::int as n from appointments
        where (appointment_date, appointment_time, department) in
              (select appointment_date, appointment_time, department from appointments where email like 'rush.%')
          and status not in ('CANCELLED', 'NO_SHOW') group by 1, 2, 3 having count(*) > 3`,
    );
    expect(over).toEqual([]);
    console.log(
      `[faults] SIGKILL mid-rush: ${acknowledged.length} acknowledged (all stored), ${refused.length} refused (none stored), ${cut.length} never answered, in flight at the kill or sent after it (${stored.length - acknowledged.length} of them stored)`,
    );

    // The next process starts on the same data and serves at once.
    const again = await startServer(env());
    children.push(again.child);
    expect((await call(again.base, 'GET', '/api/health'))?.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await exitCode(again.child)).toBe(0);
  }, 90_000);
});
