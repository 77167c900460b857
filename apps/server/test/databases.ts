import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openPglite,
  openPostgres,
  type Database,
  type OpenOptions,
} from '../src/db/client';
import { readFunctionFiles } from '../src/db/database-functions';
import { seedDatabase } from '../src/seed';

export type DbKind = 'pglite' | 'postgres';

/** Every server test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const SEED = { seedDemo: true, adminUsername: undefined, adminPassword: undefined, env: 'test' as const };
/** The templates' demo appointments sit around this day, whatever the date of the run: the same data every time. */
export const SEED_NOW = new Date('2026-01-15T02:00:00Z');

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(readFileSync(join(MIGRATIONS_FOLDER, f)));
  // The database's functions, applied after the migrations.
  for (const f of readFunctionFiles()) h.update(f.file).update(f.sha256);
  // The seed and its demo content (src/seed/*.ts, src/seed/assets/) shape the template too.
  const seedDir = new URL('../src/seed/', import.meta.url);
  for (const f of readdirSync(seedDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort())
    h.update(readFileSync(new URL(f, seedDir)));
  const assets = new URL('../src/seed/assets/', import.meta.url);
  for (const f of readdirSync(assets).sort()) h.update(f).update(readFileSync(new URL(f, assets)));
  return h.digest('hex').slice(0, 12);
}

/** Where the migrated, seeded PGlite image is kept between test files (a fresh PGlite costs seconds of WebAssembly). */
function pgliteImageFile(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = join(
    entry.slice(0, entry.lastIndexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length),
    'package.json',
  );
  const version = JSON.parse(readFileSync(packageJson, 'utf8')).version as string;
  return join(tmpdir(), 'clinic-test-templates', `pglite-${version}-${migrationsHash()}.tar`);
}

/** Builds the PGlite image once per set of migrations and seed (global setup calls it before the workers start). */
export async function preparePgliteTemplate(): Promise<Buffer> {
  const file = pgliteImageFile();
  try {
    return readFileSync(file);
  } catch {
    // Not built yet (or removed meanwhile): build it.
  }
  const database = await openPglite();
  await migrateDatabase(database);
  await seedDatabase(database.db, SEED, SEED_NOW);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: string): Promise<Blob> } }).$client;
  const image = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  const dir = join(tmpdir(), 'clinic-test-templates');
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, image);
  renameSync(partial, file);
  // Images of older migrations are of no more use; a day's grace for other checkouts running now.
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (path !== file && stat && Date.now() - stat.mtimeMs > 86_400_000) rmSync(path, { force: true });
  }
  return image;
}

// Every test file starts from a copy of the image.
let pgliteImage: Promise<Blob> | undefined;
async function pgliteTemplate(): Promise<Blob> {
  pgliteImage ??= preparePgliteTemplate().then((image) => new Blob([image]));
  return pgliteImage;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function templateName(): string {
  return `clinic_tmpl_${migrationsHash()}`;
}

export async function preparePostgresTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727002)');
    const name = templateName();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    // Templates of older migrations, and test databases that a stopped run left, are of no more use
    // once they are hours old. Never sooner nor forced: another checkout may be running its own
    // tests on this server right now, from its own template.
    const old = await admin.query(
      `select datname from pg_database
        where (datname like 'clinic_tmpl_%' or datname like 'clinic_t_%')
          and (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '6 hours'`,
    );
    for (const row of old.rows) await admin.query(`drop database if exists "${row.datname}"`).catch(() => {});
    await admin.query(`create database "${name}"`);
    const database = await openPostgres(withDatabase(url, name), { max: 2 });
    await migrateDatabase(database, withDatabase(url, name));
    await seedDatabase(database.db, SEED, SEED_NOW);
    await database.close();
  } finally {
    await admin.query('select pg_advisory_unlock(727002)').catch(() => {});
    await admin.end();
  }
}

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** A fresh, migrated database holding the departments and demo accounts. */
export async function createTestDatabase(
  kind: DbKind,
  options: { seeded?: boolean } & OpenOptions = {},
): Promise<TestDatabase> {
  const seeded = options.seeded ?? true;
  if (kind === 'pglite') {
    const open = { ...(options.logger ? { logger: options.logger } : {}) };
    const database = seeded
      ? await openPglite({ loadDataDir: await pgliteTemplate(), ...open })
      : await openPglite(open);
    if (!seeded) await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `clinic_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (seeded) {
      await preparePostgresTemplate();
      await admin.query(`create database "${name}" template "${templateName()}"`);
    } else {
      await admin.query(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const dbUrl = withDatabase(url, name);
  const database = await openPostgres(dbUrl, { max: 20, ...(options.logger ? { logger: options.logger } : {}) });
  if (!seeded) await migrateDatabase(database, dbUrl);
  return {
    database,
    url: dbUrl,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await c.end();
    },
  };
}
