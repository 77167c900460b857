// Two-factor sign-in's constants and texts, without zod: the sign-in page reads them and stays small.

/** Two-factor sign-in (TOTP, RFC 6238): what the authenticator app and the server agree on. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1' } as const;
/** How many recovery codes an enrolment hands out, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a right password and its code may take. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

export const MFA_MSG = {
  codeRequired: 'Vui lòng nhập mã xác thực',
  codeInvalidFormat: 'Mã xác thực gồm 6 chữ số, hoặc nhập một mã khôi phục',
  wrongCode: 'Mã xác thực không đúng hoặc đã được dùng',
  challengeExpired: 'Phiên xác thực đã hết hạn. Vui lòng đăng nhập lại.',
  enrolmentRequired: 'Tài khoản của bạn bắt buộc bật xác thực hai bước trước khi tiếp tục.',
  alreadyEnabled: 'Xác thực hai bước đã được bật',
  notEnabled: 'Xác thực hai bước chưa được bật',
  noPendingSetup: 'Vui lòng bắt đầu lại việc thiết lập xác thực hai bước',
  enabled: 'Đã bật xác thực hai bước',
  disabled: 'Đã tắt xác thực hai bước',
  recoveryCodesRenewed: 'Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.',
  codeOrPasswordRequired: 'Vui lòng nhập mã xác thực hoặc mật khẩu',
  wrongCodeOrPassword: 'Mã xác thực hoặc mật khẩu không đúng',
  passwordChangeFirst: 'Vui lòng đổi mật khẩu trước khi bật xác thực hai bước.',
  // The users screen is in English (specification section 2).
  resetDone: 'Two-factor sign-in reset: the user signs in with the password and sets it up again',
  resetNotEnabled: 'This user has no two-factor sign-in to reset',
  resetSelf: 'Turn off your own two-factor sign-in from Settings',
  resetFailed: 'Failed to reset two-factor sign-in',
} as const;

/** A 6-digit code of the authenticator app, as opposed to a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
