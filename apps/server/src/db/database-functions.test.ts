import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIRMED_OR_LATER_STATUSES, INACTIVE_STATUSES, UPCOMING_STATUSES } from '@clinic/shared';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases';
import { WATCHED_TABLES } from '../lib/read-cache';
import { MIGRATIONS_FOLDER, migrateDatabase, rowsOf } from './client';
import {
  DATABASE_FUNCTION_FILES,
  FUNCTIONS_FOLDER,
  readFunctionFiles,
  SHARED_LISTS,
  writeSharedLists,
} from './database-functions';

/** The migration that moved the database's logic into src/db/functions/: none after it defines any. */
const FUNCTIONS_MOVED_AT = 19;

describe('src/db/functions', () => {
  it('applies every file of the folder, each once in the stated order', () => {
    const inFolder = readdirSync(FUNCTIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect([...DATABASE_FUNCTION_FILES].sort()).toEqual(inFolder.sort());
  });

  it('writes the status lists of packages/shared into status-lists.sql, which holds none of its own', () => {
    const raw = readFileSync(join(FUNCTIONS_FOLDER, 'status-lists.sql'), 'utf8');
    // No quoted word outside the comments: a list written there by hand would be a second copy.
    expect(raw.replace(/--.*$/gm, '')).not.toMatch(/'[^']*'/);
    const { text } = readFunctionFiles().find((f) => f.file === 'status-lists.sql')!;
    expect(text.replace(/--.*$/gm, '')).not.toContain('{{');
    for (const list of [INACTIVE_STATUSES, CONFIRMED_OR_LATER_STATUSES, UPCOMING_STATUSES])
      expect(text).toContain(`SELECT ARRAY[${list.map((s) => `'${s}'`).join(', ')}]::text[]`);
  });

  it('applies status-lists.sql again when a list of packages/shared changes, and no other file', () => {
    const now = readFunctionFiles();
    const changed = readFunctionFiles(FUNCTIONS_FOLDER, { ...SHARED_LISTS, INACTIVE_STATUSES: ['CANCELLED'] });
    const differ = changed.filter((f, i) => f.sha256 !== now[i]!.sha256).map((f) => f.file);
    expect(differ).toEqual(['status-lists.sql']);
    expect(changed.find((f) => f.file === 'status-lists.sql')!.text).toContain("SELECT ARRAY['CANCELLED']::text[]");
  });

  it('refuses a name that is no shared list, and a value that is no status word', () => {
    expect(() => writeSharedLists('x.sql', 'SELECT {{NO_SUCH_STATUSES}}')).toThrow(/NO_SUCH_STATUSES/);
    expect(() => writeSharedLists('x.sql', 'SELECT {{L}}', { L: ["PAID'; drop table appointments; --"] })).toThrow(
      /x\.sql/,
    );
    expect(writeSharedLists('x.sql', 'SELECT {{L}}', { L: ['PAID', 'NO_SHOW'] })).toBe(
      "SELECT ARRAY['PAID', 'NO_SHOW']::text[]",
    );
  });

  it('is the only place that defines a function or a trigger: no migration since does', () => {
    const later = readdirSync(MIGRATIONS_FOLDER).filter(
      (f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FUNCTIONS_MOVED_AT,
    );
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) {
      expect(readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8'), file).not.toMatch(
        /create\s+(or\s+replace\s+)?(function|trigger)/i,
      );
    }
  });
});

for (const kind of dbKinds()) {
  describe(`the database's functions [${kind}]`, () => {
    let testDb: TestDatabase;
    const db = () => testDb.database.db;
    const applied = async () =>
      rowsOf<{ file: string; sha256: string }>(
        await db().execute(sql`select file, sha256 from database_function_files order by file`),
      );

    beforeAll(async () => {
      testDb = await createTestDatabase(kind, { seeded: false });
    });
    afterAll(async () => testDb?.drop());

    it('records each file it applied, applies nothing again while the files are the same, and a changed file again', async () => {
      const first = await applied();
      expect(first.map((r) => r.file).sort()).toEqual([...DATABASE_FUNCTION_FILES].sort());
      const at = rowsOf<{ t: string }>(
        await db().execute(sql`select max(applied_at)::text as t from database_function_files`),
      )[0]!.t;
      await migrateDatabase(testDb.database, testDb.url);
      expect(
        rowsOf<{ t: string }>(
          await db().execute(sql`select max(applied_at)::text as t from database_function_files`),
        )[0]!.t,
      ).toBe(at);

      // As if slot-rules.sql had been edited since it was applied: its functions are made again.
      await db().execute(sql`update database_function_files set sha256 = 'older' where file = 'slot-rules.sql'`);
      await db().execute(
        sql`drop function clinic_slot_count(date, text, text, timestamptz, text, text, integer, integer) cascade`,
      );
      await migrateDatabase(testDb.database, testDb.url);
      expect((await applied()).find((r) => r.file === 'slot-rules.sql')!.sha256).toBe(
        first.find((r) => r.file === 'slot-rules.sql')!.sha256,
      );
      const found = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from pg_proc where proname = 'clinic_slot_count'`),
      );
      expect(found[0]!.n).toBe(1);
    });

    it("answers the previous release's clinic_slot_places from clinic_slot_count, which sums taken and held", async () => {
      await db().execute(
        sql`insert into departments (code, department_name, specialty_name) values ('PLACES_TEST', 'Khoa đếm', 'Đếm')`,
      );
      await db()
        .execute(sql`insert into appointments (full_name, phone, appointment_date, appointment_time, department, search_text)
        values ('Người đếm', '0900000002', '2027-03-02', '09:00', 'PLACES_TEST', 'nguoi dem')`);
      const args = sql`'2027-03-02'::date, '09:00', 'PLACES_TEST', now(), '0900000002', null, null, null`;
      const [count] = rowsOf<Record<string, number | boolean>>(
        await db().execute(sql`select * from clinic_slot_count(${args})`),
      );
      const [places] = rowsOf<Record<string, number | boolean>>(
        await db().execute(sql`select * from clinic_slot_places(${args})`),
      );
      expect(count).toMatchObject({ booked: 1, waiting: 0, offered: 0, taken: 1, held: 1, person_holds: true });
      const { taken: _taken, held: _held, ...rest } = count!;
      expect(places).toEqual(rest);
    });

    it('writes the status lists of packages/shared, no other', async () => {
      const lists = rowsOf<{ inactive: string[]; confirmed: string[]; upcoming: string[] }>(
        await db()
          .execute(sql`select clinic_inactive_statuses() as inactive, clinic_confirmed_or_later_statuses() as confirmed,
          clinic_upcoming_statuses() as upcoming`),
      )[0]!;
      expect(lists).toEqual({
        inactive: [...INACTIVE_STATUSES],
        confirmed: [...CONFIRMED_OR_LATER_STATUSES],
        upcoming: [...UPCOMING_STATUSES],
      });
    });

    it('announces the writes of exactly the tables the read cache watches', async () => {
      const announced = rowsOf<{ table: string }>(
        await db().execute(sql`select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid where p.proname like 'clinic_notify_change%' and not t.tgisinternal`),
      ).map((r) => r.table);
      expect(announced.sort()).toEqual([...WATCHED_TABLES].sort());
    });

    it('announces an update of any column a screen may show, a column added later too, but not the delivery flags alone', async () => {
      const feed = testDb.database.changes;
      await db().execute(
        sql`insert into departments (code, department_name, specialty_name) values ('QUIET_TEST', 'Khoa thử', 'Thử')`,
      );
      const [{ id }] = rowsOf<{ id: number }>(
        await db()
          .execute(sql`insert into appointments (full_name, phone, appointment_date, appointment_time, department, search_text)
          values ('Người thử', '0900000001', '2027-03-01', '09:00', 'QUIET_TEST', 'nguoi thu') returning id`),
      ) as [{ id: number }];
      const heard = async (write: () => Promise<unknown>) => {
        const before = feed.stamp(['appointments']);
        await write();
        // PGlite hands a commit's notice over with the commit; PostgreSQL tells the writing session at once.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return feed.stamp(['appointments']) !== before;
      };
      expect(
        await heard(() =>
          db().execute(
            sql`update appointments set email_sent = true, reminder_sent = true, updated_at = now() where id = ${id}`,
          ),
        ),
      ).toBe(false);
      expect(await heard(() => db().execute(sql`update appointments set notes = 'Ghi chú' where id = ${id}`))).toBe(
        true,
      );
      await db().execute(sql`alter table appointments add column shown_later text`);
      try {
        expect(await heard(() => db().execute(sql`update appointments set shown_later = 'mới' where id = ${id}`))).toBe(
          true,
        );
      } finally {
        await db().execute(sql`alter table appointments drop column shown_later`);
      }
    });
  });
}
