/**
 * The back-office's language (issue 25): the specification's English texts (Users, Patient Control,
 * Pending Approvals, ...) by default, or Vietnamese for whoever chooses 'Tiếng Việt' in /settings.
 * Kept on the server with her account (so it follows her to every device: GET /users/profile,
 * PATCH /users/profile/preferences); this device keeps a copy (localStorage, keyed by the user's id)
 * only so the first paint is already in her language, and the profile's answer overwrites it.
 */
import {
  BOOKING_UI_MSG,
  PASSWORD_MIN_LENGTH,
  PATIENT_FILTER_LABELS,
  PATIENT_MSG,
  USER_IMPORT_REQUIRED_COLUMNS,
  USER_LIMITS,
  USER_MSG,
  type BackOfficeLanguageCode,
} from '@clinic/shared';

export type BackOfficeLanguage = BackOfficeLanguageCode;

export const BACK_OFFICE_LANGUAGES: readonly { value: BackOfficeLanguage; label: string }[] = [
  { value: 'en', label: 'Tiếng Anh (theo đặc tả, mặc định)' },
  { value: 'vi', label: 'Tiếng Việt' },
];

const keyOf = (userId: number) => `backOfficeLanguage:${userId}`;
const listeners = new Set<() => void>();

export function getBackOfficeLanguage(userId: number | null | undefined): BackOfficeLanguage {
  if (userId == null) return 'en';
  try {
    return globalThis.localStorage?.getItem(keyOf(userId)) === 'vi' ? 'vi' : 'en';
  } catch {
    return 'en';
  }
}

