import { z } from 'zod';
import { formatVnd } from './format';

/** How a patient pays online (issue 28). */
export const PAYMENT_PROVIDERS = ['VNPAY', 'MOMO', 'VIETQR'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  VNPAY: 'VNPay',
  MOMO: 'Ví MoMo',
  VIETQR: 'Chuyển khoản VietQR',
};

/**
 * What an attempt pays: the visit (a payment request, less any deposit), or the deposit that holds
 * a public booking's slot in a department that asks one (issue 28).
 */
export const PAYMENT_KINDS = ['VISIT', 'DEPOSIT'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How long a booking's slot is held while she pays its deposit; unpaid, it goes to the waiting list. */
export const DEPOSIT_HOLD_MINUTES = 15;

/** The deposit a department may ask, in đồng. */
export const DEPOSIT_LIMITS = { min: 10_000, max: 10_000_000 } as const;

/** Whether a booking's slot is held at `now` for a deposit not yet paid (the server's rule: provider-payment.service). */
export function isDepositDue(
  a: { status: string; depositAmount: number | null; depositDueAt: string | null; depositPaidAt: string | null },
  now: Date,
): boolean {
  return (
    a.depositAmount != null &&
    a.depositPaidAt == null &&
    a.depositDueAt != null &&
    ['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED'].includes(a.status) &&
    new Date(a.depositDueAt).getTime() > now.getTime()
  );
}

/**
 * A place held without a deposit and not yet booked (lapsed or not): a connected booking app's
 * Appointment/$hold (issue 38, docs/FHIR.md). The server's rule (held-places.service) and Booking
 * Manager's: until the app books it (its hold's end cleared) it is no booking staff may confirm,
 * give a doctor, move or cancel; unbooked, the deposit holds' job releases it.
 */
export function isHeldPlace(a: {
  status: string;
  depositAmount: number | null;
  depositDueAt: string | Date | null;
  depositPaidAt: string | Date | null;
}): boolean {
  return (
    a.depositDueAt != null &&
    a.depositAmount == null &&
    a.depositPaidAt == null &&
    (a.status === 'PENDING' || a.status === 'CONFIRMED')
  );
}

/** What staff read of a held place, and why they may not act on it yet. */
export const HELD_PLACE_TEXT = {
  /** "Giữ chỗ đến 09:45" (the hold's end, clinic time). */
  until: (time: string) => `Giữ chỗ đến ${time}`,
  /** Who holds it: only a connected app holds a place without a deposit. */
  by: 'qua ứng dụng kết nối',
  lapsed: 'Hết thời gian giữ chỗ, đang chờ trả lại chỗ',
  refused:
    'Chỗ này đang được giữ qua ứng dụng kết nối, chưa phải lịch hẹn: chờ ứng dụng đặt lịch (hoặc hết thời gian giữ chỗ) rồi mới xử lý',
} as const;

/** The visit's amount still due once the deposit she paid is counted; never below 0. */
export const amountDueAfterDeposit = (amount: number, depositPaid: number) => Math.max(0, amount - depositPaid);

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
  noOnlineMethods: 'Phòng khám hiện chưa nhận thanh toán trực tuyến. Quý khách vui lòng thanh toán tại quầy.',
  payDeposit: 'Thanh toán đặt cọc',
  depositLabel: 'Tiền đặt cọc',
  depositDeducted: 'Đã trừ tiền đặt cọc',
  depositSurplus: (amount: string) => `Hoàn lại phần tiền cọc dư ${amount}`,
  depositExpired: `Không thanh toán tiền đặt cọc trong ${DEPOSIT_HOLD_MINUTES} phút`,
  depositHeld: (amount: string, until: string) =>
    `Chỗ của quý khách được giữ đến ${until}. Vui lòng thanh toán tiền đặt cọc ${amount} trước thời điểm đó, nếu không lịch hẹn sẽ tự động bị hủy.`,
  depositInvalid: `Tiền đặt cọc phải là số nguyên từ ${formatVnd(DEPOSIT_LIMITS.min)} đến ${formatVnd(DEPOSIT_LIMITS.max)}`,
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
  /** What it pays now: the deposit that holds the slot, or the visit. */
  kind: z.enum(PAYMENT_KINDS),
  /** Đồng: what is due now (a visit's amount less the deposit paid). */
  amount: z.number().int().nullable(),
  /** Đồng: the deposit already paid and counted toward the visit (0 when none). */
  depositPaid: z.number().int(),
  /** Until when the slot is held for the deposit (ISO), while it is due. */
  depositDueAt: z.string().nullable(),
  paid: z.boolean(),
  payable: z.boolean(),
  methods: z.array(paymentMethodSchema),
});
export type PayPage = z.infer<typeof payPageSchema>;

