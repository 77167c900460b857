import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG, HISTORY_CSV_COLUMNS } from '@clinic/shared';
import { buildTestApp, fixedClock, type TestContext } from '../../../../test/build-app';
import { dbKinds } from '../../../../test/databases';
import { call, seedAppointment, signInAll, type Sessions } from '../../../../test/appointments';

type Item = { id: number; status: string; appointmentDate: string; fullName: string };

/**
 * Booking History reads its periods in the clinic's zone (Asia/Ho_Chi_Minh, UTC+7) whatever the
 * process's zone: the tests run the process in UTC and stand at the edges of the clinic's day,
 * month and quarter, where UTC still shows the day before.
 */
for (const kind of dbKinds()) {
  describe(`Booking History [${kind}]`, () => {
    let t: TestContext;
    let s: Sessions;
    // Thursday 1 April 2027, 00:30 in the clinic; still 31 March in UTC.
    const FIRST_NIGHT_OF_Q2 = '2027-03-31T17:30:00Z';
    // Wednesday 31 March 2027, 23:30 in the clinic.
    const LAST_EVENING_OF_Q1 = '2027-03-31T16:30:00Z';
    const clock = fixedClock(FIRST_NIGHT_OF_Q2);
    const previousTz = process.env.TZ;
    const db = () => t.testDb.database.db;
    const MARK = 'Lịch Sử Kiểm Tra';
    const history = async (query: string, who: keyof Sessions = 'staff') => {
      const res = await call(
        t.app,
        s[who],
        'GET',
        `/api/appointments/history?q=${encodeURIComponent('lich su kiem tra')}&size=100&${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Item[]; total: number };
    };
    const stats = async (query: string) => {
      const res = await call(
        t.app,
        s.staff,
        'GET',
        `/api/appointments/history/stats?q=${encodeURIComponent('lich su kiem tra')}&${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const seeded: Record<string, number> = {};
    beforeAll(async () => {
      process.env.TZ = 'UTC';
      t = await buildTestApp(kind, { clock });
      s = await signInAll(t.app);
      const add = async (
        key: string,
        appointmentDate: string,
        status: 'COMPLETED' | 'CANCELLED' | 'NO_SHOW' | 'CONFIRMED',
        department = 'GYNECOLOGY',
      ) => {
        const row = await seedAppointment(db(), {
          fullName: `${MARK} ${key}`,
          appointmentDate,
          status,
          department,
          reason: `Lý do ${key}`,
        });
        seeded[key] = row.id;
      };
      await add('dec', '2026-12-15', 'COMPLETED');
      await add('jan', '2027-01-04', 'CANCELLED');
      await add('feb1', '2027-02-10', 'COMPLETED', 'OBSTETRICS');
      await add('feb2', '2027-02-11', 'COMPLETED', 'OBSTETRICS');
      await add('mar25', '2027-03-25', 'COMPLETED');
      await add('mar31', '2027-03-31', 'NO_SHOW');
      await add('apr1', '2027-04-01', 'COMPLETED', 'OBSTETRICS');
      await add('apr1open', '2027-04-01', 'CONFIRMED');
      await add('apr20', '2027-04-20', 'CANCELLED');
      await add('jul1', '2027-07-01', 'CANCELLED');
    });
    afterAll(async () => {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
      await t?.close();
    });
    const names = (page: { items: Item[] }) => page.items.map((i) => i.fullName.replace(`${MARK} `, '')).sort();

    it('lists only completed, cancelled and no-show appointments, newest visit first', async () => {
      const page = await history('period=all');
      expect(names(page)).toEqual(['apr1', 'apr20', 'dec', 'feb1', 'feb2', 'jan', 'jul1', 'mar25', 'mar31'].sort());
      expect(page.items[0]!.appointmentDate).toBe('2027-07-01');
      expect(page.items.every((i) => ['COMPLETED', 'CANCELLED', 'NO_SHOW'].includes(i.status))).toBe(true);
    });

    it("reads today, the month and the quarter at the clinic's midnight, not UTC's", async () => {
      clock.set(FIRST_NIGHT_OF_Q2);
      expect(names(await history('period=today'))).toEqual(['apr1']);
      expect(names(await history('period=month'))).toEqual(['apr1', 'apr20']);
      expect(names(await history('period=quarter'))).toEqual(['apr1', 'apr20']);
      expect(names(await history('period=7days'))).toEqual(['apr1', 'mar31']);
      clock.set(LAST_EVENING_OF_Q1);
      try {
        expect(names(await history('period=today'))).toEqual(['mar31']);
        expect(names(await history('period=month'))).toEqual(['mar25', 'mar31']);
        expect(names(await history('period=quarter'))).toEqual(['feb1', 'feb2', 'jan', 'mar25', 'mar31']);
        expect(names(await history('period=year'))).toEqual([
          'apr1',
          'apr20',
          'feb1',
          'feb2',
          'jan',
          'jul1',
          'mar25',
          'mar31',
        ]);
      } finally {
        clock.set(FIRST_NIGHT_OF_Q2);
      }
    });

    it('takes a custom range and one status, and refuses a range that ends before it starts', async () => {
      expect(names(await history('period=custom&from=2027-02-01&to=2027-03-31'))).toEqual([
        'feb1',
        'feb2',
        'mar25',
        'mar31',
      ]);
      expect(names(await history('period=custom&from=2027-02-01&to=2027-03-31&status=COMPLETED'))).toEqual([
        'feb1',
        'feb2',
        'mar25',
      ]);
      const refused = await call(
        t.app,
        s.staff,
        'GET',
        '/api/appointments/history?period=custom&from=2027-03-02&to=2027-03-01',
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(APPOINTMENT_MSG.invalidDateRange);
      expect((await call(t.app, s.staff, 'GET', '/api/appointments/history?period=week')).statusCode).toBe(400);
    });

    it("counts the cards of the filter, and this month against last in the clinic's months", async () => {
      expect(await stats('period=quarter')).toMatchObject({
        completed: 1,
        cancelled: 1,
        noShow: 0,
        total: 2,
        completionRate: 50,
        topDepartment: { code: 'GYNECOLOGY', count: 1 },
        completedThisMonth: 1,
        completedLastMonth: 1,
        monthChange: 0,
      });
      expect(await stats('period=custom&from=2027-01-01&to=2027-03-31')).toMatchObject({
        completed: 3,
        cancelled: 1,
        noShow: 1,
        total: 5,
        completionRate: 60,
        topDepartment: { code: 'GYNECOLOGY', name: 'Khoa Phụ khoa', count: 3 },
      });
      clock.set(LAST_EVENING_OF_Q1);
      try {
        // March: mar25 completed; February: feb1 and feb2.
        expect(await stats('period=month')).toMatchObject({
          completedThisMonth: 1,
          completedLastMonth: 2,
          monthChange: -50,
        });
      } finally {
        clock.set(FIRST_NIGHT_OF_Q2);
      }
      expect(await stats('period=custom&from=2030-01-01&to=2030-01-31')).toMatchObject({
        total: 0,
        completionRate: null,
        topDepartment: null,
      });
    });

    it("exports the filter as a UTF-8 CSV with a byte-order mark and the specification's columns", async () => {
      const res = await call(
        t.app,
        s.staff,
        'GET',
        `/api/appointments/history/export?period=quarter&q=${encodeURIComponent('lich su kiem tra')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="booking-history-2027-04-01.csv"');
      const body = res.rawPayload.toString('utf8');
      expect(body.charCodeAt(0)).toBe(0xfeff);
      const lines = body.slice(1).split('\r\n');
      expect(lines[0]).toBe(HISTORY_CSV_COLUMNS.join(','));
      expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
      expect(lines[1]).toMatch(new RegExp(`^${seeded.apr20},${MARK} apr20,`));
      expect(lines[1]).toContain(',20/04/2027,09:00,Khoa Phụ khoa,,Đã hủy,Lý do apr20,');
      expect(lines[2]).toContain(`${MARK} apr1,`);
      expect(lines[2]).toContain(',Khoa Sản,');
    });

    it('carries the cancel reason and the amount after the specification columns', async () => {
      const cancelled = await seedAppointment(db(), {
        appointmentDate: '2027-03-29',
        status: 'CANCELLED',
        cancelReason: 'Bận việc đột xuất',
      });
      const paid = await seedAppointment(db(), {
        appointmentDate: '2027-03-29',
        status: 'COMPLETED',
        paymentAmount: 350_000,
        paymentCompleted: true,
      });
      const res = await call(
        t.app,
        s.staff,
        'GET',
        '/api/appointments/history/export?period=custom&from=2027-03-29&to=2027-03-29',
      );
      const rows = res.rawPayload.toString('utf8').slice(1).split('\r\n');
      expect(rows[0]!.endsWith(',Ngày cập nhật,Lý do hủy,Số tiền (VNĐ)')).toBe(true);
      expect(rows.find((r) => r.startsWith(`${cancelled.id},`))).toMatch(/,Bận việc đột xuất,$/);
      expect(rows.find((r) => r.startsWith(`${paid.id},`))).toMatch(/,,350000$/);
    });

    it('keeps a name that looks like a formula as text, and quotes commas and quotes', async () => {
      const tricky = await seedAppointment(db(), {
        fullName: '=HYPERLINK("http://x","Nhấn")',
        reason: 'Đau, "nhẹ"',
        appointmentDate: '2027-03-30',
        status: 'COMPLETED',
      });
      const res = await call(
        t.app,
        s.staff,
        'GET',
        '/api/appointments/history/export?period=custom&from=2027-03-30&to=2027-03-30',
      );
      const row = res.rawPayload
        .toString('utf8')
        .split('\r\n')
        .find((l) => l.startsWith(`${tricky.id},`));
      expect(row).toContain(`"'=HYPERLINK(""http://x"",""Nhấn"")"`);
      expect(row).toContain('"Đau, ""nhẹ"""');
    });

    it('keeps a formula after a semicolon as text too: Excel in a Vietnamese locale splits on it (issue 29)', async () => {
      const tricky = await seedAppointment(db(), {
        fullName: 'Lan;=HYPERLINK("http://x.example";"y")',
        reason: 'Khám;+cmd',
        appointmentDate: '2027-03-30',
        status: 'COMPLETED',
      });
      const res = await call(
        t.app,
        s.staff,
        'GET',
        '/api/appointments/history/export?period=custom&from=2027-03-30&to=2027-03-30',
      );
      const row = res.rawPayload
        .toString('utf8')
        .split('\r\n')
        .find((l) => l.startsWith(`${tricky.id},`))!;
      const cells = row.split(';').map((cell) => cell.replace(/^[\s"]+/, ''));
      expect(cells.length).toBeGreaterThan(2);
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
      expect(row).toContain(`"Lan;'=HYPERLINK(""http://x.example"";""y"")"`);
    });

    it('says there is nothing to export for an empty filter, and lets neither doctors nor patients in', async () => {
      const empty = await call(
        t.app,
        s.staff,
        'GET',
        '/api/appointments/history/export?period=custom&from=2030-01-01&to=2030-01-31',
      );
      expect(empty.statusCode).toBe(404);
      expect(empty.json()).toMatchObject({ code: 'NOTHING_TO_EXPORT', message: 'Không có dữ liệu để xuất' });
      for (const who of ['doctor', 'patient'] as const) {
        for (const path of ['', '/stats', '/export']) {
          expect(
            (await call(t.app, s[who], 'GET', `/api/appointments/history${path}`)).statusCode,
            `${who} ${path}`,
          ).toBe(403);
        }
      }
      expect((await call(t.app, null, 'GET', '/api/appointments/history')).statusCode).toBe(401);
    });
  });
}