export function setBackOfficeLanguage(userId: number, language: BackOfficeLanguage): void {
  try {
    if (language === 'en') globalThis.localStorage?.removeItem(keyOf(userId));
    else globalThis.localStorage?.setItem(keyOf(userId), language);
  } catch {
    // Storage blocked: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The server's word on her language (a profile just read): kept as this device's copy when it differs. */
export function rememberBackOfficeLanguage(userId: number, language: BackOfficeLanguage | undefined): void {
  if (language !== 'en' && language !== 'vi') return;
  if (getBackOfficeLanguage(userId) !== language) setBackOfficeLanguage(userId, language);
}

export function subscribeBackOfficeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Vietnamese for the back-office's English texts, keyed by the English text itself. */
export const BACK_OFFICE_VI: Readonly<Record<string, string>> = {
  // The specification's sentence says 'staff'; in Vietnamese the desk is 'nhân viên' (issue 25).
  'Đã từ chối lịch hẹn. Lịch hẹn sẽ được staff xử lý lại.':
    'Đã từ chối lịch hẹn. Lịch hẹn sẽ được nhân viên xử lý lại.',
  // The menu (specification section 6)
  Dashboard: 'Tổng quan',
  Users: 'Người dùng',
  'Pending Approvals': 'Chờ phê duyệt',
  'Patient Control': 'Quản lý bệnh nhân',
  'Blog Control': 'Quản lý bài viết',
  'Booking Manager': 'Quản lý lịch hẹn',
  'Booking History': 'Lịch sử đặt lịch',
  // Users
  'User Management': 'Quản lý người dùng',
  'Create, edit, activate and import the accounts of staff, doctors and patients.':
    'Tạo, sửa, kích hoạt và nhập tài khoản của nhân viên, bác sĩ và bệnh nhân.',
  Refresh: 'Làm mới',
  Retry: 'Thử lại',
  'Import from Excel': 'Nhập từ Excel',
  'Add user': 'Thêm người dùng',
  'Loading users...': 'Đang tải người dùng...',
  'No users match these filters': 'Không có người dùng nào khớp bộ lọc',
  'Try another search, or clear the filters.': 'Hãy thử tìm khác, hoặc xóa bộ lọc.',
  'Clear filters': 'Xóa bộ lọc',
  'No users yet': 'Chưa có người dùng',
  'Add a user, or import a list from Excel.': 'Thêm người dùng, hoặc nhập danh sách từ Excel.',
  'Search and filter users': 'Tìm và lọc người dùng',
  Search: 'Tìm kiếm',
  'Name, username, email or phone': 'Tên, tên đăng nhập, email hoặc số điện thoại',
  Role: 'Vai trò',
  Status: 'Trạng thái',
  'Sort by': 'Sắp xếp theo',
  // Patient Control
  'Patient Info': 'Thông tin bệnh nhân',
  Contact: 'Liên hệ',
  Appointments: 'Lịch hẹn',
  'Last Visit': 'Lần khám gần nhất',
  'Next Appointment': 'Lịch hẹn tiếp theo',
  Actions: 'Thao tác',
  'Your Assigned Patients': 'Bệnh nhân được chỉ định cho bạn',
  // The user form window (Users → Add user / Edit user)
  Close: 'Đóng',
  Cancel: 'Hủy',
  'Edit user': 'Sửa người dùng',
  'Fields marked * are required.': 'Các trường có dấu * là bắt buộc.',
  'Saving...': 'Đang lưu...',
  'Save changes': 'Lưu thay đổi',
  'Create user': 'Tạo người dùng',
  'Full name': 'Họ và tên',
  Username: 'Tên đăng nhập',
  Email: 'Email',
  Password: 'Mật khẩu',
  [`At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`]: `Ít nhất ${PASSWORD_MIN_LENGTH} ký tự, không phải mật khẩu phổ biến.`,
  'Show password': 'Hiện mật khẩu',
  'Hide password': 'Ẩn mật khẩu',
  Admin: 'Quản trị viên',
  Doctor: 'Bác sĩ',
  Staff: 'Nhân viên',
  Patient: 'Bệnh nhân',
  Specialty: 'Chuyên khoa',
  'Failed to load specialties': 'Không thể tải danh sách chuyên khoa',
  'Loading specialties...': 'Đang tải chuyên khoa...',
  'Select a specialty': 'Chọn chuyên khoa',
  Gender: 'Giới tính',
  Male: 'Nam',
  Female: 'Nữ',
  Other: 'Khác',
  'Birth date': 'Ngày sinh',
  Phone: 'Số điện thoại',
  Active: 'Đang hoạt động',
  'An inactive user cannot sign in.': 'Người dùng ngừng hoạt động không thể đăng nhập.',
  // The user form's messages (the shared schemas and the server answer in English on this screen)
  [USER_MSG.fullNameRequired]: 'Vui lòng nhập họ và tên',
  [USER_MSG.fullNameTooLong]: `Họ và tên không được vượt quá ${USER_LIMITS.fullName} ký tự`,
  [USER_MSG.usernameRequired]: 'Vui lòng nhập tên đăng nhập',
  [USER_MSG.usernameInvalid]: `Tên đăng nhập gồm ${USER_LIMITS.usernameMin}-${USER_LIMITS.username} ký tự: chữ, số và . _ - @ +`,
  [USER_MSG.emailRequired]: 'Vui lòng nhập email',
  [USER_MSG.emailInvalid]: 'Email không hợp lệ',
  [USER_MSG.passwordRequired]: 'Vui lòng nhập mật khẩu',
  [USER_MSG.passwordTooShort]: 'Mật khẩu phải có ít nhất 8 ký tự',
  [USER_MSG.passwordTooLong]: 'Mật khẩu không được vượt quá 200 ký tự',
  [USER_MSG.passwordTooCommon]:
    'Mật khẩu này quá phổ biến và dễ đoán. Hãy chọn mật khẩu khác, ví dụ vài từ không liên quan kèm một con số.',
  [USER_MSG.roleInvalid]: 'Vai trò phải là Bệnh nhân, Nhân viên hoặc Bác sĩ',
  [USER_MSG.specialtyRequired]: 'Vui lòng chọn chuyên khoa cho bác sĩ',
  [USER_MSG.specialtyUnknown]: 'Chuyên khoa không tồn tại',
  [USER_MSG.genderInvalid]: 'Giới tính phải là Nam, Nữ hoặc Khác',
  [USER_MSG.birthInvalid]: 'Ngày sinh phải là một ngày hợp lệ trong quá khứ',
  [USER_MSG.phoneInvalid]: 'Số điện thoại không hợp lệ',
  [USER_MSG.usernameTaken]: 'Tên đăng nhập này đã được sử dụng',
  [USER_MSG.emailTaken]: 'Email này đã được tài khoản khác sử dụng',
  [USER_MSG.adminProtected]: 'Không thể thay đổi tài khoản quản trị viên tại đây',
  [USER_MSG.selfProtected]: 'Bạn không thể thay đổi tài khoản của chính mình tại đây',
  [USER_MSG.userNotFound]: 'Không tìm thấy người dùng',
  [USER_MSG.created]: 'Đã tạo người dùng',
  [USER_MSG.updated]: 'Đã cập nhật người dùng',
  [USER_MSG.createFailed]: 'Không thể tạo người dùng',
  [USER_MSG.updateFailed]: 'Không thể cập nhật người dùng',
  // Users → Import from Excel, and its results window
  'Import users from Excel': 'Nhập người dùng từ Excel',
  'Import users': 'Nhập người dùng',
  'Uploading...': 'Đang tải lên...',
  'Upload and import': 'Tải lên và nhập',
  'The first row holds the column names:': 'Dòng đầu tiên ghi tên các cột:',
  [`${USER_IMPORT_REQUIRED_COLUMNS.join(', ')} are required; a Doctor needs a Specialty; Admin accounts cannot be imported.`]: `${USER_IMPORT_REQUIRED_COLUMNS.join(', ')} là bắt buộc; bác sĩ cần có Specialty (chuyên khoa); không thể nhập tài khoản quản trị viên.`,
  'Each imported user gets the username as password and must choose a new one at first sign-in.':
    'Mỗi người dùng được nhập có mật khẩu là tên đăng nhập và phải đặt mật khẩu mới khi đăng nhập lần đầu.',
  'Download template': 'Tải tệp mẫu',
  'Failed to download the template': 'Không thể tải tệp mẫu',
  'Excel file (.xlsx)': 'Tệp Excel (.xlsx)',
  [`At most ${USER_LIMITS.importMaxBytes / 1024 / 1024} MB and ${USER_LIMITS.importMaxRows.toLocaleString('en-US')} rows.`]: `Tối đa ${USER_LIMITS.importMaxBytes / 1024 / 1024} MB và ${USER_LIMITS.importMaxRows.toLocaleString('vi-VN')} dòng.`,
  'Import results': 'Kết quả nhập',
  Summary: 'Tóm tắt',
  Imported: 'Đã nhập',
  Failed: 'Thất bại',
  'Rows that were not imported': 'Các dòng không nhập được',
  Row: 'Dòng',
  Error: 'Lỗi',
  'Every row was imported.': 'Đã nhập tất cả các dòng.',
  [USER_MSG.invalidExcel]: 'Vui lòng chọn tệp Excel hợp lệ (.xlsx)',
  [USER_MSG.importTooLarge]: `Tệp lớn hơn ${USER_LIMITS.importMaxBytes / 1024 / 1024} MB`,
  [USER_MSG.importTooManyRows]: `Tệp có hơn ${USER_LIMITS.importMaxRows} dòng; hãy chia thành các tệp nhỏ hơn`,
  [USER_MSG.importEmpty]: 'Tệp không có dòng người dùng nào dưới dòng tiêu đề',
  [USER_MSG.importAdminRefused]: 'Không thể nhập tài khoản quản trị viên (ADMIN)',
  [USER_MSG.importTimedOut]:
    'Chưa tạo: quá thời gian nhập. Hãy nhập lại tệp; các dòng đã tạo sẽ được báo là đã tồn tại',
  [USER_MSG.importFailed]: 'Không thể nhập người dùng',
  // Booking Manager (its screen is in Vietnamese; the calls' English fallbacks of specification section 8)
  [BOOKING_UI_MSG.fetchFailed]: 'Không thể tìm lịch hẹn',
  [BOOKING_UI_MSG.statsFailed]: 'Không thể tải thống kê lịch hẹn',
  [BOOKING_UI_MSG.updateApiFailed]: 'Không thể cập nhật lịch hẹn',
  [BOOKING_UI_MSG.confirmApiFailed]: 'Không thể xác nhận lịch hẹn',
  [BOOKING_UI_MSG.cancelApiFailed]: 'Không thể hủy lịch hẹn',
  [BOOKING_UI_MSG.deleteApiFailed]: 'Không thể xóa lịch hẹn',
  [BOOKING_UI_MSG.requestPaymentApiFailed]: 'Không thể gửi yêu cầu thanh toán',
  [BOOKING_UI_MSG.markPaidApiFailed]: 'Không thể đánh dấu lịch hẹn đã thanh toán',
  [BOOKING_UI_MSG.assignApiFailed]: 'Không thể chỉ định bác sĩ cho lịch hẹn',
  [BOOKING_UI_MSG.departmentsApiFailed]: 'Không thể tải danh sách khoa',
  'Failed to check availability': 'Không thể kiểm tra chỗ trống',
  'Failed to create appointment': 'Không thể tạo lịch hẹn',
  // Patient Control's page and windows (notes, no-show, add patient)
  'Add Patient': 'Thêm bệnh nhân',
  'Search patients...': 'Tìm bệnh nhân...',
  [PATIENT_FILTER_LABELS.all]: 'Tất cả bệnh nhân',
  [PATIENT_FILTER_LABELS.upcoming]: 'Có lịch hẹn sắp tới',
  [PATIENT_FILTER_LABELS.past]: 'Chỉ có lịch hẹn đã qua',
  'Total Patients': 'Tổng số bệnh nhân',
  'Total Confirmed Appointments': 'Tổng lịch hẹn đã xác nhận',
  [PATIENT_MSG.noneScheduled]: 'Chưa có lịch hẹn',
  [PATIENT_MSG.notSpecified]: 'Không ghi',
  [PATIENT_MSG.loadFailed]: 'Không thể tải danh sách bệnh nhân có lịch hẹn',
  'Save Notes': 'Lưu ghi chú',
  'Save Notes & Schedule Follow-up': 'Lưu ghi chú và hẹn tái khám',
  [BOOKING_UI_MSG.notesApiFailed]: 'Không thể lưu ghi chú',
  [BOOKING_UI_MSG.statusApiFailed]: 'Không thể cập nhật trạng thái lịch hẹn',
  Previous: 'Trước',
  Next: 'Sau',
};

/** A pattern that reads back what `sample` was made of: each of `parts` becomes a group. */
function shapeOf(sample: string, ...parts: string[]): RegExp {
  let source = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const part of parts) source = source.replace(part, '(.+?)');
  return new RegExp(`^${source}$`);
}

/** The server's English sentences that carry a name or a number, with their Vietnamese. */
const BACK_OFFICE_VI_SHAPES: readonly { shape: RegExp; vi: (...parts: string[]) => string }[] = [
  {
    shape: shapeOf(USER_MSG.importDuplicateInFile('FIELD', 123456789), 'FIELD', '123456789'),
    vi: (field, row) => `${translateBackOffice(field!, 'vi')} trùng với dòng ${row} của tệp`,
  },
  {
    shape: shapeOf(USER_MSG.importMissingColumns(['COLUMNS']), 'COLUMNS'),
    vi: (columns) => `Dòng tiêu đề còn thiếu: ${columns}`,
  },
  {
    shape: shapeOf(USER_MSG.importSummary(123456789, 987654321), '123456789', '987654321'),
    vi: (success, failed) => `Đã nhập: ${success}, thất bại: ${failed}`,
  },
];

/** The text in the chosen language: the Vietnamese when there is one, else the English as it is. */
export function translateBackOffice(text: string, language: BackOfficeLanguage): string {
  return language === 'vi' ? (BACK_OFFICE_VI[text] ?? text) : text;
}

/**
 * A server's sentence in the chosen language: the table's Vietnamese, or that of a sentence with
 * a name or a number in it; an import row's several problems ('a; b') each on its own.
 */
export function translateServerText(text: string, language: BackOfficeLanguage): string {
  if (language !== 'vi') return text;
  const known = BACK_OFFICE_VI[text];
  if (known) return known;
  for (const { shape, vi } of BACK_OFFICE_VI_SHAPES) {
    const found = shape.exec(text);
    if (found) return vi(...found.slice(1));
  }
  return text.includes('; ')
    ? text
        .split('; ')
        .map((part) => translateServerText(part, language))
        .join('; ')
    : text;
}
