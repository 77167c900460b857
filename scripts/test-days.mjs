// `npm run test:days`: the server suites that read "today", run as if now were four other instants
// of the clinic's time (Asia/Ho_Chi_Minh): a Saturday at 16:45, a Sunday at 23:50, the last day of
// a month and 31 December, each the next one from the real today. CLOCK_OFFSET_MS moves the test
// process's Date (apps/server/test/clock-setup.ts) and the clock of every server process a test
// starts (config.ts); the database's rules take the service clock's instant, never its own now().
//
//   npm run test:days                                  the four instants, the suites below
//   npm run test:days -- --at=2027-02-27T16:45+07:00   one instant of your choice (repeatable)
//   npm run test:days -- src/modules/dashboard         other files (paths under apps/server)
//   npm run test:days -- --hookTimeout=300000          any other option goes to vitest (a busy machine)
//
// TEST_DATABASE_URL (and TEST_REDIS_URL) run them on PostgreSQL too, as for `npm test`.
import { spawn } from 'node:child_process';

const SUITES = [
  'src/modules/appointments/booking/public-booking.test.ts',
  'src/modules/appointments/booking/appointments-made.test.ts',
  'src/modules/appointments/booking/bookings-together.test.ts',
  'src/modules/appointments/booking/day-places.test.ts',
  'src/modules/appointments/booking/time-zones.test.ts',
  'src/modules/appointments/booking/desk-booking.test.ts',
  'src/modules/appointments/life-cycle/staff-calls.test.ts',
  'src/modules/appointments/waiting-list/waiting-list.test.ts',
  'src/modules/appointments/deposits/deposit-holds.test.ts',
  'src/modules/appointments/reminders/reminders.test.ts',
  'src/modules/appointments/private-link/manage-link.test.ts',
  'src/modules/appointments/claims/claims.test.ts',
  'src/modules/appointments/life-cycle/examination.test.ts',
  'src/modules/appointments/lists/pending-approvals.test.ts',
  'src/modules/appointments/calendar-feed/calendar-feed.test.ts',
  'src/modules/dashboard/dashboard.test.ts',
  'src/modules/messaging/messaging.test.ts',
  'src/modules/privacy/privacy.test.ts',
  'src/modules/auth/auth-rate-limit.test.ts',
  'src/plugins/metrics.test.ts',
  'test/main.test.ts',
  'test/faults.test.ts',
  'test/processes.test.ts',
  // Last, so a worker has run the clock's setup before several files when it reaches this one.
  'test/clock-setup.test.ts',
];

const ZONE_OFFSET = '+07:00'; // Asia/Ho_Chi_Minh has no daylight saving time

/** YYYY-MM-DD of the clinic's today. */
function clinicToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
}

function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day from tomorrow on that `fits`. */
function nextDay(fits) {
  for (let day = addDays(clinicToday(), 1); ; day = addDays(day, 1)) if (fits(day)) return day;
}

const weekday = (day) => new Date(`${day}T00:00:00Z`).getUTCDay();
const lastOfMonth = (day) => addDays(day, 1).slice(8) === '01';

function defaultInstants() {
  return [
    ['a Saturday at 16:45', `${nextDay((d) => weekday(d) === 6)}T16:45:00${ZONE_OFFSET}`],
    ['a Sunday at 23:50', `${nextDay((d) => weekday(d) === 0)}T23:50:00${ZONE_OFFSET}`],
    ['the last day of a month', `${nextDay((d) => lastOfMonth(d) && !d.endsWith('-12-31'))}T16:45:00${ZONE_OFFSET}`],
    ['31 December', `${nextDay((d) => d.endsWith('-12-31'))}T23:50:00${ZONE_OFFSET}`],
  ];
}

const args = process.argv.slice(2);
const chosen = args.filter((a) => a.startsWith('--at=')).map((a) => [a.slice(5), a.slice(5)]);
const files = args.filter((a) => !a.startsWith('--'));
const options = args.filter((a) => a.startsWith('--') && !a.startsWith('--at='));
const instants = chosen.length ? chosen : defaultInstants();
for (const [, at] of instants)
  if (Number.isNaN(Date.parse(at))) throw new Error(`not an instant: ${at} (e.g. 2027-02-27T16:45+07:00)`);

function run(offsetMs) {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--root', 'apps/server', ...options, ...(files.length ? files : SUITES)],
      {
        stdio: 'inherit',
        env: { ...process.env, CLOCK_OFFSET_MS: String(offsetMs) },
      },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const results = [];
for (const [name, at] of instants) {
  const offsetMs = Date.parse(at) - Date.now();
  console.log(`\n=== ${name}: now is ${at} (CLOCK_OFFSET_MS=${offsetMs}) ===\n`);
  const started = Date.now();
  const code = await run(offsetMs);
  results.push(`${code === 0 ? 'passed' : 'FAILED'}  ${name} (${at}), ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log(`\n${results.join('\n')}`);
process.exit(results.every((r) => r.startsWith('passed')) ? 0 : 1);
