import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ChangeFeed } from '../lib/read-cache';
import { applyDatabaseFunctions } from './database-functions';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Whether `db` is a transaction (both drivers' are drizzle's PgTransaction), not the pool's database. */
export function isTransaction(db: Db): boolean {
  return (db as unknown) instanceof PgTransaction;
}

const inThisThread = new WeakSet<object>();

/**
 * Whether `db` is the embedded PGlite (not a transaction of it), which runs each query in this
 * process's thread: while it runs, no request is read.
 */
export function runsInThisThread(db: Db): boolean {
  return inThisThread.has(db);
}

/** The rows of a raw `db.execute`: node-postgres answers { rows }, PGlite too. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The writes the database announces (functions/change-notices.sql): what read caches listen to. */
  changes: ChangeFeed;
  /** Answers when the database answers. */
  ping(): Promise<void>;
  /** The connection pool's use now, on PostgreSQL (PGlite has one connection in the process, no pool). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
};

export type PoolUse = {
  max: number;
  total: number;
  idle: number;
  /** Requests waiting for a connection now. */
  waiting: number;
  /** Times since the start a request found every connection busy. */
  waits: number;
};

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The channel functions/change-notices.sql notifies, with the changed table's name and transaction. */
export const CHANGES_CHANNEL = 'clinic_changes';

// Any stable number: every process that migrates takes this lock first, so two never migrate at once.
const MIGRATION_LOCK_ID = 727_001;
const SEED_LOCK_ID = 727_002;

/**
 * Said on every connection of this release: it renders the e-mails the outbox keeps as their data
 * (functions/outbox.sql). A process of an earlier release would send them empty, so its claim of one fails.
 */
const RENDERS_KEPT_EMAILS = 'SET clinic.renders_kept_emails = on';

/**
 * Said on every pooled PostgreSQL connection besides: it hears its own writes (functions/change-notices.sql). Each
 * write to an announced table then sends this session a notice (SQLSTATE OWN_WRITE_NOTICE) saying
 * what its NOTIFY says; client_min_messages is set so that a database's own setting cannot hide it.
 */
const HEARS_OWN_WRITES = 'SET clinic.hears_own_writes = on; SET client_min_messages = notice';
const OWN_WRITE_NOTICE = 'CL001';

/** What opening a database may be given besides its place: a logger sees every query (kept-reads.test.ts audits them). */
export type OpenOptions = { logger?: Logger };

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } & OpenOptions = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // The trigram search indexes need it (migration search_and_collation).
    extensions: { pg_trgm },
  });
  await client.exec(RENDERS_KEPT_EMAILS);
  const db = drizzlePglite({ client, schema, ...(options.logger ? { logger: options.logger } : {}) });
  inThisThread.add(db);
  // PGlite hands a commit's notifications over before the commit's own promise settles: a request
  // that wrote reads its own write, never a cached value from before it.
  const changes = new ChangeFeed();
  await client.listen(CHANGES_CHANNEL, (table) => changes.changed(table));
  changes.listening();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

// Each query as a named statement, parsed once per connection: PostgreSQL then skips the parse on
// every later run and, after five runs, plans it once (a generic plan) when that plan is no worse.
// At 100,000 appointments, planning a Booking Manager page took longer (0.8–2.3 ms) than running it
// (0.2 ms). Only data statements are named; a connection keeps at most MAX_PREPARED of them, so
// queries whose text varies (an IN list of n ids) cannot fill a server's memory.
const MAX_PREPARED = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= 4 * MAX_PREPARED) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown };

export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // pg's overloads cannot be restated one by one; the arguments pass through unchanged but for the name.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const c = config as QueryConfigLike | null;
    if (
      c &&
      typeof c === 'object' &&
      typeof c.text === 'string' &&
      c.name === undefined &&
      c.submit === undefined &&
      PREPARABLE.test(c.text)
    ) {
      const name = statementName(c.text);
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED) {
        this.#prepared.add(name);
        config = { ...c, name };
      }
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}

export async function openPostgres(url: string, options: { max?: number } & OpenOptions = {}): Promise<Database> {
  const changes = new ChangeFeed();
  const heard = (n: pg.Notification) => {
    if (n.channel === CHANGES_CHANNEL && n.payload) changes.changed(n.payload);
  };
  // A pooled connection hears its own writes, before the commit that makes them returns: the
  // database's notices say what the transaction wrote, and the transaction's end (ReadyForQuery,
  // idle again) hands them to the feed. A request then never reads a page kept from before its own
  // write. A rolled-back write is heard too, which only ends some kept pages early. Pooled
  // connections do not LISTEN: PostgreSQL wakes every listening session on each commit, and ten per
  // process cost each booking's call more than its own checks (docs/PERFORMANCE.md).
  class OwnWritesClient extends PreparingClient {
    #written: string[] = [];

    constructor(config?: pg.ClientConfig) {
      super(config);
      this.connection.on('notice', (msg: { code?: string; message?: string }) => {
        if (msg.code === OWN_WRITE_NOTICE && msg.message) this.#written.push(msg.message);
      });
      // Before the client hands the query's result over: whoever awaited it runs after the feed moved.
      this.connection.prependListener('readyForQuery', (msg: { status?: string }) => {
        if (msg.status !== 'I' || this.#written.length === 0) return;
        for (const notice of this.#written) changes.changed(notice);
        this.#written = [];
      });
    }

    // pg-pool connects with a callback; anyone else awaits the promise. Both wait for the settings.
    override connect(...args: unknown[]): never {
      const callback = args[0] as ((err?: Error) => void) | undefined;
      const connected = (super.connect() as Promise<unknown>)
        .then(() => super.query(`${RENDERS_KEPT_EMAILS}; ${HEARS_OWN_WRITES}`) as Promise<unknown>)
        .then(() => this);
      if (!callback) return connected as never;
      connected.then(
        () => callback(),
        (err: Error) => callback(err),
      );
      return undefined as never;
    }
  }
  // A request waits at most 5 s for a connection (a database out of reach answers 503, not never).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    Client: OwnWritesClient,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  // Counted for /metrics: a checkout (every query outside a transaction takes one too) that finds
  // every connection busy waits in the pool's queue.
  const max = options.max ?? 10;
  let waits = 0;
  const checkout = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (pool.idleCount === 0 && pool.totalCount >= max) waits += 1;
    return checkout(...args);
  }) as typeof pool.connect;
  // Other processes' writes arrive on a connection of its own, kept open and opened again when lost.
  const listener = await listenForChanges(url, changes, heard);
  const db = drizzlePg({ client: pool, schema, ...(options.logger ? { logger: options.logger } : {}) });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    changes,
    async ping() {
      await pool.query('select 1');
    },
    poolUse: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, waits }),
    async close() {
      await listener.stop();
      await pool.end();
    },
  };
}

