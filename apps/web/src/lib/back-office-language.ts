/**
 * The back-office's language (issue 25): the specification's English texts (Users, Patient Control,
 * Pending Approvals, ...) by default, or Vietnamese for whoever chooses 'Tiếng Việt' in /settings.
 * Kept per user on this device (localStorage, keyed by the user's id).
 */
export type BackOfficeLanguage = 'en' | 'vi';

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

export function subscribeBackOfficeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Vietnamese for the back-office's English texts, keyed by the English text itself. */
export const BACK_OFFICE_VI: Readonly<Record<string, string>> = {
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
};

/** The text in the chosen language: the Vietnamese when there is one, else the English as it is. */
export function translateBackOffice(text: string, language: BackOfficeLanguage): string {
  return language === 'vi' ? (BACK_OFFICE_VI[text] ?? text) : text;
}
