import { z } from './zod';
import { STATED } from './stated';
import { idListSchema, pageNumberSchema, pageSchema } from './common';
import { bulkResultSchema, isValidEmail, isValidPhone, normalizePhone } from './appointments/schemas';
import { isDateString } from './appointments/time';
import { newPasswordSchema } from './passwords';
import { ASSIGNABLE_ROLES, GENDERS, ROLES } from './roles';
import { userSchema } from './auth';
import { citizenIdPatchSchema } from './citizen-id';
import {
  BACK_OFFICE_LANGUAGE_CODES,
  PROFILE_MSG,
  USER_LIMITS,
  USER_MSG,
  USER_SORTS,
  USER_STATUS_FILTERS,
} from './users-texts';

export * from './users-texts';

const L = USER_LIMITS;
const M = USER_MSG;

// ---------------------------------------------------------------- field rules

const today = () => new Date().toISOString().slice(0, 10);

export function isValidBirth(value: string): boolean {
  return isDateString(value) && value >= L.birthMin && value <= today();
}

const USERNAME_RE = /^[A-Za-z0-9._@+-]+$/;
export function isValidUsername(value: string): boolean {
  return value.length >= L.usernameMin && value.length <= L.username && USERNAME_RE.test(value);
}

const username = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .refine(isValidUsername, M.usernameInvalid)
  .meta({ pattern: STATED.username });
const email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(L.email, M.emailInvalid)
  .refine(isValidEmail, M.emailInvalid)
  .transform((v) => v.toLowerCase())
  .meta({ pattern: STATED.email });
const fullName = z
  .string({ error: M.fullNameRequired })
  .trim()
  .min(1, M.fullNameRequired)
  .max(L.fullName, M.fullNameTooLong);
/** Absent, null and '' all mean "none". */
const optionalPhone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(L.phone, message)
    .refine((v) => v === '' || isValidPhone(v), message)
    .meta({ pattern: `${STATED.phone}|^$` })
    .nullish()
    .transform((v) => (v ? normalizePhone(v) : null));
const optionalBirth = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || isValidBirth(v), message)
    .meta({ pattern: `${STATED.birth}|^$` })
    .nullish()
    .transform((v) => (v ? v : null));
const specialty = z
  .string({ error: M.specialtyUnknown })
  .trim()
  .max(50, M.specialtyUnknown)
  .nullish()
  .transform((v) => (v ? v : null));

export const adminPasswordSchema = newPasswordSchema({
  required: M.passwordRequired,
  tooShort: M.passwordTooShort,
  tooLong: M.passwordTooLong,
  tooCommon: M.passwordTooCommon,
});

const accountFields = {
  username,
  email,
  fullName,
  role: z.enum(ASSIGNABLE_ROLES, { error: M.roleInvalid }).default('PATIENT'),
  specialty,
  gender: z.enum(GENDERS, { error: M.genderInvalid }).default('MALE'),
  birth: optionalBirth(M.birthInvalid),
  phone: optionalPhone(M.phoneInvalid),
  active: z.boolean({ error: M.activeInvalid }).default(true),
};

/** A doctor needs a specialty; any other role has none (specification section 5 "Edit user"). */
function specialtyFollowsRole<T extends { role: string; specialty: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.role === 'DOCTOR' && !value.specialty)
    ctx.addIssue({ code: 'custom', path: ['specialty'], message: M.specialtyRequired });
}
/** The same rule, stated in the OpenAPI document for generated clients. */
const specialtyRule = {
  anyOf: [
    { properties: { role: { enum: ROLES.filter((r) => r !== 'DOCTOR') } } },
    { required: ['specialty'], properties: { specialty: { type: 'string', pattern: '\\S' } } },
  ],
};
function clearSpecialtyUnlessDoctor<T extends { role: string; specialty: string | null }>(value: T): T {
  return value.role === 'DOCTOR' ? value : { ...value, specialty: null };
}

