import { randomBytes, createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, migrateDatabase, openPglite, openPostgres, type Database } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

export type DbKind = 'pglite' | 'postgres';

/** Every server test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const SEED = { seedDemo: true, adminUsername: undefined, adminPassword: undefined, env: 'test' as const };

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort()) h.update(readFileSync(join(MIGRATIONS_FOLDER, f)));
  return h.update(readFileSync(new URL('../src/db/seed.ts', import.meta.url))).digest('hex').slice(0, 12);
}

// A migrated, seeded PGlite image made once per worker; every test file starts from a copy of it.
let pgliteImage: Promise<Blob> | undefined;
async function pgliteTemplate(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const database = await openPglite();
    await migrateDatabase(database);
    await seedDatabase(database.db, SEED);
    const client = (database.db as unknown as { $client: { dumpDataDir(c?: string): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir('none');
    await database.close();
    return image;
  })();
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
    // Templates of older migrations are of no more use.
    const old = await admin.query("select datname from pg_database where datname like 'clinic_tmpl_%' or datname like 'clinic_t_%'");
    for (const row of old.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database "${name}"`);
    const database = await openPostgres(withDatabase(url, name), { max: 2 });
    await migrateDatabase(database, withDatabase(url, name));
    await seedDatabase(database.db, SEED);
    await database.close();
  } finally {
    await admin.query('select pg_advisory_unlock(727002)').catch(() => {});
    await admin.end();
  }
}

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** A fresh, migrated database holding the departments and demo accounts. */
export async function createTestDatabase(kind: DbKind, options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const seeded = options.seeded ?? true;
  if (kind === 'pglite') {
    const database = seeded ? await openPglite({ loadDataDir: await pgliteTemplate() }) : await openPglite();
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
  const database = await openPostgres(dbUrl, { max: 20 });
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
