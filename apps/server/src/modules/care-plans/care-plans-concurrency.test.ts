import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARE_PLAN_MSG } from '@clinic/shared';
import {
  buildSecondProcess,
  buildTestApp,
  fixedClock,
  type SecondProcess,
  type TestContext,
} from '../../../test/build-app';
import { bookedInSlot, call, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { appointments, carePlans } from '../../db/schema';

// PGlite has one connection, so requests never overlap there: races only show on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'care plans started at once, two server processes on one database',
  () => {
    let t: TestContext;
    let s: Sessions;
    let other: SecondProcess;
    let templateId: number;
    const clock = fixedClock(MONDAY_9AM);

    beforeAll(async () => {
      t = await buildTestApp('postgres', { clock, env: { RATE_LIMIT_PUBLIC: '10000' } });
      other = await buildSecondProcess(t);
      s = await signInAll(t.app);
      const res = await call(t.app, s.admin, 'POST', '/api/care-plans/templates', {
        name: 'Chu kỳ tranh chỗ',
        kind: 'FERTILITY',
        anchors: ['CYCLE_START'],
        milestones: [
          { key: 'baseline', label: 'Siêu âm đầu chu kỳ', department: 'FERTILITY', from: 2, to: 3 },
          { key: 'follicle', label: 'Siêu âm nang noãn', department: 'FERTILITY', from: 7, to: 8 },
        ],
      });
      templateId = res.json().template.id;
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    it('50 plans competing for the same slots: each all or none, no slot over its capacity', async () => {
      // Two kinds of plan share the middle slot: P books Wed 5 May and Mon 10 May, Q Mon 10 May and Sat 15 May
      // (each slot holds 3), so a plan can lose either of its visits to the other kind.
      const S1 = { appointmentDate: '2027-05-05', appointmentTime: '09:00', department: 'FERTILITY' };
      const S2 = { appointmentDate: '2027-05-10', appointmentTime: '09:00', department: 'FERTILITY' };
      const S3 = { appointmentDate: '2027-05-15', appointmentTime: '09:00', department: 'FERTILITY' };
      const plan = (i: number) => {
        const p = i % 2 === 0;
        return {
          templateId,
          anchor: 'CYCLE_START',
          anchorDate: p ? '2027-05-04' : '2027-05-09',
          fullName: `Khách ${i}`,
          phone: `0944${String(i).padStart(6, '0')}`,
          email: null,
          consentInPerson: true,
          visits: [
            { key: 'baseline', date: (p ? S1 : S2).appointmentDate, time: '09:00' },
            { key: 'follicle', date: (p ? S2 : S3).appointmentDate, time: '09:00' },
          ],
        };
      };
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call([t.app, other.app][i % 2]!, s.staff, 'POST', '/api/care-plans', plan(i)),
        ),
      );
      const db = t.testDb.database.db;
      const started = responses.filter((r) => r.statusCode === 201);
      expect(started.length).toBeGreaterThan(0);
      for (const r of responses) expect([201, 409], r.body).toContain(r.statusCode);
      for (const r of responses.filter((x) => x.statusCode === 409))
        expect(r.json().message).toContain(CARE_PLAN_MSG.slotTaken);
      for (let i = 0; i < 50; i++) {
        const { phone } = plan(i);
        const booked = await db.select().from(appointments).where(eq(appointments.phone, phone));
        const plans = await db.select().from(carePlans).where(eq(carePlans.phone, phone));
        // All or none: both visits and the plan, or nothing at all.
        expect([booked.length, plans.length]).toEqual(responses[i]!.statusCode === 201 ? [2, 1] : [0, 0]);
      }
      for (const slot of [S1, S2, S3]) expect(await bookedInSlot(db, slot)).toBeLessThanOrEqual(3);
      expect(await bookedInSlot(db, S2)).toBe(3);
    });
  },
);
