import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPARTMENTS,
  importResultSchema,
  USER_IMPORT_COLUMNS,
  USER_LIMITS,
  USER_MSG,
  type ImportResult,
} from '@clinic/shared';
import { bearer, buildTestApp, DEMO, fixedClock, loginAs, type TestContext } from '../../../test/build-app';
import { multipart } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';
import { TEMPLATE_SHEETS } from './users-import.template';
import { findAccountsHolding, insertImportedUser } from './users-import.repository';
import { importUsers } from './users-import.service';
import { storedZip } from './users-import.workbook';

const HEADER = [...USER_IMPORT_COLUMNS];
type Cell = ExcelJS.CellValue;

/** A real .xlsx whose first sheet holds these rows (the first one is the header), and any further sheets. */
async function xlsx(rows: Cell[][], more: { name: string; rows: Cell[][] }[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of [{ name: 'Users', rows }, ...more]) {
    const ws = workbook.addWorksheet(sheet.name);
    sheet.rows.forEach((row, i) => {
      ws.getRow(i + 1).values = row;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** A row of the template's columns. */
const user = (username: string, more: Partial<Record<(typeof USER_IMPORT_COLUMNS)[number], Cell>> = {}): Cell[] =>
  HEADER.map((column) =>
    column in more
      ? more[column as keyof typeof more]!
      : ({ 'Full Name': `Người dùng ${username}`, Username: username, Email: `${username}@example.com` }[
          column as string
        ] ?? null),
  );

const SPECIALTY = DEPARTMENTS[0]!;
const today = '2026-03-10';

for (const kind of dbKinds()) {
  describe(`POST /api/users/import [${kind}]`, () => {
    let t: TestContext;
    let admin = '';
    beforeAll(async () => {
      // The clinic's "today" decides which birth dates are in the past.
      t = await buildTestApp(kind, { clock: fixedClock(new Date(`${today}T03:00:00Z`)) });
      admin = (await loginAs(t.app, ...DEMO.admin)).token;
    });
    afterAll(async () => t?.close());

    const upload = (bytes: Buffer, options: { filename?: string; field?: string; token?: string | null } = {}) => {
      const body = multipart(
        options.field ?? 'file',
        options.filename ?? 'users.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes,
      );
      const auth = options.token === null ? {} : bearer(options.token ?? admin);
      return t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
    };
    const imported = async (bytes: Buffer): Promise<ImportResult> => {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(200);
      return importResultSchema.parse(res.json());
    };
    const profileOf = async (username: string) => {
      const { token } = await loginAs(t.app, username, username);
      return (await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).json();
    };

    it('creates the good rows; each signs in with the user name as password and must change it first', async () => {
      const result = await imported(
        await xlsx([
          HEADER,
          user('an.tran', { 'Full Name': 'Trần Văn An' }),
          user('binh.le', { 'Birth Date': date('1990-05-12'), Gender: 'Nữ', Role: 'Staff' }),
          user('bs.cuong', {
            'Birth Date': '02/11/1982',
            Gender: 'male',
            Role: 'DOCTOR',
            Specialty: SPECIALTY.specialtyName,
          }),
        ]),
      );
      expect(result).toMatchObject({
        successCount: 3,
        failedCount: 0,
        errors: [],
        message: USER_MSG.importSummary(3, 0),
      });
      expect(result.created.map((c) => [c.row, c.username, c.role])).toEqual([
        [2, 'an.tran', 'PATIENT'],
        [3, 'binh.le', 'STAFF'],
        [4, 'bs.cuong', 'DOCTOR'],
      ]);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: 'an.tran', password: 'an.tran' },
      });
      expect(login.statusCode).toBe(200);
      const blocked = await t.app.inject({
        url: '/api/appointments/my-appointments',
        headers: bearer(login.json().token),
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      // The settings page she is sent to reads her two-factor state beside the password form.
      const mfa = await t.app.inject({ url: '/api/auth/mfa', headers: bearer(login.json().token) });
      expect(mfa.statusCode).toBe(200);
      expect(mfa.json()).toMatchObject({ enabled: false });

      expect(await profileOf('an.tran')).toMatchObject({
        fullName: 'Trần Văn An',
        gender: 'MALE',
        role: 'PATIENT',
        birth: null,
        specialty: null,
        active: true,
        mustChangePassword: true,
      });
      expect(await profileOf('binh.le')).toMatchObject({
        email: 'binh.le@example.com',
        gender: 'FEMALE',
        role: 'STAFF',
        birth: '1990-05-12',
      });
      expect(await profileOf('bs.cuong')).toMatchObject({
        gender: 'MALE',
        role: 'DOCTOR',
        birth: '1982-11-02',
        specialty: SPECIALTY.code,
      });
    });

    it('finds the columns by their header in any order and case, and reads rich text, links, numbers and formulas', async () => {
      const result = await imported(
        await xlsx([
          ['  email ', 'ROLE', 'Full name', 'username', 'Notes', 'Specialty', 'birth date'],
          [
            { text: 'Dung.Pham@Example.com', hyperlink: 'mailto:Dung.Pham@Example.com' },
            { formula: 'UPPER("doctor")', result: 'DOCTOR' },
            { richText: [{ text: 'Phạm ', font: { bold: true } }, { text: 'Thị Dung' }] },
            'dung.pham',
            'a note',
            SPECIALTY.code.toLowerCase(),
            '1988-1-5',
          ],
          ['so.12345@example.com', null, 'Số Mười Hai', 12345, null, 'ignored for a patient', null],
        ]),
      );
      expect(result.errors).toEqual([]);
      expect(result.created.map((c) => [c.username, c.email, c.role])).toEqual([
        ['dung.pham', 'dung.pham@example.com', 'DOCTOR'],
        ['12345', 'so.12345@example.com', 'PATIENT'],
      ]);
      expect(await profileOf('dung.pham')).toMatchObject({
        fullName: 'Phạm Thị Dung',
        birth: '1988-01-05',
        specialty: SPECIALTY.code,
      });
      expect(await profileOf('12345')).toMatchObject({ specialty: null });
    });

    it('gives each bad row its own number and message, skips empty rows, and still creates the good ones', async () => {
      const result = await imported(
        await xlsx([
          HEADER,
          user('ok.one'),
          user('no.name', { 'Full Name': '   ' }),
          user('bad email', { Email: 'not-an-email' }),
          [],
          user('x'),
          user('future.birth', { 'Birth Date': date('2026-03-11') }),
          user('bad.birth', { 'Birth Date': '31/02/1990' }),
          user('bad.gender', { Gender: 'M' }),
          user('bad.role', { Role: 'Nurse' }),
          user('would.be.admin', { Role: 'admin' }),
          user('doctor.nospecialty', { Role: 'Doctor' }),
          user('doctor.unknown', { Role: 'DOCTOR', Specialty: 'ASTROLOGY' }),
          user('two.problems', { 'Full Name': null, Gender: '?' }),
          user('ok.two', { 'Birth Date': date(today) }),
        ]),
      );
      expect(result.errors).toEqual([
        { row: 3, message: USER_MSG.fullNameRequired },
        { row: 4, message: `${USER_MSG.usernameInvalid}; ${USER_MSG.emailInvalid}` },
        { row: 6, message: USER_MSG.usernameInvalid },
        { row: 7, message: USER_MSG.birthInvalid },
        { row: 8, message: USER_MSG.birthInvalid },
        { row: 9, message: USER_MSG.genderInvalid },
        { row: 10, message: USER_MSG.roleInvalid },
        { row: 11, message: USER_MSG.importAdminRefused },
        { row: 12, message: USER_MSG.specialtyRequired },
        { row: 13, message: USER_MSG.specialtyUnknown },
        { row: 14, message: `${USER_MSG.fullNameRequired}; ${USER_MSG.genderInvalid}` },
      ]);
      expect(result.created.map((c) => [c.row, c.username])).toEqual([
        [2, 'ok.one'],
        [15, 'ok.two'],
      ]);
      expect(result).toMatchObject({ successCount: 2, failedCount: 11, message: USER_MSG.importSummary(2, 11) });
    });

    it('refuses a user name or e-mail repeated in the file, naming the earlier row, and those of existing accounts', async () => {
      const patientEmail = (await loginAs(t.app, ...DEMO.patient)) as unknown as { email: string };
      const result = await imported(
        await xlsx([
          HEADER,
          user('dup.first'),
          user('DUP.FIRST', { Email: 'other.address@example.com' }),
          user('dup.second', { Email: 'DUP.first@example.com' }),
          user('admin'),
          user('Doctor'),
          user('staff.lookalike', { Email: patientEmail.email.toUpperCase() }),
          user('new.person'),
        ]),
      );
      expect(result.errors).toEqual([
        { row: 3, message: USER_MSG.importDuplicateInFile('Username', 2) },
        { row: 4, message: USER_MSG.importDuplicateInFile('Email', 2) },
        { row: 5, message: USER_MSG.usernameTaken },
        { row: 6, message: USER_MSG.usernameTaken },
        { row: 7, message: USER_MSG.emailTaken },
      ]);
      expect(result.created.map((c) => c.username)).toEqual(['dup.first', 'new.person']);
      // The demo accounts keep their own passwords.
      await loginAs(t.app, ...DEMO.doctor);
    });

    it('creates each account once when the same file is imported twice at the same time', async () => {
      const file = await xlsx([HEADER, ...Array.from({ length: 6 }, (_, i) => user(`race.${i}`))]);
      const [a, b] = await Promise.all([imported(file), imported(file)]);
      expect(a.successCount + b.successCount).toBe(6);
      expect(a.failedCount + b.failedCount).toBe(6);
      // A row found taken on both counts names both ("…; …").
      for (const e of [...a.errors, ...b.errors])
        for (const part of e.message.split('; ')) expect([USER_MSG.usernameTaken, USER_MSG.emailTaken]).toContain(part);
    });

    it('reports the rows it had no time to start, and a second import creates them', async () => {
      const file = await xlsx([HEADER, user('late.one'), user('late.two')]);
      const deps = { db: t.testDb.database.db, clock: t.clock, timeZone: t.config.clinicTz };
      const late = await importUsers({ ...deps, timeBudgetMs: -1 }, file);
      expect(late).toMatchObject({ successCount: 0, failedCount: 2, created: [] });
      expect(late.errors).toEqual([
        { row: 2, message: USER_MSG.importTimedOut },
        { row: 3, message: USER_MSG.importTimedOut },
      ]);
      expect((await importUsers(deps, file)).successCount).toBe(2);
    });

    it("turns a lost race for a user name or e-mail into that row's conflict, never half an account", async () => {
      const db = t.testDb.database.db;
      const account = { passwordHash: 'x', role: 'PATIENT' as const, mustChangePassword: true };
      expect(
        await insertImportedUser(db, { ...account, username: 'Race.Name', email: 'race.name@example.com' }),
      ).toHaveProperty('user');
      expect(await insertImportedUser(db, { ...account, username: 'race.name', email: 'other@example.com' })).toEqual({
        conflict: 'username',
      });
      expect(
        await insertImportedUser(db, { ...account, username: 'other.name', email: 'RACE.NAME@example.com' }),
      ).toEqual({ conflict: 'email' });
      expect(
        await insertImportedUser(db, {
          ...account,
          username: 'gone.specialty',
          email: 'gone@example.com',
          role: 'DOCTOR',
          specialty: 'GONE',
        }),
      ).toEqual({
        conflict: 'specialty',
      });
      expect(await findAccountsHolding(db, ['other.name', 'other@example.com', 'gone.specialty'])).toEqual([]);
    });

    it('refuses a file that is not an .xlsx by its bytes, whatever its name', async () => {
      const real = await xlsx([HEADER, user('never.created')]);
      const files: [string, Buffer][] = [
        ['csv', Buffer.from('Full Name,Username,Email\nA,never.created,a@example.com\n')],
        ['xls', Buffer.from('d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900', 'hex')],
        ['pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
        ['empty', Buffer.alloc(0)],
        ['cut-off xlsx', real.subarray(0, Math.floor(real.length / 2))],
        ['zip of no workbook', storedZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }])],
        ['four bytes of a zip', real.subarray(0, 4)],
      ];
      for (const [name, bytes] of files) {
        const res = await upload(bytes);
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({ code: 'INVALID_EXCEL', message: USER_MSG.invalidExcel });
      }
      const noFile = await upload(real, { field: 'document' });
      expect(noFile.json()).toMatchObject({ statusCode: 400, message: USER_MSG.invalidExcel });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: bearer(admin),
        payload: { rows: [] },
      });
      expect(json.json()).toMatchObject({ statusCode: 400, message: USER_MSG.invalidExcel });
    });

    it('refuses a file over the size limit with 413, and one that unpacks to far more than a user list', async () => {
      const big = Buffer.alloc(USER_LIMITS.importMaxBytes + 1, 0);
      big.writeUInt32LE(0x04034b50, 0);
      const res = await upload(big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: USER_MSG.importTooLarge });

      // 30 MB of one letter packs into a few tens of kilobytes.
      const bomb = await xlsx([HEADER, user('bomb', { 'Full Name': 'a'.repeat(30 * 1024 * 1024) })]);
      expect(bomb.length).toBeLessThan(USER_LIMITS.importMaxBytes);
      const refused = await upload(bomb);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: USER_MSG.importTooLarge });
    });

    it('reads only the first sheet: what the others hold is never unpacked', async () => {
      const rowsOfNumbers = Array.from({ length: 6000 }, (_, i) => [i, i * 2, i * 3]);
      const result = await imported(await xlsx([HEADER, user('first.sheet')], [{ name: 'Lots', rows: rowsOfNumbers }]));
      expect(result.created.map((c) => c.username)).toEqual(['first.sheet']);
    });

    it('refuses a header row without the required columns, and a sheet without user rows', async () => {
      const missing = await upload(
        await xlsx([
          ['Full Name', 'Login', 'Gender'],
          ['A', 'a.user', 'MALE'],
        ]),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'IMPORT_MISSING_COLUMNS',
        message: USER_MSG.importMissingColumns(['Username', 'Email']),
      });

      for (const rows of [
        [],
        [HEADER],
        [HEADER, [], [null, null, null, null, null, null, null, 'a note beyond the columns']],
      ]) {
        const res = await upload(await xlsx(rows));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'IMPORT_EMPTY', message: USER_MSG.importEmpty });
      }
    });

    it(
      `takes ${USER_LIMITS.importMaxRows} rows and refuses one more before creating anything`,
      { timeout: 120_000 },
      async () => {
        const rows = (n: number, prefix: string) => [
          HEADER,
          ...Array.from({ length: n }, (_, i) => user(`${prefix}.${i}`)),
        ];
        const tooMany = await upload(await xlsx(rows(USER_LIMITS.importMaxRows + 1, 'over')));
        expect(tooMany.statusCode).toBe(400);
        expect(tooMany.json()).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', message: USER_MSG.importTooManyRows });
        const probe = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { usernameOrEmail: 'over.0', password: 'over.0' },
        });
        expect(probe.statusCode).toBe(401);

        // Straight to the service without its time budget: this machine may be busier than a server.
        const deps = { db: t.testDb.database.db, clock: t.clock, timeZone: t.config.clinicTz, timeBudgetMs: Infinity };
        const result = await importUsers(deps, await xlsx(rows(USER_LIMITS.importMaxRows, 'bulk')));
        expect(result).toMatchObject({ successCount: USER_LIMITS.importMaxRows, failedCount: 0 });
        await loginAs(t.app, 'bulk.999', 'bulk.999');
      },
    );

    it('answers 401 without a token and 403 to a role other than ADMIN', async () => {
      const file = await xlsx([HEADER, user('not.allowed')]);
      const anonymous = await upload(file, { token: null });
      expect(anonymous.statusCode).toBe(401);
      for (const [name, password] of [DEMO.staff, DEMO.doctor, DEMO.patient]) {
        const res = await upload(file, { token: (await loginAs(t.app, name, password)).token });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await t.app.inject({ url: '/api/users/import/template' })).statusCode).toBe(401);
      const staff = (await loginAs(t.app, ...DEMO.staff)).token;
      expect((await t.app.inject({ url: '/api/users/import/template', headers: bearer(staff) })).statusCode).toBe(403);
    });
  });

  describe(`GET /api/users/import/template [${kind}]`, () => {
    let t: TestContext;
    let admin = '';
    beforeAll(async () => {
      t = await buildTestApp(kind);
      admin = (await loginAs(t.app, ...DEMO.admin)).token;
    });
    afterAll(async () => t?.close());

    it('downloads a real .xlsx of the import columns, with instructions, that imports its own example rows', async () => {
      const res = await t.app.inject({ url: '/api/users/import/template', headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe('attachment; filename="user-import-template.xlsx"');

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const [users, guide] = workbook.worksheets;
      expect(users!.getRow(1).values).toEqual([undefined, ...USER_IMPORT_COLUMNS]);
      expect(users!.getRow(1).font?.bold).toBe(true);
      expect(users!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(users!.getRow(2).values).toEqual([
        undefined,
        'Nguyễn Thị Lan',
        'lan.nguyen',
        'lan.nguyen@example.com',
        expect.any(Date),
        'FEMALE',
        'PATIENT',
      ]);
      expect(guide!.name).toBe(TEMPLATE_SHEETS.guide);
      const guideText = guide!.getSheetValues().flat().join('\n');
      for (const word of [
        'PATIENT',
        'STAFF',
        'DOCTOR',
        'MALE',
        'FEMALE',
        'OTHER',
        ...DEPARTMENTS.flatMap((d) => [d.code, d.specialtyName]),
      ]) {
        expect(guideText).toContain(word);
      }
      expect(guideText).toMatch(/Username/);

      const body = multipart('file', 'user-import-template.xlsx', 'application/octet-stream', res.rawPayload);
      const result = await t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin) },
      });
      expect(result.json()).toMatchObject({
        successCount: 2,
        failedCount: 0,
        created: [
          { row: 2, username: 'lan.nguyen', role: 'PATIENT' },
          { row: 3, username: 'minh.tran', role: 'DOCTOR' },
        ],
      });
      const lan = await loginAs(t.app, 'lan.nguyen', 'lan.nguyen');
      const profile = (await t.app.inject({ url: '/api/users/profile', headers: bearer(lan.token) })).json();
      expect(profile).toMatchObject({
        fullName: 'Nguyễn Thị Lan',
        gender: 'FEMALE',
        birth: '1995-03-12',
        mustChangePassword: true,
      });
    });
  });
}
