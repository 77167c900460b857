import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WAITING_STATUSES } from './schemas';
import { APPOINTMENT_STATUSES, CONFIRMED_UPCOMING_STATUSES, UNVISITED_STATUSES } from './statuses';

/**
 * Each subset of statuses is written once, here in packages/shared, under a name that says what it
 * means (statuses.ts, OPEN_WAITING_STATUSES in schemas.ts); the server and the browser import it. A list
 * of two statuses or more written by hand anywhere else (an array, an `inArray`, an SQL `in (…)`) is a
 * second copy of a rule, and fails here.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCANNED = ['apps/server/src', 'apps/web/src'];
/** Tests and the migrations (run once, never edited) keep their own literal lists. */
const skipped = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('/db/migrations/');

const STATUS = [...new Set<string>([...APPOINTMENT_STATUSES, ...WAITING_STATUSES])].join('|');
/** Two status literals, one after the other with only a comma between: part of a hand-written list. */
const PAIR = new RegExp(`(['"\`])(${STATUS})\\1(?=\\s*,\\s*(['"\`])(${STATUS})\\3)`, 'g');

/** Where a text lists two different statuses by hand: the line and the pair. */
function handWrittenLists(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(PAIR)) {
    // The same word twice is no list: a step of the demo seed is an action and the status it leads to (NO_SHOW, NO_SHOW).
    if (m[2] === m[4]) continue;
    found.push(`${text.slice(0, m.index).split('\n').length}: ${m[2]}, ${m[4]}`);
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => {
    const path = join(folder, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !skipped(path) ? [path] : [];
  });
}

describe('the status lists are written once, in packages/shared', () => {
  it('finds a list written by hand, in TypeScript or in SQL, across lines too', () => {
    expect(handWrittenLists("inArray(appointments.status, ['CANCELLED', 'NO_SHOW'])")).toEqual([
      '1: CANCELLED, NO_SHOW',
    ]);
    expect(handWrittenLists("const x = 1;\nsql`where ${w.status} in ('WAITING','OFFERED')`")).toEqual([
      '2: WAITING, OFFERED',
    ]);
    expect(handWrittenLists('[\n  "CONFIRMED",\n  "PAID",\n]')).toEqual(['2: CONFIRMED, PAID']);
    expect(handWrittenLists("['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED']")).toHaveLength(2);
  });

  it('leaves alone what is no list of statuses', () => {
    expect(handWrittenLists("a.status === 'PAID'")).toEqual([]);
    expect(handWrittenLists("['NO_SHOW', 'NO_SHOW']")).toEqual([]);
    expect(handWrittenLists("['ASSIGN_DOCTOR', 'AWAITING_DOCTOR_APPROVAL']")).toEqual([]);
    expect(handWrittenLists("inArray(paymentAttempts.status, ['PAID', 'REFUND_DUE'])")).toEqual([]);
    expect(handWrittenLists('inArray(appointments.status, [...UNVISITED_STATUSES])')).toEqual([]);
  });

  it('names, among others, the lists the server and the browser once wrote by hand', () => {
    // The doctor's today offers notes and no-show on these; the retention purge takes these.
    expect(CONFIRMED_UPCOMING_STATUSES).toEqual(['CONFIRMED', 'PAYMENT_REQUESTED', 'PAID']);
    expect([...UNVISITED_STATUSES].sort()).toEqual(['AWAITING_DOCTOR_APPROVAL', 'CANCELLED', 'NO_SHOW', 'PENDING']);
  });

  it('has no hand-written list of statuses in the server or the browser', () => {
    const files = SCANNED.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      handWrittenLists(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
