import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogVerification } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { dbKinds } from '../../../test/databases';
import { MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { openDatabase, openPostgres, rowsOf, servingRoleProblems, type Database } from '../../db/client';
import { recordAccess } from './access-log.service';
import { applyRetention } from './retention.service';

/**
 * Issue 34, defect 6: the access log cannot be changed unnoticed by anyone holding the server's
 * credentials. Every record is chained to the one before it by a hash the database computes; the
 * check names the first record a change broke; on PostgreSQL the serving role may only add and read.
 */
const NOW = new Date(MONDAY_9AM).getTime();
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000);
const staff = { id: 2, username: 'staff', role: 'STAFF' as const };

for (const kind of dbKinds()) {
  describe(`the access log's chain [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const db = () => t.app.deps.db;
    const verify = async (): Promise<AccessLogVerification> => {
      const res = await t.app.inject({
        url: '/api/privacy/access-log/verify',
        headers: { authorization: `Bearer ${s.admin.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const ids = async () =>
      rowsOf<{ id: number }>(await db().execute(sql`select id from access_records order by chain_seq`)).map((r) =>
        Number(r.id),
      );
    /** As the owner (a superuser can): the guard off for one statement. */
    const asOwner = async (statement: ReturnType<typeof sql>, trigger = 'access_records_immutable') => {
      await db().execute(sql.raw(`alter table access_records disable trigger ${trigger}`));
      try {
        await db().execute(statement);
      } finally {
        await db().execute(sql.raw(`alter table access_records enable trigger ${trigger}`));
      }
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM) });
      s = await signInAll(t.app);
      // Names as people write them: accents, quotes, a backslash, a line break.
      const names = ['Nguyễn Thị Ánh', 'O"Brien \\ test', 'dòng một\ndòng hai', null];
      for (const [i, name] of names.entries())
        await recordAccess(t.app.deps, {
          actor: { ...staff, username: name ?? 'staff' },
          target: 'PATIENT_DETAIL',
          outcome: i % 2 ? 'REFUSED' : 'READ',
          subjectEmail: `chain${i}@example.com`,
          address: '10.0.0.1',
        });
    });
    afterAll(async () => t?.close());

    it('links every record, whatever the INSERT said, and an untouched log verifies intact', async () => {
      // A forged place and hash are replaced by the trigger's.
      await db().execute(sql`insert into access_records (accessed_at, target, outcome, chain_seq, prev_hash, hash)
        values (${new Date(NOW).toISOString()}, 'APPOINTMENT_DETAIL', 'READ', 999, 'forged', 'forged')`);
      // A retention record that claims a cut the purge did not make is refused.
      const forgedCut = sql`insert into access_records (accessed_at, target, outcome, records_removed, chain_resumes_from)
        values (${new Date(NOW).toISOString()}, 'ACCESS_LOG', 'PURGED', 3, ${'f'.repeat(64)})`;
      await expect(db().execute(forgedCut)).rejects.toThrow();
      const rows = rowsOf<{ chain_seq: number; hash: string }>(
        await db().execute(sql`select chain_seq, hash from access_records order by chain_seq`),
      );
      expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_r, i) => i + 1));
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
      const result = await verify();
      expect(result).toMatchObject({ intact: true, checked: rows.length, broken: null, head: rows.at(-1)!.hash });
      expect(result.checked).toBe(5);
      expect(result.message).toContain('nguyên vẹn');
    });

    it('names the record whose field was changed', async () => {
      const middle = (await ids())[2]!;
      await asOwner(sql`update access_records set subject_email = 'someone@example.com' where id = ${middle}`);
      expect(await verify()).toMatchObject({ intact: false, broken: { id: middle, reason: 'CHANGED' } });
      await asOwner(sql`update access_records set subject_email = 'chain2@example.com' where id = ${middle}`);
      expect((await verify()).intact).toBe(true);
    });

    it('names the record after one deleted in the middle, the first kept when the oldest went, the last kept when the newest went', async () => {
      const all = await ids();
      await db().execute(sql.raw('create table kept_access_records as select * from access_records'));
      const restore = async () => {
        await asOwner(sql`delete from access_records`);
        await asOwner(
          sql.raw('insert into access_records overriding system value select * from kept_access_records'),
          'user',
        );
        expect((await verify()).intact).toBe(true);
      };
      try {
        await asOwner(sql`delete from access_records where id = ${all[2]!}`);
        expect(await verify()).toMatchObject({ intact: false, broken: { id: all[3], reason: 'MISSING_BEFORE' } });
        await restore();
        await asOwner(sql`delete from access_records where id = ${all[0]!}`);
        expect(await verify()).toMatchObject({ intact: false, broken: { id: all[1], reason: 'START_REMOVED' } });
        await restore();
        await asOwner(sql`delete from access_records where id = ${all.at(-1)!}`);
        expect(await verify()).toMatchObject({ intact: false, broken: { id: all.at(-2), reason: 'END_REMOVED' } });
        await restore();
      } finally {
        await db().execute(sql.raw('drop table kept_access_records'));
      }
    });

    it('names a record added while the chain was off', async () => {
      await asOwner(
        sql`insert into access_records (accessed_at, target, outcome) values (${new Date(NOW).toISOString()}, 'PATIENT_DETAIL', 'READ')`,
        'access_records_chained',
      );
      const [added] = rowsOf<{ id: number }>(
        await db().execute(sql`select id from access_records where chain_seq is null`),
      );
      expect(await verify()).toMatchObject({ intact: false, broken: { id: added!.id, reason: 'NOT_CHAINED' } });
      await asOwner(sql`delete from access_records where chain_seq is null`);
      expect((await verify()).intact).toBe(true);
    });
  });

  describe(`the retention purge keeps the chain verifiable [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    const clock = fixedClock(MONDAY_9AM);
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
    });
    afterAll(async () => t?.close());

    it('cuts the oldest part with a record of its own; a cut made by hand is named', async () => {
      const db = t.app.deps.db;
      const before = Number(
        rowsOf<{ n: number }>(await db.execute(sql`select count(*) as n from access_records`))[0]!.n,
      );
      expect(before).toBe(0);
      for (const days of [900, 800, 10, 5])
        await recordAccess(
          { db, clock: fixedClock(daysAgo(days).toISOString()) },
          { actor: staff, target: 'APPOINTMENT_DETAIL', outcome: 'READ', address: null },
        );
      const run = await applyRetention({ ...t.app.deps, clock });
      expect(run.accessRecordsRemoved).toBe(2);
      const rows = rowsOf<{ id: number; target: string; outcome: string; records_removed: number | null }>(
        await db.execute(sql`select id, target, outcome, records_removed from access_records order by chain_seq`),
      );
      expect(rows.map((r) => [r.target, r.outcome, r.records_removed])).toEqual([
        ['APPOINTMENT_DETAIL', 'READ', null],
        ['APPOINTMENT_DETAIL', 'READ', null],
        ['ACCESS_LOG', 'PURGED', 2],
      ]);
      const verify = async () =>
        (
          await t.app.inject({
            url: '/api/privacy/access-log/verify',
            headers: { authorization: `Bearer ${s.admin.token}` },
          })
        ).json() as AccessLogVerification;
      expect(await verify()).toMatchObject({ intact: true, checked: 3 });
      // Removed by hand, not by the job: the oldest kept record no longer chains from where the job cut.
      await db.execute(sql.raw('alter table access_records disable trigger access_records_immutable'));
      await db.execute(sql`delete from access_records where id = ${rows[0]!.id}`);
      await db.execute(sql.raw('alter table access_records enable trigger access_records_immutable'));
      expect(await verify()).toMatchObject({ intact: false, broken: { id: rows[1]!.id, reason: 'START_REMOVED' } });
    });
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('the serving role on PostgreSQL (DATABASE_OWNER_URL)', () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const suffix = randomBytes(4).toString('hex');
  const serving = `clinic_serving_${suffix}`;
  const tableOwner = `clinic_owner_${suffix}`;
  const dbName = `clinic_t_roles_${suffix}`;
  const urlOf = (user: string) => {
    const u = new URL(admin);
    u.username = user;
    u.pathname = `/${dbName}`;
    return u.toString();
  };
  let owner: Database;
  let served: Database;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database "${dbName}"`);
    await c.query(`create role "${serving}" login`);
    await c.query(`create role "${tableOwner}" login`);
    await c.end();
    // As production starts: migrated by the owner (here the superuser), served by a role of its own.
    served = await openDatabase({
      databaseUrl: urlOf(serving),
      databaseOwnerUrl: urlOf(new URL(admin).username),
      dataDir: '/tmp/clinic-test-unused',
      env: 'production',
    });
    owner = await openPostgres(urlOf(new URL(admin).username), { max: 2 });
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    await owner?.close();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.query(`drop role if exists "${serving}"`);
    await c.query(`drop role if exists "${tableOwner}"`);
    await c.end();
  });

  it('may add to the access log and read it, and nothing else: no trigger off, no function replaced, no update, delete or truncate', async () => {
    await recordAccess(
      { db: served.db, clock: fixedClock(MONDAY_9AM) },
      { actor: staff, target: 'PATIENT_DETAIL', outcome: 'READ', address: null },
    );
    const refused = [
      'alter table access_records disable trigger access_records_immutable',
      'alter table access_records disable trigger access_records_chained',
      `create or replace function clinic_access_records_guard() returns trigger language plpgsql as $$ begin return old; end $$`,
      `create or replace function clinic_access_record_hash(r access_records) returns text language sql as $$ select r.hash $$`,
      'delete from access_records',
      `update access_records set actor_name = 'someone'`,
      'truncate access_records',
      `update access_log_chain set hash = 'x'`,
      'drop table access_records',
    ];
    // drizzle wraps PostgreSQL's error: its cause says why.
    const refusal = (statement: string) =>
      served.db.execute(sql.raw(statement)).then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    for (const statement of refused)
      expect(await refusal(statement), statement).toMatch(/must be owner|permission denied/);
    expect(refused.length).toBe(9);
    const [row] = rowsOf<{ n: number; chained: number }>(
      await owner.db.execute(sql`select count(*) as n, count(chain_seq) as chained from access_records`),
    );
    expect(Number(row!.n)).toBe(1);
    expect(Number(row!.chained)).toBe(1);
    // The retention purge still runs: with the owner's rights, within its own rules.
    await expect(
      served.db.execute(sql`select clinic_purge_access_records(${daysAgo(730).toISOString()}::timestamptz, now())`),
    ).resolves.toBeDefined();
    expect(await servingRoleProblems(served.db)).toEqual([]);
  });

  it('refuses to start in production on a role that owns the access log or is a superuser', async () => {
    expect((await servingRoleProblems(owner.db)).join('; ')).toMatch(/superuser.*owns access_records/);
    const c = new pg.Client({ connectionString: urlOf(new URL(admin).username) });
    await c.connect();
    await c.query(`alter table access_records owner to "${tableOwner}"`);
    await c.end();
    const start = openDatabase({
      databaseUrl: urlOf(tableOwner),
      databaseOwnerUrl: urlOf(new URL(admin).username),
      dataDir: '/tmp/clinic-test-unused',
      env: 'production',
    });
    await expect(start).rejects.toThrow(/could change the access log: the role clinic_owner_\w+ owns access_records/);
  }, 60_000);
});
