import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  ASSIGNABLE_ROLES,
  clinicMoment,
  GENDER_LABELS,
  GENDERS,
  isDateString,
  isValidEmail,
  isValidUsername,
  ROLE_LABELS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED_COLUMNS,
  USER_LIMITS,
  USER_MSG,
  type Gender,
  type ImportResult,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { BadRequestError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { listSpecialties } from '../departments/departments.service';
import { findAccountsHolding, insertImportedUser, type ImportedUser } from './users-import.repository';
import { buildUserImportTemplate } from './users-import.template';
import { ImportTooLargeError, readFirstSheet, type CellContent, type SheetRow } from './users-import.workbook';

export { ImportTooLargeError };
export { TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE } from './users-import.template';

export type ImportDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'> & {
  /** Told of a row that failed for a reason of the server's (the row is reported as not created). */
  logError?: (err: unknown, row: number) => void;
  /** Rows not started within this many milliseconds of the upload are left for another import. */
  timeBudgetMs?: number;
};

type Column = (typeof USER_IMPORT_COLUMNS)[number];
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
type Specialty = { code: string; displayName: string };

/** An account a row asks for, once its cells have passed every rule. */
export type ImportCandidate = {
  row: number;
  fullName: string;
  username: string;
  email: string;
  birth: string | null;
  gender: Gender;
  role: AssignableRole;
  specialty: string | null;
};

/**
 * Passwords are hashed this many at a time: argon2 is slow on purpose (about 10 ms a row on one
 * core) and runs in libuv's pool of four threads. One a core, never more than the pool, so a
 * sign-in waits for at most a hash or so.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
/**
 * 1,000 rows take about 10 s on two cores. On a busy server the rows not started after this long
 * are reported instead of keeping the request open past a proxy's usual 60 s timeout.
 */
export const IMPORT_TIME_BUDGET_MS = 45_000;

// ---------------------------------------------------------------- reading cells

/** 'Full Name', 'full_name', 'FullName ' and 'Full name*' are the same header. */
const headerKey = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_*.-]+/g, '');
const wordKey = (text: string) => text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