/** The methods the clinic takes online now (none: online payment is off, e.g. production without keys). */
export const paymentMethodsSchema = z.object({ methods: z.array(paymentMethodSchema) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

export const startPaymentRequestSchema = z.object({ method: paymentMethodSchema });
export const startPaymentResponseSchema = z.object({
  method: paymentMethodSchema,
  reference: z.string(),
  /** Where the browser goes (VNPay, MoMo); null for VietQR. */
  redirectUrl: z.string().nullable(),
  /** The EMVCo payload to draw as a QR (VietQR). */
  qrPayload: z.string().nullable(),
  amount: z.number().int(),
  /**
   * VietQR (issue 35): the clinic's account as she types or pastes it into her banking app on the phone
   * she pays from (a QR on her own screen cannot be scanned). Null for the other methods.
   */
  bank: z
    .object({ bin: z.string(), name: z.string(), accountNo: z.string(), accountName: z.string().nullable() })
    .nullable()
    .optional(),
});
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

/**
 * A refund to track (issue 28): PENDING until the provider's refund call is made, PROCESSING while
 * it is under way (or the provider is still working on it), DONE, FAILED (the provider refused: staff
 * retry), MANUAL (no refund call: a VietQR transfer or a payment at the desk, given back by hand).
 */
export const REFUND_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'FAILED', 'MANUAL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * Why money goes back (issue 34): PAYMENT, a payment the visit took or could not take (cancelled,
 * paid twice), given back whole; SURPLUS, the part of a paid deposit beyond the visit's price;
 * UNMATCHED, money received that no payable visit took (a second transfer for a paid reference, a
 * transfer naming another provider's or no known reference, a wrong amount), given back by hand.
 */
export const REFUND_REASONS = ['PAYMENT', 'SURPLUS', 'UNMATCHED'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  PAYMENT: 'Hoàn khoản thanh toán',
  SURPLUS: 'Hoàn phần tiền cọc vượt số tiền khám',
  UNMATCHED: 'Tiền nhận được không khớp lịch hẹn nào cần thanh toán',
};

/** A refund staff still have to see through. */
export const OPEN_REFUND_STATUSES = [
  'PENDING',
  'PROCESSING',
  'FAILED',
  'MANUAL',
] as const satisfies readonly RefundStatus[];

export const REFUND_MSG = {
  notFound: 'Không tìm thấy khoản hoàn tiền',
  invalidId: 'Mã khoản hoàn tiền không hợp lệ',
  notRetryable: 'Khoản hoàn tiền này không thể gửi lại cổng thanh toán',
  notMarkable: 'Khoản hoàn tiền này đã hoàn tất hoặc đang được cổng thanh toán xử lý',
  providerNoAnswer: 'Cổng thanh toán không phản hồi',
  providerOff: (provider: string) =>
    `${provider} chưa được cấu hình trên máy chủ này: vui lòng hoàn tiền thủ công và ghi lại mã giao dịch`,
  sent: 'Đã gửi yêu cầu hoàn tiền tới cổng thanh toán',
  markedDone: 'Đã ghi nhận hoàn tiền',
  invalidReference: 'Vui lòng nhập mã giao dịch hoàn tiền (tối đa 100 ký tự)',
} as const;

export const refundIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: REFUND_MSG.invalidId })
    .int(REFUND_MSG.invalidId)
    .positive(REFUND_MSG.invalidId)
    .max(2_147_483_647, REFUND_MSG.invalidId),
});

