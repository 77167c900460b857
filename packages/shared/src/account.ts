import { z } from 'zod';

/** Password rules of the change-password screen (PRODUCT.md section 6: our extension). */
export const PASSWORD_MIN_LENGTH = 8;

export const ACCOUNT_MSG = {
  currentPasswordRequired: 'Vui lòng nhập mật khẩu hiện tại',
  newPasswordTooShort: `Mật khẩu mới phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự`,
  confirmPasswordRequired: 'Vui lòng xác nhận mật khẩu mới',
  passwordMismatch: 'Mật khẩu xác nhận không khớp',
  passwordChanged: 'Đổi mật khẩu thành công',
  changePasswordFailed: 'Đổi mật khẩu thất bại',
  wrongCurrentPassword: 'Mật khẩu hiện tại không đúng',
  samePassword: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  // Accounts (PRODUCT.md section 5).
  invalidUserId: 'ID người dùng không hợp lệ',
  userNotFound: 'Không tìm thấy người dùng',
  adminProtected: 'Không thể thay đổi tài khoản quản trị viên',
  deactivated: 'Đã vô hiệu hóa tài khoản',
} as const;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: ACCOUNT_MSG.currentPasswordRequired }).min(1, ACCOUNT_MSG.currentPasswordRequired).max(200),
  newPassword: z.string({ error: ACCOUNT_MSG.newPasswordTooShort }).min(PASSWORD_MIN_LENGTH, ACCOUNT_MSG.newPasswordTooShort).max(200),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The new token replaces every earlier one of the user (PRODUCT.md section 5). */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The form adds a confirmation field that never leaves the browser. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z.string({ error: ACCOUNT_MSG.confirmPasswordRequired }).min(1, ACCOUNT_MSG.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: ACCOUNT_MSG.passwordMismatch });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
