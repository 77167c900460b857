// The users screen's and the profile's limits and texts: no zod here, so the pages that only show
// them (the header, the profile's fallbacks) do not download the schemas (npm run report:bundle).

/**
 * The users screen and its calls (specification sections 2 "Admin: Users", 5 "Create user",
 * "Edit user", "Import", 7 "Users"; docs/PRODUCT.md §5). The screen is in English as the
 * specification says, so are its messages; the profile (a patient's page) is in Vietnamese.
 */
export const USER_LIMITS = {
  usernameMin: 3,
  username: 100,
  fullName: 100,
  email: 254,
  phone: 30,
  search: 100,
  /** Specification section 9: the users table shows 10 a page, at most 5 page buttons. */
  pageSize: 10,
  maxPageSize: 100,
  maxPage: 100_000,
  pageButtons: 5,
  bulkMax: 100,
  /** /users/search?name= answers at most this many. */
  searchResults: 50,
  /** An import: 2 MB and 1,000 data rows, far above a clinic's staff and patient lists of a day. */
  importMaxBytes: 2 * 1024 * 1024,
  importMaxRows: 1000,
  /** Birth dates before this are typing mistakes. */
  birthMin: '1900-01-01',
} as const;
const L = USER_LIMITS;

export const USER_MSG = {
  // Create and edit (English: the users screen).
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name must be at most ${L.fullName} characters`,
  usernameRequired: 'Username is required',
  usernameInvalid: `Username must be ${L.usernameMin}-${L.username} characters: letters, digits and . _ - @ +`,
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not a valid address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  passwordTooCommon:
    'This password is too common and easy to guess. Choose another one, for example a few unrelated words with a number.',
  roleInvalid: 'Role must be Patient, Staff or Doctor',
  specialtyRequired: 'Please select a specialty for the doctor',
  specialtyUnknown: 'Unknown specialty',
  genderInvalid: 'Gender must be Male, Female or Other',
  birthInvalid: 'Birth date is not a valid date in the past',
  phoneInvalid: 'Phone number is not valid',
  activeInvalid: 'Active must be true or false',
  // Server answers.
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already used by another account',
  adminProtected: 'Administrator accounts cannot be changed here',
  selfProtected: 'You cannot change your own account here',
  userNotFound: 'User not found',
  invalidUserId: 'Invalid user id',
  invalidRole: 'Unknown role',
  created: 'User created',
  updated: 'User updated',
  deleted: 'User deleted',
  activated: 'User activated',
  deactivated: 'User deactivated',
  alreadyActive: 'The user is already active',
  alreadyInactive: 'The user is already inactive',
  passwordReset: 'Password reset: give the user this temporary password; they must change it at next sign-in',
  bulkNoSelection: 'Please select at least one user',
  bulkTooMany: `At most ${L.bulkMax} users at a time`,
  bulkSummary: (success: number, skipped: number, failed: number) =>
    `Done: ${success}, skipped: ${skipped}, failed: ${failed}`,
  invalidPage: 'Invalid page number',
  invalidPageSize: 'Invalid page size',
  pageSizeTooLarge: `At most ${L.maxPageSize} rows a page`,
  searchTooLong: 'Search text is too long',
  invalidStatus: 'Status must be active or inactive',
  invalidSort: 'Unknown sort order',
  // Import.
  invalidExcel: 'Please select a valid Excel file (.xlsx)',
  importTooLarge: `The file is larger than ${L.importMaxBytes / 1024 / 1024} MB`,
  importTooManyRows: `The file has more than ${L.importMaxRows} rows; split it into smaller files`,
  importEmpty: 'The file has no user rows under the header row',
  importMissingColumns: (columns: string[]) => `The header row is missing: ${columns.join(', ')}`,
  importSummary: (success: number, failed: number) => `Imported: ${success}, failed: ${failed}`,
  importAdminRefused: 'ADMIN accounts cannot be imported',
  importDuplicateInFile: (field: string, row: number) => `${field} repeats row ${row} of the file`,
  importTimedOut:
    'Not created: the import ran out of time. Import the file again; the rows already created will show as taken',
  // Specification section 8, "Users": the calls' and the admin screen's fallbacks.
  fetchFailed: 'Failed to fetch users',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  deactivateFailed: 'Failed to deactivate user',
  importFailed: 'Failed to import users',
  loadFailed: 'Failed to load users',
  activateManyFailed: 'Failed to activate users',
  deactivateManyFailed: 'Failed to deactivate users',
  deleteManyFailed: 'Failed to delete users',
} as const;

/** Profile texts (specification sections 2 "Profile" and 8 "Users"), Vietnamese. */
export const PROFILE_MSG = {
  fetchFailed: 'Failed to fetch profile',
  updateFailed: 'Failed to update profile',
  loadFailed: 'Không thể tải thông tin người dùng',
  loadToast: 'Có lỗi khi tải thông tin người dùng',
  updated: 'Cập nhật thông tin thành công!',
  updateToast: 'Có lỗi khi cập nhật thông tin',
  notSet: 'Chưa cập nhật',
  fullNameRequired: 'Vui lòng nhập họ và tên',
  fullNameTooLong: `Họ và tên không được vượt quá ${L.fullName} ký tự`,
  birthInvalid: 'Ngày sinh không hợp lệ',
  genderInvalid: 'Giới tính không hợp lệ',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  emailLocked: 'Không thể thay đổi email',
  backOfficeLanguageInvalid: 'Ngôn ngữ trang quản trị không hợp lệ',
  preferencesFailed: 'Không thể lưu ngôn ngữ trang quản trị',
} as const;

/** The back-office's language (issue 25): the specification's English texts ('en', the default) or Vietnamese. */
export const BACK_OFFICE_LANGUAGE_CODES = ['en', 'vi'] as const;
export type BackOfficeLanguageCode = (typeof BACK_OFFICE_LANGUAGE_CODES)[number];

export const USER_STATUS_FILTERS = ['active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const USER_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'fullName:asc',
  'fullName:desc',
  'username:asc',
  'username:desc',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The Excel import's columns, in the order of the template (specification section 5 "Import"). */
export const USER_IMPORT_COLUMNS = [
  'Full Name',
  'Username',
  'Email',
  'Birth Date',
  'Gender',
  'Role',
  'Specialty',
] as const;
export const USER_IMPORT_REQUIRED_COLUMNS = ['Full Name', 'Username', 'Email'] as const;
