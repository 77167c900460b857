import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES } from '@clinic/shared';
import { rowsOf } from '../db/client';
import { countUsers, findUserByLogin } from '../modules/users/users.repository';
import { listDepartments } from '../modules/departments/departments.repository';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases';
import { seedDatabase } from './index';

for (const kind of dbKinds()) {
  // Seeding the demo books some 300 visits through the booking call: seconds, more on a busy machine.
  describe(`seedDatabase [${kind}]`, { timeout: 120_000 }, () => {
    let testDb: TestDatabase | undefined;
    afterEach(async () => {
      await testDb?.drop();
      testDb = undefined;
    });

    it('creates the eight departments and the demo accounts once, one doctor per department', async () => {
      testDb = await createTestDatabase(kind, { seeded: false });
      const db = testDb.database.db;
      const config = {
        seedDemo: true,
        adminUsername: undefined,
        adminPassword: undefined,
        env: 'development' as const,
      };
      const first = await seedDatabase(db, config);
      expect(first).toMatchObject({ departments: true, demoAccounts: true });
      const second = await seedDatabase(db, config);
      expect(second).toMatchObject({ departments: false, demoAccounts: false });

      const departments = await listDepartments(db);
      expect(departments.map((d) => d.code)).toEqual([
        'REPRODUCTIVE_HEALTH',
        'GYNECOLOGY',
        'OBSTETRICS',
        'FAMILY_PLANNING',
        'STI_TESTING',
        'FERTILITY',
        'GENERAL_PRACTICE',
        'GENERAL_MEDICINE',
      ]);
      expect(departments.every((d) => d.slotCapacity === 3)).toBe(true);
      expect(await countUsers(db)).toBe(11);
      expect((await findUserByLogin(db, 'doctor'))?.specialty).toBe('GENERAL_PRACTICE');
      expect((await findUserByLogin(db, 'doctor8'))?.specialty).toBe('GENERAL_MEDICINE');
      expect((await findUserByLogin(db, 'admin'))?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('books the demo visits through the one booking call: a department’s capacity holds, each visit has its trail', async () => {
      testDb = await createTestDatabase(kind, { seeded: false });
      const db = testDb.database.db;
      const config = {
        seedDemo: false,
        adminUsername: undefined,
        adminPassword: undefined,
        env: 'development' as const,
      };
      await seedDatabase(db, config);
      // A clinic that takes one patient per slot: the demo, which puts up to two in a slot, must keep to it.
      await db.execute(sql`update departments set slot_capacity = 1`);
      await seedDatabase(db, { ...config, seedDemo: true });

      const fuller = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from appointments where status not in ('CANCELLED', 'NO_SHOW')
            group by appointment_date, appointment_time, department having count(*) > 1`,
        ),
      );
      expect(fuller).toEqual([]);
      const [made] = rowsOf<{ visits: number; created: number; statuses: number }>(
        await db.execute(
          sql`select count(*)::int as visits, count(distinct status)::int as statuses,
              (select count(*)::int from appointment_events where action = 'CREATED') as created
            from appointments`,
        ),
      );
      expect(made!.visits).toBeGreaterThan(100);
      expect(made!.created).toBe(made!.visits);
      expect(made!.statuses).toBe(APPOINTMENT_STATUSES.length);
    });

    it('in production seeds no demo account and creates the first administrator from the environment', async () => {
      testDb = await createTestDatabase(kind, { seeded: false });
      const db = testDb.database.db;
      const report = await seedDatabase(db, {
        seedDemo: false,
        adminUsername: 'chief',
        adminPassword: 'Chief#2026pw',
        env: 'production',
      });
      expect(report).toMatchObject({ demoAccounts: false, adminFromEnv: 'chief' });
      expect(await countUsers(db)).toBe(1);
      expect((await findUserByLogin(db, 'chief'))?.role).toBe('ADMIN');
      expect(await findUserByLogin(db, 'patient')).toBeUndefined();
    });

    it('refuses to start production with no administrator and nothing to make one from', async () => {
      testDb = await createTestDatabase(kind, { seeded: false });
      await expect(
        seedDatabase(testDb.database.db, {
          seedDemo: false,
          adminUsername: undefined,
          adminPassword: undefined,
          env: 'production',
        }),
      ).rejects.toThrow(/ADMIN_USERNAME/);
    });
  });
}