async function listenForChanges(
  url: string,
  changes: ChangeFeed,
  heard: (n: pg.Notification) => void,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      changes.deaf();
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
    };
    client.on('notification', heard);
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (!lost && !stopped) changes.listening();
    } catch {
      onLost();
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      changes.deaf();
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Held by the seed's transaction: processes starting together on an empty database (a first
 * deployment of several) seed one after the other, and the later one finds the data there.
 */
export async function holdSeedLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
}

/**
 * The migrations (tables, indexes, data), then the database's functions and triggers
 * (src/db/functions/, database-functions.ts). On PostgreSQL one dedicated connection holds an advisory
 * lock for both, so processes starting together migrate one after the other.
 */
export async function migrateDatabase(
  database: Database,
  databaseUrl?: string,
  options: { servingRole?: string } = {},
): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await applyDatabaseFunctions({
      exec: async (script) => void (await client.exec(script)),
      rows: async <T>(query: string) => (await client.query<T>(query)).rows,
    });
    return;
  }
  if (!databaseUrl) throw new Error('migrateDatabase: a PostgreSQL database needs its URL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    await applyDatabaseFunctions({
      exec: async (script) => void (await client.query(script)),
      rows: async <T>(query: string) => (await client.query(query)).rows as T[],
    });
    if (options.servingRole) await grantServingRole(client, options.servingRole);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/**
 * What the role that serves requests is given by the owner after each migration (issue 34): every
 * table's rows, but the access log only to add to and read, its chain's head only to read, and the
 * record of applied database functions not at all. It owns nothing, so it can neither drop a trigger
 * nor replace a function.
 */
export async function grantServingRole(client: { query(text: string): Promise<unknown> }, role: string) {
  const r = pg.escapeIdentifier(role);
  await client.query(`
    GRANT USAGE ON SCHEMA public TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
    REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON access_records FROM ${r};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON access_log_chain FROM ${r};
    REVOKE ALL ON database_function_files FROM ${r};
  `);
}

/**
 * Why the role serving on `db` could change the access log unnoticed, in production words; empty
 * when it cannot (it owns neither table nor is a member of their owner, is no superuser and holds
 * no UPDATE, DELETE, TRUNCATE or TRIGGER on them).
 */
export async function servingRoleProblems(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select current_user as role,
           (select rolsuper from pg_roles where rolname = current_user) as superuser,
           c.relname as "table",
           pg_has_role(current_user, c.relowner, 'MEMBER') as owns,
           array_remove(array[
             case when has_table_privilege(current_user, c.oid, 'UPDATE') then 'UPDATE' end,
             case when has_table_privilege(current_user, c.oid, 'DELETE') then 'DELETE' end,
             case when has_table_privilege(current_user, c.oid, 'TRUNCATE') then 'TRUNCATE' end,
             case when has_table_privilege(current_user, c.oid, 'TRIGGER') then 'TRIGGER' end
           ], null) as rights
      from pg_class c
     where c.oid in ('access_records'::regclass, 'access_log_chain'::regclass)
     order by c.relname desc`);
  const rows = rowsOf<{ role: string; superuser: boolean; table: string; owns: boolean; rights: string[] }>(result);
  const problems: string[] = [];
  if (rows[0]?.superuser) problems.push(`the role ${rows[0].role} is a superuser`);
  for (const row of rows) {
    if (row.owns) problems.push(`the role ${row.role} owns ${row.table} (or is a member of its owner)`);
    else if (row.rights.length) problems.push(`the role ${row.role} may ${row.rights.join(', ')} ${row.table}`);
  }
  return problems;
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  databaseOwnerUrl?: string | undefined;
  dataDir: string;
  env?: string;
}): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  try {
    if (config.databaseUrl && config.databaseOwnerUrl) {
      // Migrated by the owner; the serving role (DATABASE_URL's) is then granted what it serves with.
      const role = rowsOf<{ role: string }>(await database.db.execute(sql`select current_user as role`))[0]!.role;
      await migrateDatabase(database, config.databaseOwnerUrl, { servingRole: role });
    } else {
      await migrateDatabase(database, config.databaseUrl);
    }
    // Issue 34: in production whoever holds the server's credentials must not be able to rewrite
    // the access log; PGlite (one embedded user, no network) is out of this.
    if (config.env === 'production' && database.kind === 'postgres') {
      const problems = await servingRoleProblems(database.db);
      if (problems.length)
        throw new Error(
          `DATABASE_URL's role could change the access log: ${problems.join('; ')}. ` +
            'Serve with a role of its own and migrate with the owner in DATABASE_OWNER_URL (docs/DEPLOYMENT.md).',
        );
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
