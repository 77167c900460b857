import { z } from '../zod';
import { APPOINTMENT_LIMITS as L, APPOINTMENT_MSG as M } from './messages';
import { STATED } from '../stated';
import { isValidEmail, isValidPhone, managedAppointmentSchema, normalizePhone } from './schemas';

/**
 * Claiming the visits a patient booked signed out (issue 25, defect 9): from the private link she
 * holds while signed in, or with a six-digit code sent to the e-mail or the phone she booked with.
 * Never by a typed e-mail or number alone: the link or the code proves the e-mail or phone is hers.
 */

/** How long a code works, how many wrong answers spend it, how many codes an account may ask for in an hour. */
export const CLAIM_CODE_MINUTES = 15;
export const CLAIM_CODE_ATTEMPTS = 5;
export const CLAIM_CODES_PER_HOUR = 5;

export const CLAIM_MSG = {
  codeSent: `Nếu email này có lịch hẹn đặt khi chưa đăng nhập, một mã gồm 6 chữ số đã được gửi tới đó. Mã có hiệu lực trong ${CLAIM_CODE_MINUTES} phút.`,
  codeSentPhone: `Nếu số điện thoại này có lịch hẹn đặt khi chưa đăng nhập, một mã gồm 6 chữ số đã được gửi tới đó qua Zalo hoặc SMS. Mã có hiệu lực trong ${CLAIM_CODE_MINUTES} phút.`,
  oneContact: 'Vui lòng chọn email hoặc số điện thoại, không phải cả hai.',
  codeFormat: 'Mã xác nhận gồm 6 chữ số.',
  codeWrong: (left: number) => `Mã xác nhận không đúng. Bạn còn ${left} lần thử.`,
  codeSpent: 'Mã xác nhận đã hết hạn hoặc không còn dùng được. Vui lòng gửi mã mới.',
  tooManyCodes: 'Bạn đã yêu cầu quá nhiều mã. Vui lòng thử lại sau.',
  claimed: (n: number) =>
    n === 0 ? 'Không có lịch hẹn nào để thêm vào tài khoản.' : `Đã thêm ${n} lịch hẹn vào tài khoản của bạn.`,
  claimedOne: 'Đã thêm lịch hẹn vào tài khoản của bạn.',
  alreadyYours: 'Lịch hẹn này đã có trong tài khoản của bạn.',
  otherAccount: 'Lịch hẹn này đã thuộc một tài khoản khác.',
  notYours:
    'Lịch hẹn này được đặt với email và số điện thoại khác với tài khoản của bạn. Vui lòng cập nhật hồ sơ hoặc liên hệ phòng khám.',
  patientsOnly: 'Chỉ tài khoản bệnh nhân mới có thể thêm lịch hẹn vào tài khoản.',
} as const;

/** The e-mail the code goes to (the account's own when neither is given), or the phone: never both. */
export const claimCodeRequestSchema = z
  .object({
    email: z
      .string({ error: M.invalidEmail })
      .trim()
      .max(L.email, M.invalidEmail)
      .refine(isValidEmail, M.invalidEmail)
      .transform((v) => v.toLowerCase())
      .meta({ pattern: STATED.email })
      .optional(),
    phone: z
      .string({ error: M.invalidPhone })
      .trim()
      .min(1, M.invalidPhone)
      .max(L.phone, M.invalidPhone)
      .refine(isValidPhone, M.invalidPhone)
      .transform(normalizePhone)
      .meta({ pattern: STATED.phone })
      .optional(),
  })
  .refine((v) => v.email === undefined || v.phone === undefined, { message: CLAIM_MSG.oneContact, path: ['phone'] })
  // Said in the API's document too: one of the two, or neither (the account's own e-mail).
  .meta({ maxProperties: 1 });
export type ClaimCodeRequest = z.input<typeof claimCodeRequestSchema>;
export const claimCodeResponseSchema = z.object({ message: z.string(), expiresInMinutes: z.number().int() });
export type ClaimCodeResponse = z.infer<typeof claimCodeResponseSchema>;

export const claimVerifyRequestSchema = z.object(
  {
    code: z
      .string({ error: CLAIM_MSG.codeFormat })
      .trim()
      .regex(/^\d{6}$/, CLAIM_MSG.codeFormat),
  },
  { error: CLAIM_MSG.codeFormat },
);
export type ClaimVerifyRequest = z.input<typeof claimVerifyRequestSchema>;
export const claimVerifyResponseSchema = z.object({ message: z.string(), claimed: z.number().int() });
export type ClaimVerifyResponse = z.infer<typeof claimVerifyResponseSchema>;

export const claimByLinkResponseSchema = z.object({ message: z.string(), appointment: managedAppointmentSchema });
export type ClaimByLinkResponse = z.infer<typeof claimByLinkResponseSchema>;
