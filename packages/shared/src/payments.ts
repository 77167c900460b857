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

/**
 * The payments report of Booking History (issue 28): the money taken per day and method, the three
 * online providers from the ledger and the front desk's "mark paid" (tại quầy) from the trail.
 */
export const PAYMENT_REPORT_METHODS = [...PAYMENT_PROVIDERS, 'DESK'] as const;
export type PaymentReportMethod = (typeof PAYMENT_REPORT_METHODS)[number];
export const PAYMENT_REPORT_METHOD_LABELS: Record<PaymentReportMethod, string> = {
  ...PAYMENT_PROVIDER_LABELS,
  DESK: 'Tại quầy',
};

const paymentReportLine = z.object({
  method: z.enum(PAYMENT_REPORT_METHODS),
  count: z.number().int(),
  /** Đồng; a visit marked paid at the desk without an amount counts 0. */
  amount: z.number().int(),
});
export const paymentReportSchema = z.object({
  /** The period read in the clinic's zone (null: from the first payment, or to today). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Newest day first; within a day, in PAYMENT_REPORT_METHODS order. */
  days: z.array(paymentReportLine.extend({ day: z.string() })),
  byMethod: z.array(paymentReportLine),
  total: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** The report's CSV columns, as its header row says them. */
export const PAYMENT_REPORT_CSV_COLUMNS = ['Ngày', 'Phương thức', 'Số lượt', 'Số tiền (VNĐ)'] as const;
export const PAYMENT_REPORT_TOTAL_LABEL = 'Tổng cộng';

/** payments-report-2026-11-27.csv: the clinic's date of the export. */
export function paymentReportCsvFileName(today: string): string {
  return `payments-report-${today}.csv`;
}
