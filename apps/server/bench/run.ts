// `npm run bench`: load scenarios against the real app on an embedded database in this process.
// Prints requests/s and latency percentiles, and each scenario's ratio to a bare route in the same run.
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import { systemClock } from '../src/lib/clock';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter';
import { createTokenService } from '../src/lib/tokens';

const duration = Number(process.argv[2] ?? 5);
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!', RATE_LIMIT_LOGIN: '1000000', LOG_LEVEL: 'silent' });
// A PostgreSQL URL as second argument benches on PostgreSQL (its database gets the demo seed).
const url = process.argv[3];
const database = url ? await openPostgres(url) : await openPglite();
await migrateDatabase(database, url);
await seedDatabase(database.db, { seedDemo: true, adminUsername: undefined, adminPassword: undefined, env: 'test' });
const app = await buildApp({ config, database, clock: systemClock, limiter: createMemoryRateLimiter(), tokens: createTokenService(config.jwtSecret) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ usernameOrEmail: 'admin', password: 'Admin@123' }),
});
const { token } = (await login.json()) as { token: string };

/** A Monday a week or more ahead: always a bookable day. */
function nextMonday(): string {
  const d = new Date(Date.now() + 7 * 86400_000);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

type Scenario = { name: string; path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; connections?: number };
const json = { 'content-type': 'application/json' };
const scenarios: Scenario[] = [
  { name: 'bare: GET /api/health', path: '/api/health' },
  { name: 'GET /api/users/profile (token + user row)', path: '/api/users/profile', headers: { authorization: `Bearer ${token}` } },
  { name: 'POST /api/auth/validate', path: '/api/auth/validate', method: 'POST', body: JSON.stringify({ token }), headers: json },
  { name: 'GET /api/docs/json (OpenAPI, gzip)', path: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } },
  { name: 'GET /api/public/blogs/published', path: '/api/public/blogs/published' },
  { name: 'GET /api/comments/blog/1', path: '/api/comments/blog/1', headers: { 'x-visitor-id': 'bench-visitor-0000001' } },
  { name: 'GET /api/appointments/public/availability', path: `/api/appointments/public/availability?date=${nextMonday()}&time=09:00&department=GYNECOLOGY` },
  { name: 'GET /api/appointments?page=1&size=20 (staff)', path: '/api/appointments?page=1&size=20', headers: { authorization: `Bearer ${token}` } },
  { name: 'GET /api/appointments/stats (staff)', path: '/api/appointments/stats', headers: { authorization: `Bearer ${token}` } },
  // argon2id is slow on purpose: this measures how many sign-ins a second one process can take.
  { name: 'POST /api/auth/login (argon2id)', path: '/api/auth/login', method: 'POST', body: JSON.stringify({ usernameOrEmail: 'staff', password: 'Staff@123' }), headers: json, connections: 4 },
];

const rows: string[][] = [];
let bare = 0;
for (const s of scenarios) {
  const r = await autocannon({
    url: base + s.path,
    method: s.method ?? 'GET',
    body: s.body,
    headers: s.headers,
    connections: s.connections ?? 20,
    duration,
  });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  ${s.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const rps = r.requests.average;
  if (!bare) bare = rps;
  rows.push([s.name, rps.toFixed(0), String(r.latency.p50), String(r.latency.p90), String(r.latency.p99), (rps / bare).toFixed(2)]);
}

const header = ['scenario', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'vs bare'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\n${database.kind}, ${duration}s a scenario, memory rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
console.log(line(header));
for (const r of rows) console.log(line(r));
await app.close();
await database.close();
