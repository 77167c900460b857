// `node --import tsx bench/explain-lists.ts postgres://…/clinic_bench [--offset]`
//
// EXPLAIN (ANALYZE, BUFFERS) of the appointment lists' deep pages and name sorts, on a database a
// `npm run bench -- --db … --appointments 1000000 --keep` left. Each case is read through the
// server's own code (appointmentPage); every statement it runs is recorded and explained, and its
// execution time printed. `--offset` reads as before keyset paging: counted from the start, no
// cursor, no reading from the end (the "before" figures of docs/PERFORMANCE.md).
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { openPostgres } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { HISTORY_STATUSES, type AppointmentSort } from '@clinic/shared';
import { appointmentPage } from '../src/modules/appointments/lists/queries.service';
import {
  listAppointmentViews,
  type AppointmentFilter,
} from '../src/modules/appointments/lists/appointment-lists.repository';

const url = process.argv[2];
if (!url) throw new Error('usage: explain-lists.ts postgres://…/clinic_bench [--offset]');
const offsetOnly = process.argv.includes('--offset');

let recording: { sql: string; params: unknown[] }[] | null = null;
const logger: Logger = {
  logQuery(sql, params) {
    recording?.push({ sql, params });
  },
};
const database = await openPostgres(url, { logger, max: 2 });
const deps = { db: database.db, clock: systemClock, timeZone: 'Asia/Ho_Chi_Minh' };
const client = new pg.Client({ connectionString: url });
await client.connect();

const closed: AppointmentFilter = { statuses: [...HISTORY_STATUSES] };
type Case = { name: string; filter: AppointmentFilter; order: AppointmentSort; page: number; fromPage?: number };
const cases: Case[] = [
  { name: 'Booking Manager page 40,000 (createdAt desc)', filter: {}, order: 'createdAt:desc', page: 40_000 },
  {
    name: 'Booking Manager page 40,000, from page 39,999 (cursor)',
    filter: {},
    order: 'createdAt:desc',
    page: 40_000,
    fromPage: 39_999,
  },
  { name: 'Booking Manager page 25,000 (the middle)', filter: {}, order: 'createdAt:desc', page: 25_000 },
  { name: 'Booking Manager name sort, page 1', filter: {}, order: 'fullName:asc', page: 1 },
  { name: 'Booking Manager name sort, page 40,000', filter: {}, order: 'fullName:asc', page: 40_000 },
  {
    name: 'Booking Manager name sort, page 40,000 from page 39,999 (cursor)',
    filter: {},
    order: 'fullName:asc',
    page: 40_000,
    fromPage: 39_999,
  },
  { name: 'Booking History page 1 (date desc)', filter: closed, order: 'appointmentDate:desc', page: 1 },
  { name: 'Booking History page 30,000 (date desc)', filter: closed, order: 'appointmentDate:desc', page: 30_000 },
  {
    name: 'Booking History page 30,000 from page 29,999 (cursor)',
    filter: closed,
    order: 'appointmentDate:desc',
    page: 30_000,
    fromPage: 29_999,
  },
  { name: 'Booking History name sort, page 1', filter: closed, order: 'fullName:asc', page: 1 },
  { name: 'Booking History name sort desc, page 1', filter: closed, order: 'fullName:desc', page: 1 },
  {
    name: 'Booking History name sort, CANCELLED, GYNECOLOGY, page 1',
    filter: { statuses: ['CANCELLED'], department: 'GYNECOLOGY' },
    order: 'fullName:asc',
    page: 1,
  },
  {
    name: 'Booking History name sort, CANCELLED, page 2,000 from page 1,999 (cursor)',
    filter: { statuses: ['CANCELLED'] },
    order: 'fullName:asc',
    page: 2_000,
    fromPage: 1_999,
  },
  {
    name: 'Booking History search "nguyen thi", name sort',
    filter: { text: 'nguyen thi' },
    order: 'fullName:asc',
    page: 1,
  },
  { name: 'Booking Manager search "nguyen", name sort', filter: { text: 'nguyen' }, order: 'fullName:asc', page: 1 },
];

async function explain(statement: { sql: string; params: unknown[] }) {
  const res = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`, statement.params);
  const plan = (
    res.rows[0] as {
      'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }];
    }
  )['QUERY PLAN'][0];
  return plan;
}

const size = 20;
// The front desk reads the lists (a record kept restricted shows as such; issue 26).
const STAFF = { id: 0, username: 'bench', role: 'STAFF' as const };
for (const c of cases) {
  if (offsetOnly && c.fromPage) continue;
  let cursor: string | undefined;
  if (c.fromPage && !offsetOnly) {
    cursor = (await appointmentPage(deps, STAFF, c.filter, { page: c.fromPage, size }, c.order)).cursor ?? undefined;
  }
  recording = [];
  const started = performance.now();
  if (offsetOnly) {
    const [sort, dir] = c.order.split(':') as ['fullName', 'asc'];
    await listAppointmentViews(deps.db, c.filter, { limit: size, offset: (c.page - 1) * size, sort, dir });
  } else {
    await appointmentPage(deps, STAFF, c.filter, { page: c.page, size, cursor }, c.order);
  }
  const wall = performance.now() - started;
  const statements = recording;
  recording = null;
  console.log(`\n## ${c.name}: ${wall.toFixed(1)} ms through the code`);
  for (const s of statements) {
    const plan = await explain(s);
    const blocks = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
    console.log(
      `  ${plan['Execution Time'].toFixed(2).padStart(9)} ms  ${String(blocks).padStart(7)} buffers  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
  if (process.argv.includes('--plans')) {
    const main = statements.reduce((a, b) => (a.sql.length > b.sql.length ? a : b));
    const res = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${main.sql}`, main.params);
    console.log(res.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
}
await client.end();
await database.close();
