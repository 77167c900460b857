import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { appointments } from '../db/schema';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases';
import { seedAppointment } from '../../test/appointments';
import { finishDemoAppointments } from '../modules/appointments/sample-data/demo-seed.repository';

for (const kind of dbKinds()) {
  // The demo's visits get what their later steps left (notes, a cancel's reason, the e-mails sent) in one
  // statement: some 300 single updates, each firing the appointments' statement triggers, made the seed slow.
  describe(`the demo visits' later steps [${kind}]`, () => {
    let testDb: TestDatabase;
    let recorded: string[] | null = null;
    beforeAll(async () => {
      testDb = await createTestDatabase(kind, { logger: { logQuery: (query) => recorded?.push(query) } });
    });
    afterAll(async () => testDb?.drop());

    it('writes every row as given, in one statement', async () => {
      const db = testDb.database.db;
      const a = await seedAppointment(db, { status: 'COMPLETED' });
      const b = await seedAppointment(db, { status: 'CANCELLED' });
      const c = await seedAppointment(db, { status: 'CONFIRMED' });
      const at = (ms: number) => new Date(Date.UTC(2026, 0, 10, 3, 4, 5, ms));
      const rows = [
        {
          id: a.id,
          notes: 'Khám "định kỳ"; it\'s fine\nline 2',
          cancelReason: null,
          doctorResponse: 'Đồng ý',
          emailSent: true,
          reminderSent: true,
          updatedAt: at(123),
        },
        {
          id: b.id,
          notes: null,
          cancelReason: 'Bận việc đột xuất',
          doctorResponse: null,
          emailSent: true,
          reminderSent: false,
          updatedAt: at(7),
        },
      ];
      recorded = [];
      await finishDemoAppointments(db, rows);
      const statements = recorded;
      recorded = null;
      expect(statements.filter((q) => /^\s*update\b/i.test(q))).toHaveLength(1);

      const after = await db
        .select()
        .from(appointments)
        .where(inArray(appointments.id, [a.id, b.id, c.id]));
      const byId = new Map(after.map((r) => [r.id, r]));
      for (const r of rows) expect(byId.get(r.id)).toMatchObject(r);
      // Another visit is left as it was.
      expect(byId.get(c.id)).toMatchObject({ notes: c.notes, emailSent: c.emailSent, updatedAt: c.updatedAt });
      await finishDemoAppointments(db, []);
    });
  });
}
