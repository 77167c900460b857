import ExcelJS from 'exceljs';
import {
  ASSIGNABLE_ROLES,
  GENDER_LABELS,
  GENDERS,
  ROLE_LABELS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED_COLUMNS,
  USER_LIMITS,
} from '@clinic/shared';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TEMPLATE_FILE_NAME = 'user-import-template.xlsx';
export const TEMPLATE_SHEETS = { users: 'Users', guide: 'Hướng dẫn' } as const;

type Column = (typeof USER_IMPORT_COLUMNS)[number];
type Specialty = { code: string; displayName: string };

const WIDTHS: Record<Column, number> = {
  'Full Name': 28,
  Username: 20,
  Email: 32,
  'Birth Date': 14,
  Gender: 12,
  Role: 12,
  Specialty: 24,
};

const utcDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** The template's example rows: a patient, and a doctor with a specialty of this clinic when it has one. */
export function templateExamples(specialties: Specialty[]): Record<Column, string | Date | null>[] {
  const patient = {
    'Full Name': 'Nguyễn Thị Lan',
    Username: 'lan.nguyen',
    Email: 'lan.nguyen@example.com',
    'Birth Date': utcDate(1995, 3, 12),
    Gender: 'FEMALE',
    Role: 'PATIENT',
    Specialty: null,
  };
  const specialty = specialties[0];
  if (!specialty) return [patient];
  const doctor = {
    'Full Name': 'Trần Văn Minh',
    Username: 'minh.tran',
    Email: 'minh.tran@example.com',
    'Birth Date': utcDate(1982, 11, 2),
    Gender: 'MALE',
    Role: 'DOCTOR',
    Specialty: specialty.code,
  };
  return [patient, doctor];
}

const bold = { bold: true } as const;
const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };

/** Rows 2 to this get the drop-down lists: the import's row limit plus the header. */
const LAST_LIST_ROW = USER_LIMITS.importMaxRows + 1;

/**
 * The Excel file an administrator fills in to import users: a sheet of the columns the import
 * reads, with two example rows, and a sheet of instructions listing every allowed value.
 */
export async function buildUserImportTemplate(specialties: Specialty[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Clinic';
  workbook.created = new Date(Date.UTC(2026, 0, 1));

  const sheet = workbook.addWorksheet(TEMPLATE_SHEETS.users, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = USER_IMPORT_COLUMNS.map((header) => ({ header, key: header, width: WIDTHS[header] }));
  const header = sheet.getRow(1);
  header.font = bold;
  header.eachCell((cell) => {
    cell.fill = headerFill;
  });
  sheet.getColumn('Birth Date').numFmt = 'dd/mm/yyyy';
  for (const example of templateExamples(specialties)) sheet.addRow(example);

  const guide = workbook.addWorksheet(TEMPLATE_SHEETS.guide);
  guide.columns = [{ width: 28 }, { width: 48 }];
  const title = guide.addRow(['Hướng dẫn nhập người dùng từ Excel (Excel user import)']);
  title.font = { bold: true, size: 14 };
  guide.addRow([]);
  const rules = [
    `Mỗi người dùng một dòng trên trang "${TEMPLATE_SHEETS.users}", dưới dòng tiêu đề. Giữ nguyên tên cột; thứ tự cột có thể đổi.`,
    `Bắt buộc: ${USER_IMPORT_REQUIRED_COLUMNS.join(', ')}. Không bắt buộc: ${USER_IMPORT_COLUMNS.filter((c) => !(USER_IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(c)).join(', ')}.`,
    `Username: ${USER_LIMITS.usernameMin}-${USER_LIMITS.username} ký tự gồm chữ không dấu, số và . _ - @ +; Username và Email không được lặp lại trong tệp hay trùng với tài khoản đã có.`,
    'Birth Date: ngày trong quá khứ, ô kiểu ngày hoặc chữ dạng YYYY-MM-DD hay DD/MM/YYYY.',
    'Mật khẩu ban đầu của mỗi tài khoản là chính Username của tài khoản đó; người dùng phải đổi mật khẩu ở lần đăng nhập đầu tiên.',
    'Password = Username; it must be changed at the first sign-in.',
    'Không thể nhập tài khoản ADMIN. Specialty bắt buộc với DOCTOR (mã hoặc tên chuyên khoa) và bị bỏ qua với vai trò khác.',
    `Tối đa ${USER_LIMITS.importMaxRows} dòng và ${USER_LIMITS.importMaxBytes / 1024 / 1024} MB mỗi tệp; dòng trống được bỏ qua. Xóa các dòng ví dụ trước khi nhập.`,
  ];
  for (const rule of rules) guide.addRow([`• ${rule}`]);

  const table = (heading: [string, string], rows: [string, string][]) => {
    guide.addRow([]);
    const head = guide.addRow(heading);
    head.font = bold;
    head.eachCell((cell) => {
      cell.fill = headerFill;
    });
    const first = guide.rowCount + 1;
    for (const row of rows) guide.addRow(row);
    return { first, last: guide.rowCount };
  };
  table(
    ['Role', 'Vai trò (mặc định PATIENT)'],
    ASSIGNABLE_ROLES.map((r) => [r, ROLE_LABELS[r]]),
  );
  table(
    ['Gender', 'Giới tính (mặc định MALE; cũng nhận Nam, Nữ, Khác)'],
    GENDERS.map((g) => [g, GENDER_LABELS[g]]),
  );
  const codes = table(
    ['Specialty', 'Chuyên khoa'],
    specialties.map((s) => [s.code, s.displayName]),
  );

  // Drop-down lists as a help, not a lock: the import also takes Nam, Nữ, a specialty's name, ...
  // One validation per column range; exceljs's per-cell ones come out overlapping, which Excel repairs.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  const list = (column: Column, formula: string) => {
    const letter = String.fromCharCode(64 + USER_IMPORT_COLUMNS.indexOf(column) + 1);
    validations.add(`${letter}2:${letter}${LAST_LIST_ROW}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: false,
      formulae: [formula],
    });
  };
  list('Gender', `"${GENDERS.join(',')}"`);
  list('Role', `"${ASSIGNABLE_ROLES.join(',')}"`);
  if (specialties.length) list('Specialty', `'${TEMPLATE_SHEETS.guide}'!$A$${codes.first}:$A$${codes.last}`);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
