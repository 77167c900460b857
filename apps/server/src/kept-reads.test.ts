import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { RouteOptions } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { buildTestApp, fixedClock, type TestContext } from '../test/build-app';
import { dbKinds, SEED_NOW } from '../test/databases';
import { signInAll, type Sessions } from '../test/appointments';
import { IMAGES, multipart } from '../test/blog-fixtures';
import { rowsOf } from './db/client';
import { ChangeFeed, ReadCache, WATCHED_TABLES, type KeepOptions, type WatchedTable } from './lib/read-cache';

/**
 * Every read a process keeps (lib/read-cache.ts) names the tables it was read from, so that a write to
 * any of them ends it. A table left out is a page that stays stale (issue 29: the dashboard's waiting
 * count did not watch the waiting list). This test reads every kept read once, records each SQL
 * statement it runs, asks PostgreSQL's planner which tables each statement reads (EXPLAIN), and fails
 * on a table that is read but not named. A new kept read that no step below makes fails it too.
 */

/** Tables kept by triggers from another table: a write to them comes with a write to that one. */
const DERIVED_FROM: Record<string, WatchedTable> = {
  appointment_day_counts: 'appointments',
  appointment_month_counts: 'appointments',
  appointment_doctor_day_counts: 'appointments',
  patient_summaries: 'appointments',
};
/** Rows that never change once written: a read of them depends on no write. */
const NEVER_CHANGED: Record<string, string> = {
  images: "an uploaded image's bytes never change under its id",
};

type KeptRead = {
  key: string;
  declared: readonly string[];
  queries: { sql: string; params: unknown[] }[];
  parent: KeptRead | undefined;
};
const reading = new AsyncLocalStorage<KeptRead>();

/** Reads every time (nothing is kept), recording each read with the statements it ran. */
class AuditedCache extends ReadCache {
  readonly reads: KeptRead[] = [];
  constructor() {
    super(new ChangeFeed());
  }
  override async get<T>(
    key: string,
    tables: readonly WatchedTable[],
    read: () => Promise<T>,
    _options?: KeepOptions<T>,
  ) {
    const record: KeptRead = { key, declared: tables, queries: [], parent: reading.getStore() };
    this.reads.push(record);
    return reading.run(record, read);
  }
}

/** A statement run inside a kept read belongs to it and to the reads around it (a kept page's own kept parts). */
const logger = {
  logQuery(sql: string, params: unknown[]) {
    for (let r = reading.getStore(); r; r = r.parent) r.queries.push({ sql, params });
  },
};

