import { z } from 'zod';

/** How a patient pays online (issue 28). */
export const PAYMENT_PROVIDERS = ['VNPAY', 'MOMO', 'VIETQR'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  VNPAY: 'VNPay',
  MOMO: 'Ví MoMo',
  VIETQR: 'Chuyển khoản VietQR',
};

/** One attempt: made when she picks a method, settled by the provider's notification only. */
/** REFUND_DUE: money taken that is not the visit's payment (cancelled, or already paid otherwise). */
export const PAYMENT_ATTEMPT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUND_DUE'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** What the ledger did with one notification from a provider. */
export const PAYMENT_NOTIFICATION_OUTCOMES = [
  'PAID',
  'DUPLICATE',
  'ALREADY_PAID',
  'AMOUNT_MISMATCH',
  'CANCELLED_REFUND',
  'FAILED',
  'BAD_SIGNATURE',
  'UNKNOWN_ORDER',
] as const;
export type PaymentNotificationOutcome = (typeof PAYMENT_NOTIFICATION_OUTCOMES)[number];

/** What staff must look at: money that does not match, or money for a visit that will not take place. */
export const PAYMENT_FLAGS = ['AMOUNT_MISMATCH', 'REFUND'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

export const PAYMENT_MSG = {
  linkNotFound: 'Liên kết thanh toán không tồn tại hoặc đã hết hiệu lực',
  notPayable: 'Lịch hẹn này hiện không có khoản cần thanh toán',
  paid: 'Đã thanh toán',
  waiting: 'Đang chờ xác nhận thanh toán',
  failed: 'Thanh toán chưa thành công. Quý khách có thể thử lại.',
  providerUnavailable: 'Cổng thanh toán tạm thời không phản hồi, vui lòng thử lại sau',
  badSignature: 'Chữ ký không hợp lệ',
  methodOff: 'Phương thức thanh toán này chưa được phòng khám bật',
} as const;

export const payTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

export const paymentMethodSchema = z.enum(PAYMENT_PROVIDERS);

/** What /pay/{token} shows: the clinic, the visit (never its health reason), the amount and the methods. */
export const payPageSchema = z.object({
  clinicName: z.string(),
  appointmentId: z.number().int(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  departmentName: z.string(),
  /** Đồng. */
  amount: z.number().int().nullable(),
  paid: z.boolean(),
  payable: z.boolean(),
  methods: z.array(paymentMethodSchema),
});
export type PayPage = z.infer<typeof payPageSchema>;

export const startPaymentRequestSchema = z.object({ method: paymentMethodSchema });
export const startPaymentResponseSchema = z.object({
  method: paymentMethodSchema,
  reference: z.string(),
  /** Where the browser goes (VNPay, MoMo); null for VietQR. */
  redirectUrl: z.string().nullable(),
  /** The EMVCo payload to draw as a QR (VietQR). */
  qrPayload: z.string().nullable(),
  amount: z.number().int(),
});
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

/** The appointment's payment as the booking detail shows it. */
export const appointmentPaymentSchema = z.object({
  provider: paymentMethodSchema,
  reference: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  providerTransactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export const appointmentPaymentsSchema = z.object({
  payments: z.array(appointmentPaymentSchema),
  flags: z.array(
    z.object({
      flag: z.enum(PAYMENT_FLAGS),
      reference: z.string(),
      amount: z.number().int().nullable(),
      receivedAt: z.string(),
    }),
  ),
});

/** The result page after the provider's return: only what the IPN already settled. */
export const paymentReturnSchema = z.object({
  verified: z.boolean(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES).nullable(),
  amount: z.number().int().nullable(),
  provider: paymentMethodSchema.nullable(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;
