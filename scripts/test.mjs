// `npm test`: every check of the project, in order. A part that cannot run here (no PostgreSQL URL,
// no Chromium) is skipped with the reason, except with CI=true, where a missing part fails the run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const only = process.argv.slice(2);

const problems = [];
const skipped = [];
let passed = 0;
let failed = 0;
const failures = [];

function need(what, present, why) {
  if (present) return true;
  if (ci) problems.push(`${what}: ${why} (required with CI=true)`);
  else skipped.push(`${what}: ${why}`);
  return false;
}

if (!env.TEST_DATABASE_URL)
  need('PostgreSQL server tests', false, 'TEST_DATABASE_URL is not set, server tests run on PGlite only');
if (!env.TEST_REDIS_URL) {
  if (ci) env.TEST_REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';
  else skipped.push('Redis rate-limit test: TEST_REDIS_URL is not set');
}
need(
  'two server processes behind nginx',
  existsSync('/usr/sbin/nginx'),
  'nginx is not installed (apt-get install nginx-light)',
);
const hasChrome = need(
  'browser journeys (e2e)',
  existsSync(chrome),
  `no Chromium at ${chrome} (set CHROME_PATH or apt-get install chromium)`,
);

// Steps in one group run at once. The first group's are independent and each mostly one core's
// work, so on two cores they take about half as long together; the later ones use every core, or
// time what they test, and run alone.
const groups = [
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['shared', 'npm', ['run', 'test', '-w', 'packages/shared']],
  ],
  [['server', 'npm', ['run', 'test', '-w', 'apps/server']]],
  [['web', 'npm', ['run', 'test', '-w', 'apps/web']]],
  ...(hasChrome ? [[['e2e', 'npm', ['run', 'test', '-w', 'e2e']]]] : []),
]
  .map((group) => group.filter(([name]) => only.length === 0 || only.includes(name)))
  .filter((group) => group.length > 0);

const ESC = String.fromCharCode(27);
const strip = (s) =>
  s
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

/** Runs a step; its output streams when it runs alone, else it is printed whole once it ends. */
function run(name, cmd, args, alone) {
  return new Promise((resolve) => {
    const header = `\n━━ ${name}: ${cmd} ${args.join(' ')}`;
    if (alone) console.log(header);
    const started = performance.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      if (alone) process.stdout.write(d);
      out += d;
    });
    child.stderr.on('data', (d) => {
      if (alone) process.stderr.write(d);
      out += d;
    });
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (!alone) process.stdout.write(`${header}\n${out}`);
      console.log(`━━ ${name}: ${code === 0 ? 'done' : 'FAILED'} in ${seconds} s`);
      resolve({ name, code: code ?? 1, out: strip(out) });
    });
  });
}

const results = [];
for (const group of groups)
  results.push(...(await Promise.all(group.map(([name, cmd, args]) => run(name, cmd, args, group.length === 1)))));

for (const { name, code, out } of results) {
  // Vitest: "Tests  3 failed | 58 passed (61)"; Playwright: "  12 passed (40s)", "  1 failed".
  const vitest = out.match(/^\s*Tests\s+(.*)$/m);
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
  } else if (name === 'e2e') {
    passed += Number(out.match(/^\s*(\d+) passed/m)?.[1] ?? 0);
    failed += Number(out.match(/^\s*(\d+) failed/m)?.[1] ?? 0);
  }
  if (code !== 0) {
    problems.push(`${name} failed (exit code ${code})`);
    // The failing tests' names, so the summary at the end of a long log says which ones failed.
    // With each, the first line of its error (vitest prints it below the FAIL line).
    const named = out
      .split('\n')
      .filter(
        (line) =>
          /^\s*(FAIL\s|×\s|✘\s)/.test(line) || /^\s+\d+\) \[/.test(line) || /^\s*(\w*Error|Error):\s/.test(line),
      );
    for (const line of [...new Set(named.map((l) => l.trim().slice(0, 240)))].slice(0, 30))
      failures.push(`${name}: ${line}`);
  }
}

console.log('\n━━ summary');
for (const s of skipped) console.log(`skipped  ${s}`);
for (const p of problems) console.log(`FAILED   ${p}`);
for (const f of failures) console.log(`  ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