/** A refund as the booking detail and the 'Hoàn tiền' list show it. */
export const refundSchema = z.object({
  id: z.number().int(),
  /** Null: money that named no visit of ours (an unknown reference), given back by hand. */
  appointmentId: z.number().int().nullable(),
  reason: z.enum(REFUND_REASONS),
  /** Null: paid at the desk, given back by hand. */
  provider: paymentMethodSchema.nullable(),
  /** The payment it gives back (its reference), when it was paid online, or the reference the money named. */
  paymentReference: z.string().nullable(),
  /** The provider's (the bank's) id of the money received, for a refund of money no visit took. */
  receivedTransactionId: z.string().nullable(),
  /** Đồng. */
  amount: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's refund transaction, or the bank reference staff wrote. */
  providerRefundId: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A row of the 'Hoàn tiền' list: the refund and the visit it belongs to (never the reason). */
export const refundListItemSchema = refundSchema.extend({
  fullName: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  appointmentTime: z.string().nullable(),
});
export const refundListSchema = z.object({ refunds: z.array(refundListItemSchema) });
export type RefundList = z.infer<typeof refundListSchema>;

export const markRefundDoneRequestSchema = z.object({
  reference: z
    .string({ error: REFUND_MSG.invalidReference })
    .trim()
    .min(1, { error: REFUND_MSG.invalidReference })
    .max(100, { error: REFUND_MSG.invalidReference }),
});
export type MarkRefundDoneRequest = z.infer<typeof markRefundDoneRequestSchema>;

export const refundActionResponseSchema = z.object({ message: z.string(), refund: refundSchema });
export type RefundActionResponse = z.infer<typeof refundActionResponseSchema>;

/** The appointment's payment as the booking detail shows it. */
export const appointmentPaymentSchema = z.object({
  kind: z.enum(PAYMENT_KINDS),
  provider: paymentMethodSchema,
  reference: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  providerTransactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export const appointmentPaymentsSchema = z.object({
  payments: z.array(appointmentPaymentSchema),
  refunds: z.array(refundSchema),
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

/** ADMIN sets a department's deposit (issue 28): an amount in đồng, or null for none. */
export const departmentDepositRequestSchema = z.object(
  {
    depositAmount: z
      .number({ error: PAYMENT_MSG.depositInvalid })
      .int(PAYMENT_MSG.depositInvalid)
      .min(DEPOSIT_LIMITS.min, PAYMENT_MSG.depositInvalid)
      .max(DEPOSIT_LIMITS.max, PAYMENT_MSG.depositInvalid)
      .nullable(),
  },
  { error: PAYMENT_MSG.depositInvalid },
);
export type DepartmentDepositRequest = z.infer<typeof departmentDepositRequestSchema>;
export const departmentCodeParamsSchema = z.object({
  code: z.string().regex(/^[A-Z_]{1,40}$/, 'Mã khoa không hợp lệ'),
});

/**
 * The money of a day or a period (issues 28 and 35), one computation for the payments report of
 * Booking History and the Dashboard: what came in per method (VNPay, MoMo, VietQR from the payment
 * ledger, deposits and visits' payments alike; 'Tại quầy' from the front desk's "mark paid"), what
 * went back (refunds done, by the method they went back by), and the net. Each payment counts once,
 * on the clinic's day (Asia/Ho_Chi_Minh) the ledger recorded the money; a refund on the day it was
 * done (README, "Money in, refunds out").
 */
export const PAYMENT_REPORT_METHODS = [...PAYMENT_PROVIDERS, 'DESK'] as const;
export type PaymentReportMethod = (typeof PAYMENT_REPORT_METHODS)[number];
export const PAYMENT_REPORT_METHOD_LABELS: Record<PaymentReportMethod, string> = {
  ...PAYMENT_PROVIDER_LABELS,
  DESK: 'Tại quầy',
};
/** The three figures, labelled the same on every screen that shows them. */
export const LEDGER_LABELS = { in: 'Tiền vào', out: 'Hoàn tiền', net: 'Thực thu' } as const;

const paymentReportLine = z.object({
  method: z.enum(PAYMENT_REPORT_METHODS),
  /** Money in: how many payments, and đồng (a visit marked paid at the desk without an amount counts 0). */
  count: z.number().int(),
  amount: z.number().int(),
  /** Refunds done: how many, and đồng. */
  refundCount: z.number().int(),
  refundAmount: z.number().int(),
});
const ledgerTotalSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  refundCount: z.number().int(),
  refundAmount: z.number().int(),
  /** amount − refundAmount. */
  net: z.number().int(),
});
/** The figures of a day or period: per method (in PAYMENT_REPORT_METHODS order) and in all. */
export const ledgerSummarySchema = z.object({
  byMethod: z.array(paymentReportLine),
  total: ledgerTotalSchema,
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;
export const paymentReportSchema = ledgerSummarySchema.extend({
  /** The period read in the clinic's zone (null: from the first payment, or to today). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Newest day first; within a day, in PAYMENT_REPORT_METHODS order. */
  days: z.array(paymentReportLine.extend({ day: z.string() })),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** The report's CSV columns, as its header row says them. */
export const PAYMENT_REPORT_CSV_COLUMNS = [
  'Ngày',
  'Phương thức',
  'Số lượt thu',
  `${LEDGER_LABELS.in} (VNĐ)`,
  'Số lượt hoàn',
  `${LEDGER_LABELS.out} (VNĐ)`,
  `${LEDGER_LABELS.net} (VNĐ)`,
] as const;
export const PAYMENT_REPORT_TOTAL_LABEL = 'Tổng cộng';

/** payments-report-2026-11-27.csv: the clinic's date of the export. */
export function paymentReportCsvFileName(today: string): string {
  return `payments-report-${today}.csv`;
}
