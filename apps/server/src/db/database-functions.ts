import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIRMED_OR_LATER_STATUSES, INACTIVE_STATUSES, UPCOMING_STATUSES } from '@clinic/shared';
import { quotedList } from './sql-lists';

/**
 * The database's logic (functions and triggers) lives in src/db/functions/, one file per subject
 * holding the current body of each of its functions: the migrations hold tables, indexes and data
 * changes. After the migrations, under the same lock, each file whose text changed since it was last
 * applied is run again (its statements are idempotent: CREATE OR REPLACE), in this order: a file may
 * use what the files before it define.
 */
export const DATABASE_FUNCTION_FILES = [
  // The appointment status lists of packages/shared (SHARED_LISTS), for the rules below.
  'status-lists.sql',
  // The announcement of every write to a table a kept read depends on.
  'change-notices.sql',
  // Patient Control's rows and the people's locks.
  'patient-summaries.sql',
  // The counts and Patient Control's rows kept on every write to appointments.
  'appointment-triggers.sql',
  // What decides whether a slot has a place.
  'slot-rules.sql',
  // The one call that makes appointments.
  'appointments-made.sql',
  // The e-mail outbox's guard for rows kept as their data.
  'outbox.sql',
  // The access log's guard: rows are only added, but for the retention purge.
  'access-records.sql',
  // Last: drops the functions the files above no longer use.
  'retired.sql',
] as const;

export const FUNCTIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'functions');

/**
 * The lists of packages/shared the database's rules use, each defined there once. A function file
 * names one as `{{NAME}}`, and reading the file writes the list in its place as an SQL text array
 * (ARRAY[…]::text[]): the database holds no copy kept by hand, and a list changed in packages/shared
 * changes the file's text and hash, so the next start applies it again.
 */
export const SHARED_LISTS: Readonly<Record<string, readonly string[]>> = {
  INACTIVE_STATUSES,
  CONFIRMED_OR_LATER_STATUSES,
  UPCOMING_STATUSES,
};

/** A file's text with each `{{NAME}}` replaced by that list of `lists`; an unknown name, or a value that is no status word, throws. */
export function writeSharedLists(file: string, text: string, lists = SHARED_LISTS): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const list = Object.hasOwn(lists, name) ? lists[name]! : undefined;
    if (!list || list.length === 0) throw new Error(`src/db/functions/${file}: {{${name}}} is no list of SHARED_LISTS`);
    // Status words only: nothing to quote, nothing to escape.
    const bad = list.find((v) => !/^[A-Z][A-Z_]*$/.test(v));
    if (bad !== undefined) throw new Error(`src/db/functions/${file}: {{${name}}} holds ${JSON.stringify(bad)}`);
    return `ARRAY[${quotedList(list)}]::text[]`;
  });
}

export type FunctionFile = { file: string; text: string; sha256: string };

/** Each file as the database runs it: the lists of packages/shared written in (writeSharedLists), and its hash. */
export function readFunctionFiles(folder = FUNCTIONS_FOLDER, lists = SHARED_LISTS): FunctionFile[] {
  return DATABASE_FUNCTION_FILES.map((file) => {
    const text = writeSharedLists(file, readFileSync(join(folder, file), 'utf8'), lists);
    return { file, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** How the caller runs SQL: a script of several statements, and a query that answers rows. */
export type ScriptRunner = {
  exec(script: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
};

/**
 * Applies every file whose text the database has not run yet, each in its own transaction with the
 * record of its hash. The caller holds the migration lock (PostgreSQL) or is alone (PGlite). Answers
 * the files it applied.
 */
export async function applyDatabaseFunctions(runner: ScriptRunner, files = readFunctionFiles()): Promise<string[]> {
  const recorded = new Map(
    (await runner.rows<{ file: string; sha256: string }>('select file, sha256 from database_function_files')).map(
      (r) => [r.file, r.sha256],
    ),
  );
  const applied: string[] = [];
  for (const f of files) {
    if (recorded.get(f.file) === f.sha256) continue;
    await runner.exec('begin');
    try {
      // The file name and hash come from this list and a hex digest: nothing to quote.
      await runner.exec(
        `${f.text}\n;insert into database_function_files (file, sha256, applied_at) values ('${f.file}', '${f.sha256}', now())` +
          ' on conflict (file) do update set sha256 = excluded.sha256, applied_at = excluded.applied_at',
      );
      await runner.exec('commit');
    } catch (err) {
      await runner.exec('rollback').catch(() => {});
      throw new Error(`src/db/functions/${f.file}: ${(err as Error).message}`, { cause: err });
    }
    applied.push(f.file);
  }
  return applied;
}