/** The `cache.get(\`prefix:...` calls of the server's code: each service-level kept read's key prefix. */
function keptReadPrefixesInCode(): Set<string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const prefixes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\.get(?:<[^>]*>)?\(\s*`([a-z-]+):/g)) prefixes.add(m[1]!);
      }
    }
  };
  walk(root);
  return prefixes;
}

function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const p of plan) relationsOf(p, into);
  else if (plan && typeof plan === 'object') {
    for (const [k, v] of Object.entries(plan)) {
      if (k === 'Relation Name' && typeof v === 'string') into.add(v);
      else if (k === 'Function Name' && typeof v === 'string' && v.startsWith('clinic_')) into.add(`function ${v}`);
      else relationsOf(v, into);
    }
  }
  return into;
}

for (const kind of dbKinds()) {
  describe(`every kept read names the tables it reads [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const cache = new AuditedCache();
    const cachedRoutes: RouteOptions[] = [];

    beforeAll(async () => {
      t = await buildTestApp(kind, {
        clock: fixedClock(SEED_NOW),
        logger,
        cache,
        build: {
          onRoute: (route) => void (route.config?.cache && route.method !== 'HEAD' && cachedRoutes.push(route)),
        },
      });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('reads each kept read and finds every table it reads among those it names', async () => {
      const db = t.testDb.database.db;
      const someAppointment = rowsOf<{ id: number; email: string }>(
        await db.execute(
          "select id, email from appointments where status = 'CONFIRMED' and email is not null order by id limit 1",
        ),
      )[0]!;
      const somePost = rowsOf<{ id: number }>(
        await db.execute("select id from blogs where status = 'PUBLISHED' order by id limit 1"),
      )[0]!;
      const image = multipart('image', 'a.png', 'image/png', IMAGES.png);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/upload-image',
        headers: { authorization: `Bearer ${s.staff.token}`, ...image.headers },
        payload: image.payload,
      });
      expect(upload.statusCode).toBe(201);
      const imageUrl = upload.json().imageUrl as string;

      // Who reads each kept route, and the address the route's parameters are filled in with.
      const tour: Record<string, { as: keyof Sessions | null; url: string }> = {
        '/api/appointments': { as: 'staff', url: '/api/appointments' },
        '/api/appointments/search': { as: 'staff', url: '/api/appointments/search?q=nguyen' },
        '/api/appointments/today': { as: 'staff', url: '/api/appointments/today' },
        '/api/appointments/upcoming': { as: 'staff', url: '/api/appointments/upcoming' },
        '/api/appointments/my-patients': { as: 'doctor', url: '/api/appointments/my-patients' },
        '/api/appointments/my-appointments': { as: 'patient', url: '/api/appointments/my-appointments' },
        '/api/appointments/my-medical-history': { as: 'patient', url: '/api/appointments/my-medical-history' },
        '/api/appointments/pending-my-approval': { as: 'doctor', url: '/api/appointments/pending-my-approval' },
        '/api/appointments/status/:status': { as: 'staff', url: '/api/appointments/status/CONFIRMED' },
        '/api/appointments/history': { as: 'staff', url: '/api/appointments/history' },
        '/api/appointments/history/stats': { as: 'staff', url: '/api/appointments/history/stats' },
        '/api/appointments/stats': { as: 'staff', url: '/api/appointments/stats' },
        '/api/appointments/:id': { as: 'staff', url: `/api/appointments/${someAppointment.id}` },
        '/api/patients': { as: 'staff', url: '/api/patients' },
        '/api/patients/detail': {
          as: 'staff',
          url: `/api/patients/detail?email=${encodeURIComponent(someAppointment.email)}`,
        },
        '/api/users/profile': { as: 'patient', url: '/api/users/profile' },
        '/api/appointments/public/departments': { as: null, url: '/api/appointments/public/departments' },
        '/api/public/blogs/published': { as: null, url: '/api/public/blogs/published' },
        '/api/public/blogs/search': { as: null, url: '/api/public/blogs/search?q=tim' },
        '/api/public/blogs/featured': { as: null, url: '/api/public/blogs/featured' },
        '/api/public/blogs/:id': { as: null, url: `/api/public/blogs/${somePost.id}` },
        '/api/dashboard': { as: 'admin', url: '/api/dashboard' },
      };
      for (const route of cachedRoutes) {
        const step = tour[route.url];
        expect(step, `${route.url} keeps its answer: add it to this test's tour`).toBeDefined();
        const res = await get(step!.url, step!.as ? s[step!.as].token : undefined);
        expect(res.statusCode, `${step!.url}: ${res.body.slice(0, 200)}`).toBe(200);
      }
      // The service-level kept reads: each prefix of the code's cache.get calls must be read below.
      const services = [
        get(`/api/appointments/public/availability?date=2026-01-20&time=09:00&department=GYNECOLOGY`),
        get(`/api/appointments/public/slots?date=2026-01-20&department=GYNECOLOGY`),
        get(`/api/comments/blog/${somePost.id}`),
        get(`/blog/${somePost.id}`),
        get('/api/appointments/pending-my-approval/summary', s.doctor.token),
        get(`${new URL(imageUrl, 'http://x').pathname}?w=400`),
        get('/api/dashboard', s.doctor.token),
      ];
      // The post's page answers 404 here (no web build in the server's tests), after reading its kept facts.
      for (const res of await Promise.all(services)) expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);

      const seenPrefixes = new Set(cache.reads.map((r) => /^([a-z-]+):/.exec(r.key)?.[1]).filter(Boolean));
      for (const prefix of keptReadPrefixesInCode())
        expect(seenPrefixes, `no step of this test reads the kept read '${prefix}:…': add one`).toContain(prefix);

      // What the planner says each statement reads.
      const explain = await explainer(t);
      const problems: string[] = [];
      for (const read of cache.reads) {
        const read_tables = new Set<string>();
        for (const q of read.queries) for (const r of relationsOf(await explain(q.sql, q.params))) read_tables.add(r);
        for (const table of read_tables) {
          const source = DERIVED_FROM[table] ?? table;
          if (table in NEVER_CHANGED || read.declared.includes(source)) continue;
          problems.push(
            (WATCHED_TABLES as readonly string[]).includes(source)
              ? `${read.key} reads ${table} but does not name ${source}`
              : `${read.key} reads ${table}, whose writes are not announced (functions/change-notices.sql)`,
          );
        }
      }
      await explain.close();
      expect(problems).toEqual([]);
    });
  });
}

/** EXPLAIN of a statement with its parameters, on the test's database. */
async function explainer(t: TestContext) {
  if (t.testDb.url) {
    const client = new pg.Client({ connectionString: t.testDb.url });
    await client.connect();
    return Object.assign(
      async (sql: string, params: unknown[]) =>
        (await client.query(`explain (format json) ${sql}`, params as unknown[])).rows[0]['QUERY PLAN'] as unknown,
      { close: () => client.end() },
    );
  }
  const client = (t.testDb.database.db as unknown as { $client: PGlite }).$client;
  return Object.assign(
    async (sql: string, params: unknown[]) =>
      (await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params as never[])).rows[0]![
        'QUERY PLAN'
      ],
    { close: async () => {} },
  );
}