export const createUserRequestSchema = z
  .object({ ...accountFields, password: adminPasswordSchema })
  .superRefine(specialtyFollowsRole)
  .transform(clearSpecialtyUnlessDoctor)
  .meta(specialtyRule);
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;
export type CreateUserInput = z.output<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z
  .object(accountFields)
  .superRefine(specialtyFollowsRole)
  .transform(clearSpecialtyUnlessDoctor)
  .meta(specialtyRule);
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
export type UpdateUserInput = z.output<typeof updateUserRequestSchema>;

/**
 * PUT /users/profile (specification section 5 "Profile update"): birth and gender are left as
 * they are when absent; an empty phone clears it; e-mail, username and role never change here.
 */
export const updateProfileRequestSchema = z.object({
  fullName: z
    .string({ error: PROFILE_MSG.fullNameRequired })
    .trim()
    .min(1, PROFILE_MSG.fullNameRequired)
    .max(L.fullName, PROFILE_MSG.fullNameTooLong),
  birth: z
    .string({ error: PROFILE_MSG.birthInvalid })
    .trim()
    .refine((v) => v === '' || isValidBirth(v), PROFILE_MSG.birthInvalid)
    .meta({ pattern: `${STATED.birth}|^$` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  gender: z.enum(GENDERS, { error: PROFILE_MSG.genderInvalid }).optional(),
  phone: optionalPhone(PROFILE_MSG.phoneInvalid),
  /** Her citizen identification number (12 digits): absent leaves it, '' or null clears it. */
  citizenId: citizenIdPatchSchema,
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;

/** PATCH /users/profile/preferences: the signed-in user's back-office language, 'en' (the default) or 'vi'. */
export const updatePreferencesRequestSchema = z.object({
  backOfficeLanguage: z.enum(BACK_OFFICE_LANGUAGE_CODES, { error: PROFILE_MSG.backOfficeLanguageInvalid }),
});
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequestSchema>;

/** The answer of PATCH /users/profile/preferences: what is now stored. */
export const preferencesSchema = z.object({ backOfficeLanguage: z.enum(BACK_OFFICE_LANGUAGE_CODES) });
export type Preferences = z.infer<typeof preferencesSchema>;

// ---------------------------------------------------------------- lists

export const userListQuerySchema = z.object({
  page: pageNumberSchema(M.invalidPage, 1, L.maxPage),
  size: pageNumberSchema(M.invalidPageSize, L.pageSize, L.maxPageSize, M.pageSizeTooLarge),
  /** Searches full name, username, e-mail and phone. */
  q: z.string().trim().max(L.search, M.searchTooLong).optional(),
  role: z.enum(ROLES, { error: M.invalidRole }).optional(),
  status: z.enum(USER_STATUS_FILTERS, { error: M.invalidStatus }).optional(),
  sort: z.enum(USER_SORTS, { error: M.invalidSort }).default('createdAt:desc'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListFilters = z.output<typeof userListQuerySchema>;

export const userPageSchema = pageSchema(userSchema);
export type UserPage = z.infer<typeof userPageSchema>;

export const userSearchQuerySchema = z.object({ name: z.string().trim().max(L.search, M.searchTooLong).default('') });
export const userRoleParamsSchema = z.object({ role: z.enum(ROLES, { error: M.invalidRole }) });

export const userMessageSchema = z.object({ message: z.string() });
export const userWithMessageSchema = z.object({ message: z.string(), user: userSchema });

/** POST /users/{id}/reset-password: the temporary password is shown once and never stored in clear. */
export const resetPasswordResponseSchema = z.object({ message: z.string(), temporaryPassword: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

// ---------------------------------------------------------------- bulk (docs/PRODUCT.md §1)

export const USER_BULK_ACTIONS = ['delete', 'activate', 'deactivate'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
export const userBulkRequestSchema = z.object(
  { ids: idListSchema({ invalid: M.invalidUserId, empty: M.bulkNoSelection, tooMany: M.bulkTooMany }, L.bulkMax) },
  { error: M.bulkNoSelection },
);
export type UserBulkRequest = z.infer<typeof userBulkRequestSchema>;
/** The same envelope as the appointments' bulk answers: counts, one line per id (code NOT_FOUND, ADMIN_PROTECTED, SELF_PROTECTED, ...), a summary. */
export const userBulkResultSchema = bulkResultSchema;
export type UserBulkResult = z.infer<typeof userBulkResultSchema>;

// ---------------------------------------------------------------- import

/** Specification section 3 "Import result": success count, failed count, each error with its row. */
export const importResultSchema = z.object({
  successCount: z.number().int(),
  failedCount: z.number().int(),
  /** row: the spreadsheet's own row number (the header is row 1). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  created: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int(),
      username: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
    }),
  ),
  message: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// ---------------------------------------------------------------- bulk account creation (Booking Manager)

export const CREATE_ACCOUNTS_MSG = {
  failed: 'Có lỗi xảy ra khi tạo tài khoản hàng loạt',
  exists: (email: string) => `Tài khoản với email ${email} đã tồn tại`,
  noEmail: 'Lịch hẹn không có email',
  summary: (created: number, skipped: number) => `Đã tạo ${created} tài khoản, bỏ qua ${skipped}`,
} as const;

/** POST /appointments/bulk/create-accounts: one PATIENT account per distinct e-mail of the selection. */
export const createAccountsResultSchema = z.object({
  created: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      email: z.string(),
      fullName: z.string().nullable(),
      /** Shown once; the patient must change it at first sign-in. */
      temporaryPassword: z.string(),
      linkedAppointments: z.number().int(),
    }),
  ),
  skipped: z.array(z.object({ appointmentId: z.number().int(), email: z.string().nullable(), reason: z.string() })),
  message: z.string(),
});
export type CreateAccountsResult = z.infer<typeof createAccountsResultSchema>;

// ---------------------------------------------------------------- Add Patient (Patient Control)

export const PATIENT_ACCOUNT_MSG = {
  emailRequired: 'Vui lòng nhập email',
  emailInvalid: 'Email không hợp lệ',
  exists: CREATE_ACCOUNTS_MSG.exists,
  created: 'Đã tạo tài khoản bệnh nhân',
  failed: 'Không thể tạo tài khoản bệnh nhân',
} as const;

/** POST /patients (ADMIN, STAFF): a PATIENT account whose user name is the e-mail (docs/PRODUCT.md §5). */
export const addPatientRequestSchema = z.object({
  fullName: z
    .string({ error: PROFILE_MSG.fullNameRequired })
    .trim()
    .min(1, PROFILE_MSG.fullNameRequired)
    .max(L.fullName, PROFILE_MSG.fullNameTooLong),
  email: z
    .string({ error: PATIENT_ACCOUNT_MSG.emailRequired })
    .trim()
    .min(1, PATIENT_ACCOUNT_MSG.emailRequired)
    .max(L.email, PATIENT_ACCOUNT_MSG.emailInvalid)
    .refine((v) => isValidEmail(v) && isValidUsername(v), PATIENT_ACCOUNT_MSG.emailInvalid)
    .transform((v) => v.toLowerCase())
    .meta({ pattern: STATED.usernameEmail }),
  phone: optionalPhone(PROFILE_MSG.phoneInvalid),
  gender: z
    .enum(GENDERS, { error: PROFILE_MSG.genderInvalid })
    .nullish()
    .transform((v) => v ?? null),
  birth: optionalBirth(PROFILE_MSG.birthInvalid),
});
export type AddPatientRequest = z.input<typeof addPatientRequestSchema>;
export type AddPatientInput = z.output<typeof addPatientRequestSchema>;

/** The temporary password is shown once; the patient's earlier bookings with that e-mail are linked to the account. */
export const addPatientResponseSchema = z.object({
  message: z.string(),
  user: userSchema,
  temporaryPassword: z.string(),
  linkedAppointments: z.number().int(),
});
export type AddPatientResponse = z.infer<typeof addPatientResponseSchema>;
