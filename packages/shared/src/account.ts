import { z } from './zod';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

export const ACCOUNT_MSG = {
  currentPasswordRequired: 'Vui lòng nhập mật khẩu hiện tại',
  newPasswordTooShort: `Mật khẩu mới phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự`,
  confirmPasswordRequired: 'Vui lòng xác nhận mật khẩu mới',
  passwordMismatch: 'Mật khẩu xác nhận không khớp',
  passwordChanged: 'Đổi mật khẩu thành công',
  changePasswordFailed: 'Đổi mật khẩu thất bại',
  wrongCurrentPassword: 'Mật khẩu hiện tại không đúng',
  samePassword: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  newPasswordRequired: 'Vui lòng nhập mật khẩu mới',
  newPasswordTooLong: `Mật khẩu không được vượt quá ${PASSWORD_MAX_LENGTH} ký tự`,
  passwordTooCommon:
    'Mật khẩu này quá phổ biến và dễ bị đoán. Hãy chọn mật khẩu khác, ví dụ ghép vài từ không liên quan với số.',
  // Accounts (docs/PRODUCT.md §5).
  invalidUserId: 'ID người dùng không hợp lệ',
  userNotFound: 'Không tìm thấy người dùng',
  adminProtected: 'Không thể thay đổi tài khoản quản trị viên',
  deactivated: 'Đã vô hiệu hóa tài khoản',
} as const;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: ACCOUNT_MSG.currentPasswordRequired })
    .min(1, ACCOUNT_MSG.currentPasswordRequired)
    .max(200),
  newPassword: newPasswordSchema({
    required: ACCOUNT_MSG.newPasswordRequired,
    tooShort: ACCOUNT_MSG.newPasswordTooShort,
    tooLong: ACCOUNT_MSG.newPasswordTooLong,
    tooCommon: ACCOUNT_MSG.passwordTooCommon,
  }),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The new token replaces every earlier one of the user (docs/PRODUCT.md §5). */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The form adds a confirmation field that never leaves the browser. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z
      .string({ error: ACCOUNT_MSG.confirmPasswordRequired })
      .min(1, ACCOUNT_MSG.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: ACCOUNT_MSG.passwordMismatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