const isoOfDate = (d: Date) =>
  `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/** A cell as text; a date cell where text is expected reads as its ISO date. */
function textOf(cell: CellContent | undefined): string {
  if (cell === undefined) return '';
  return cell instanceof Date ? isoOfDate(cell) : cell.normalize('NFC').trim();
}

const GENDER_WORDS = new Map<string, Gender>(
  GENDERS.flatMap(
    (g) =>
      [
        [g.toLowerCase(), g],
        [wordKey(GENDER_LABELS[g]), g],
      ] as const,
  ),
);
const ROLE_WORDS = new Map<string, AssignableRole>(
  ASSIGNABLE_ROLES.flatMap(
    (r) =>
      [
        [r.toLowerCase(), r],
        [wordKey(ROLE_LABELS[r]), r],
      ] as const,
  ),
);
const ADMIN_WORDS = new Set(['admin', wordKey(ROLE_LABELS.ADMIN)]);

/** An Excel date cell, 'YYYY-MM-DD' or 'DD/MM/YYYY' text; null when empty, undefined when not a date. */
export function readBirth(cell: CellContent | undefined): string | null | undefined {
  if (cell === undefined || cell === '') return null;
  if (cell instanceof Date) return isoOfDate(cell);
  const pad = (n: string) => n.padStart(2, '0');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(cell);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (dmy) return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  return undefined;
}

type RowContext = { columns: Map<Column, number>; today: string; specialties: Map<string, string> };

/**
 * One row read: every problem of it (not only the first, so one pass fixes the file), its user name
 * and e-mail when they are well formed (they count for duplicates even when something else is wrong),
 * and the account it asks for when nothing is.
 */
export type ParsedRow = {
  row: number;
  username: string | null;
  email: string | null;
  problems: string[];
  candidate: ImportCandidate | null;
};

export function parseImportRow(row: SheetRow, ctx: RowContext): ParsedRow {
  const cell = (column: Column) => {
    const index = ctx.columns.get(column);
    return index === undefined ? undefined : row.cells[index];
  };
  const problems: string[] = [];

  const fullName = textOf(cell('Full Name')).replace(/\s+/g, ' ');
  if (!fullName) problems.push(USER_MSG.fullNameRequired);
  else if (fullName.length > USER_LIMITS.fullName) problems.push(USER_MSG.fullNameTooLong);

  const username = textOf(cell('Username'));
  const usernameOk = isValidUsername(username);
  if (!username) problems.push(USER_MSG.usernameRequired);
  else if (!usernameOk) problems.push(USER_MSG.usernameInvalid);

  // An e-mail cell is often a link, and its text sometimes keeps the link's scheme.
  const email = textOf(cell('Email'))
    .replace(/^mailto:/i, '')
    .toLowerCase();
  const emailOk = email.length <= USER_LIMITS.email && isValidEmail(email);
  if (!email) problems.push(USER_MSG.emailRequired);
  else if (!emailOk) problems.push(USER_MSG.emailInvalid);

  const birth = readBirth(cell('Birth Date'));
  if (
    birth === undefined ||
    (birth !== null && !(isDateString(birth) && birth >= USER_LIMITS.birthMin && birth <= ctx.today))
  ) {
    problems.push(USER_MSG.birthInvalid);
  }

  const genderText = wordKey(textOf(cell('Gender')));
  const gender = genderText ? GENDER_WORDS.get(genderText) : 'MALE';
  if (!gender) problems.push(USER_MSG.genderInvalid);

  const roleText = wordKey(textOf(cell('Role')));
  const role = roleText ? ROLE_WORDS.get(roleText) : 'PATIENT';
  if (!role) problems.push(ADMIN_WORDS.has(roleText) ? USER_MSG.importAdminRefused : USER_MSG.roleInvalid);

  // A specialty belongs to doctors only; for any other role the column is ignored.
  let specialty: string | null = null;
  if (role === 'DOCTOR') {
    const specialtyText = wordKey(textOf(cell('Specialty')));
    if (!specialtyText) problems.push(USER_MSG.specialtyRequired);
    else {
      specialty = ctx.specialties.get(specialtyText) ?? null;
      if (!specialty) problems.push(USER_MSG.specialtyUnknown);
    }
  }

  const candidate =
    problems.length || !gender || !role || birth === undefined
      ? null
      : { row: row.number, fullName, username, email, birth, gender, role, specialty };
  return {
    row: row.number,
    username: usernameOk ? username : null,
    email: emailOk ? email : null,
    problems,
    candidate,
  };
}

/** Header texts to column numbers; the columns may come in any order. */
function locateColumns(header: SheetRow): Map<Column, number> {
  const wanted = new Map(USER_IMPORT_COLUMNS.map((c) => [headerKey(c), c]));
  const columns = new Map<Column, number>();
  header.cells.forEach((content, index) => {
    const column = wanted.get(headerKey(textOf(content)));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return columns;
}

function specialtyLookup(specialties: Specialty[]): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const s of specialties) {
    lookup.set(wordKey(s.code), s.code);
    if (!lookup.has(wordKey(s.displayName))) lookup.set(wordKey(s.displayName), s.code);
  }
  return lookup;
}

// ---------------------------------------------------------------- the import

/** Runs `task` over `items`, at most `concurrency` at a time. */
async function eachWithConcurrency<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * POST /users/import: creates an account for every valid row of the first sheet, and tells each
 * refused row's number and why. The password is the user name (specification section 5
 * "Import"), to be changed at first sign-in (docs/PRODUCT.md §5).
 */
export async function importUsers(deps: ImportDeps, bytes: Buffer): Promise<ImportResult> {
  const deadline = performance.now() + (deps.timeBudgetMs ?? IMPORT_TIME_BUDGET_MS);
  if (bytes.length > USER_LIMITS.importMaxBytes) throw new ImportTooLargeError();
  const rows = await readFirstSheet(bytes);

  const [header, ...rest] = rows;
  if (!header) throw new BadRequestError(USER_MSG.importEmpty, 'IMPORT_EMPTY');
  const columns = locateColumns(header);
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) throw new BadRequestError(USER_MSG.importMissingColumns(missing), 'IMPORT_MISSING_COLUMNS');
  // A row with something only in columns the import does not read (a note) has no account in it.
  const dataRows = rest.filter((row) => [...columns.values()].some((index) => textOf(row.cells[index]) !== ''));
  if (dataRows.length === 0) throw new BadRequestError(USER_MSG.importEmpty, 'IMPORT_EMPTY');
  if (dataRows.length > USER_LIMITS.importMaxRows)
    throw new BadRequestError(USER_MSG.importTooManyRows, 'IMPORT_TOO_MANY_ROWS');

  const ctx: RowContext = {
    columns,
    today: clinicMoment(deps.clock.now(), deps.timeZone).date,
    specialties: specialtyLookup(await listSpecialties(deps.db)),
  };
  const parsed = dataRows.map((row) => parseImportRow(row, ctx));
  const problems = new Map<number, string[]>();
  for (const p of parsed) if (p.problems.length) problems.set(p.row, p.problems);
  const refuse = (row: number, message: string) => problems.set(row, [...(problems.get(row) ?? []), message]);

  // Within the file: the first row to give a user name or e-mail has it; a later row repeats it.
  const firstUsername = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  const unique: ParsedRow[] = [];
  for (const p of parsed) {
    const earlierUsername = p.username === null ? undefined : firstUsername.get(p.username.toLowerCase());
    const earlierEmail = p.email === null ? undefined : firstEmail.get(p.email);
    if (p.username !== null && earlierUsername === undefined) firstUsername.set(p.username.toLowerCase(), p.row);
    if (p.email !== null && earlierEmail === undefined) firstEmail.set(p.email, p.row);
    if (earlierUsername !== undefined) refuse(p.row, USER_MSG.importDuplicateInFile('Username', earlierUsername));
    if (earlierEmail !== undefined) refuse(p.row, USER_MSG.importDuplicateInFile('Email', earlierEmail));
    if (earlierUsername === undefined && earlierEmail === undefined) unique.push(p);
  }

  // Against the accounts already there. Sign-in takes a user name or an e-mail, so neither may
  // equal another account's user name or e-mail.
  const keys = [
    ...new Set(unique.flatMap((p) => [p.username?.toLowerCase(), p.email]).filter((k): k is string => !!k)),
  ];
  const taken = new Set<string>();
  for (const account of await findAccountsHolding(deps.db, keys))
    taken.add(account.username.toLowerCase()).add(account.email.toLowerCase());
  for (const p of unique) {
    if (p.username !== null && taken.has(p.username.toLowerCase())) refuse(p.row, USER_MSG.usernameTaken);
    if (p.email !== null && taken.has(p.email)) refuse(p.row, USER_MSG.emailTaken);
  }
  const toCreate = unique.flatMap((p) => (p.candidate && !problems.has(p.row) ? [p.candidate] : []));

  const created: (ImportedUser & { row: number })[] = [];
  await eachWithConcurrency(toCreate, HASH_CONCURRENCY, async (c) => {
    if (performance.now() > deadline) return void refuse(c.row, USER_MSG.importTimedOut);
    try {
      const outcome = await insertImportedUser(deps.db, {
        username: c.username,
        email: c.email,
        passwordHash: await hashPassword(c.username),
        fullName: c.fullName,
        birth: c.birth,
        gender: c.gender,
        role: c.role,
        specialty: c.specialty,
        active: true,
        mustChangePassword: true,
      });
      if ('user' in outcome) created.push({ row: c.row, ...outcome.user });
      else
        refuse(
          c.row,
          { username: USER_MSG.usernameTaken, email: USER_MSG.emailTaken, specialty: USER_MSG.specialtyUnknown }[
            outcome.conflict
          ],
        );
    } catch (err) {
      // The other rows go on; this one is reported as not created.
      deps.logError?.(err, c.row);
      refuse(c.row, USER_MSG.createFailed);
    }
  });

  const errors = [...problems]
    .map(([row, messages]) => ({ row, message: messages.join('; ') }))
    .sort((a, b) => a.row - b.row);
  created.sort((a, b) => a.row - b.row);
  return {
    successCount: created.length,
    failedCount: errors.length,
    errors,
    created: created.map(({ row, id, username, email, role }) => ({ row, id, username, email, role })),
    message: USER_MSG.importSummary(created.length, errors.length),
  };
}

/** GET /users/import/template: the columns, two example rows and the allowed values of this clinic. */
export async function buildImportTemplate(deps: Pick<AppDeps, 'db'>): Promise<Buffer> {
  return buildUserImportTemplate(await listSpecialties(deps.db));
}
