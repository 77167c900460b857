import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { APPOINTMENT_MSG, APPOINTMENT_SORTS, type AppointmentSort } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, MONDAY_9AM, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';
import { appointments } from '../../../db/schema';
import { encodeCursor, listHash } from './page-cursor';

type Item = {
  id: number;
  fullName: string;
  status: string;
  appointmentDate: string;
  appointmentTime: string;
  createdAt: string;
};
type Page = { items: Item[]; total: number; page: number; totalPages: number; cursor?: string | null };

/**
 * Issue 29: a deep page is read from the cursor of the page on screen (keyset), or from the end of
 * the order, and must be the very rows counting from the start gives: for every sort, with ties on
 * names, dates and creation instants, from a cursor before, after or on the page, with filters.
 */
for (const kind of dbKinds()) {
  describe(`Deep pages: page N by cursor is page N by offset [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // A month of its own, far from the demo data: the range filter holds exactly these rows.
    const RANGE = 'from=2031-06-01&to=2031-06-30';
    const NAMES = ['Trùng Tên', 'Ánh Dương', 'Trùng Tên', 'Đào Thị Bé', 'Bảo Anh', 'Trùng Tên'];
    const STATUSES = ['COMPLETED', 'CANCELLED', 'NO_SHOW', 'PENDING'] as const;
    const CREATED = [new Date('2031-05-01T01:00:00.123456Z'), new Date('2031-05-02T01:00:00Z')];
    const ROWS = 23;

    const get = async (url: string) => {
      const res = await call(t.app, s.staff, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as Page;
    };
    const ids = (p: Page) => p.items.map((i) => i.id);

    beforeAll(async () => {
      t = await buildTestApp(kind, { clock: fixedClock(MONDAY_9AM) });
      s = await signInAll(t.app);
      for (let i = 0; i < ROWS; i++) {
        await seedAppointment(t.testDb.database.db, {
          fullName: NAMES[i % NAMES.length]!,
          appointmentDate: `2031-06-0${2 + (i % 3)}`,
          appointmentTime: i % 2 === 0 ? '09:00' : '14:00',
          status: STATUSES[i % STATUSES.length]!,
          department: i % 5 === 0 ? 'OBSTETRICS' : 'GYNECOLOGY',
          // Three in four share a creation instant (microseconds and all), every other one an update instant.
          createdAt: CREATED[i % 4 === 0 ? 1 : 0]!,
          updatedAt: CREATED[i % 2]!,
        });
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Every page of `size` asked for every way: by number alone, and from the cursor of each page. */
    async function expectEveryWayTheSame(base: string, size: number) {
      const all = await get(`${base}&size=100`);
      expect(all.items.length).toBeGreaterThan(size);
      const pages = Math.ceil(all.items.length / size);
      const expected = (n: number) => ids(all).slice((n - 1) * size, n * size);
      const cursors: string[] = [];
      for (let n = 1; n <= pages; n++) {
        const plain = await get(`${base}&size=${size}&page=${n}`);
        expect(ids(plain), `${base} page ${n}`).toEqual(expected(n));
        expect(plain.total).toBe(all.total);
        cursors.push(plain.cursor!);
      }
      for (let n = 1; n <= pages; n++) {
        for (let from = 1; from <= pages; from++) {
          const url = `${base}&size=${size}&page=${n}&cursor=${cursors[from - 1]}`;
          const viaCursor = await get(url);
          expect(ids(viaCursor), `page ${n} from page ${from}'s cursor: ${url}`).toEqual(expected(n));
          expect(viaCursor.page).toBe(n);
        }
      }
      // Past the last page: nothing, whichever way.
      expect(ids(await get(`${base}&size=${size}&page=${pages + 1}&cursor=${cursors[pages - 1]}`))).toEqual([]);
      return all;
    }

    it('gives the same rows for every sort of the list, ties broken on id', async () => {
      for (const sort of APPOINTMENT_SORTS as readonly AppointmentSort[]) {
        const all = await expectEveryWayTheSame(`/api/appointments?${RANGE}&sort=${sort}`, 5);
        expect(all.items).toHaveLength(ROWS);
      }
      // The ties themselves: equal names (and equal creation instants) in id order, the sort's way.
      const byName = await get(`/api/appointments?${RANGE}&sort=fullName:asc&size=100`);
      const twins = byName.items.filter((i) => i.fullName === 'Trùng Tên').map((i) => i.id);
      expect(twins.length).toBeGreaterThan(10);
      expect(twins).toEqual([...twins].sort((a, b) => a - b));
      const newest = await get(`/api/appointments?${RANGE}&sort=createdAt:desc&size=100`);
      const sameInstant = newest.items.filter((i) => i.createdAt === newest.items.at(-1)!.createdAt).map((i) => i.id);
      expect(sameInstant.length).toBeGreaterThan(10);
      expect(sameInstant).toEqual([...sameInstant].sort((a, b) => b - a));
    });

    it('gives the same rows with filters, a search and Booking History', async () => {
      await expectEveryWayTheSame(
        `/api/appointments?${RANGE}&status=COMPLETED,CANCELLED,PENDING&sort=fullName:desc`,
        4,
      );
      await expectEveryWayTheSame(`/api/appointments?${RANGE}&department=GYNECOLOGY&sort=status:asc`, 3);
      await expectEveryWayTheSame(`/api/appointments?${RANGE}&q=trung%20ten&sort=fullName:asc`, 2);
      await expectEveryWayTheSame(`/api/appointments?${RANGE}&q=trung%20ten&sort=appointmentDate:desc`, 3);
      const history = `/api/appointments/history?period=custom&${RANGE}`;
      for (const sort of ['appointmentDate:desc', 'fullName:asc', 'fullName:desc', 'status:desc', 'id:asc']) {
        const all = await expectEveryWayTheSame(`${history}&sort=${sort}`, 4);
        expect(all.items.every((i) => ['COMPLETED', 'CANCELLED', 'NO_SHOW'].includes(i.status))).toBe(true);
      }
      await expectEveryWayTheSame(`${history}&status=CANCELLED&sort=fullName:asc`, 2);
    });

    it('reads from the start when the cursor is of another list, or its row has gone', async () => {
      const base = `/api/appointments?${RANGE}&sort=fullName:asc&size=4`;
      const other = await get(`/api/appointments?${RANGE}&sort=createdAt:desc&size=4&page=3`);
      const all = await get(`/api/appointments?${RANGE}&sort=fullName:asc&size=100`);
      expect(ids(await get(`${base}&page=2&cursor=${other.cursor}`))).toEqual(ids(all).slice(4, 8));
      // Another page size is another list too.
      const wider = await get(`/api/appointments?${RANGE}&sort=fullName:asc&size=5&page=2`);
      expect(ids(await get(`${base}&page=3&cursor=${wider.cursor}`))).toEqual(ids(all).slice(8, 12));

      const second = await get(`${base}&page=2`);
      const gone = second.items.at(-1)!.id;
      await t.testDb.database.db.delete(appointments).where(eq(appointments.id, gone));
      const now = ids(await get(`/api/appointments?${RANGE}&sort=fullName:asc&size=100`));
      expect(now).not.toContain(gone);
      expect(ids(await get(`${base}&page=3&cursor=${second.cursor}`))).toEqual(now.slice(8, 12));
    });

    it("never pages a doctor's list from a row that is not his, even with his list's cursor", async () => {
      const db = t.testDb.database.db;
      const mine = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(gte(appointments.appointmentDate, '2031-06-01'), lte(appointments.appointmentDate, '2031-06-30')))
        .orderBy(appointments.id);
      const [r1, r2, , other, , r3] = mine.map((r) => r.id);
      await db
        .update(appointments)
        .set({ doctorId: s.doctor.userId })
        .where(inArray(appointments.id, [r1!, r2!, r3!]));
      const doctorsList = listHash({ from: '2031-06-01', to: '2031-06-30', doctorId: s.doctor.userId }, 'id:asc', 1);
      // Page 1 "ending" on someone else's appointment, between his second and third.
      const forged = encodeCursor({ page: 1, first: other!, last: other!, list: doctorsList });
      const honest = await call(t.app, s.doctor, 'GET', `/api/appointments?${RANGE}&sort=id:asc&size=1&page=1`);
      expect(honest.json().cursor.split('.')[4]).toBe(doctorsList);
      const res = await call(
        t.app,
        s.doctor,
        'GET',
        `/api/appointments?${RANGE}&sort=id:asc&size=1&page=2&cursor=${forged}`,
      );
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([r2]);
    });

    it('refuses a cursor that is not one with 400 and a Vietnamese message', async () => {
      const bad = [
        'abc',
        'c1.1.2.3',
        'c1.0.1.2.0123abcd',
        'c1.1.0.2.0123abcd',
        'c1.1.9999999999.2.0123abcd',
        'c1.1.1.2.0123ABCD',
        `c1.1.1.2.0123abcd${'0'.repeat(300)}`,
      ];
      for (const cursor of bad) {
        for (const path of ['/api/appointments?', '/api/appointments/history?', '/api/appointments/today?']) {
          const res = await call(t.app, s.staff, 'GET', `${path}page=2&cursor=${encodeURIComponent(cursor)}`);
          expect(res.statusCode, `${path} ${cursor}`).toBe(400);
          expect(res.json().message, `${path} ${cursor}`).toBe(APPOINTMENT_MSG.invalidCursor);
        }
      }
    });
  });
}
