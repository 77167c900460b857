import { z } from './zod';
import { CLINIC } from './clinic';
import { formatVnd } from './format';
import {
  isDepositDue,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  type PaymentProvider,
} from './payments';

/**
 * What a visit gives back (issue 35): its refunds summed, read the same on every screen and in every
 * message. `status` is DONE once every refund is done, else the first open refund's; `provider` is
 * the way of the first (a VNPay or MoMo refund goes back by the provider's call, a VietQR transfer
 * and a desk payment by hand: null is the desk).
 */
export const refundSummarySchema = z.object({
  amount: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  doneAt: z.string().nullable(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/** A refund the provider's call gives back by itself (VNPay, MoMo); the others wait for staff. */
export const refundsByProvider = (provider: PaymentProvider | null): provider is 'VNPAY' | 'MOMO' =>
  provider === 'VNPAY' || provider === 'MOMO';

/** How the money goes back: "qua VNPay", "bằng chuyển khoản", or nothing for the desk. */
function wayOf(provider: PaymentProvider | null): string {
  if (refundsByProvider(provider)) return ` qua ${PAYMENT_PROVIDER_LABELS[provider]}`;
  return provider === 'VIETQR' ? ' bằng chuyển khoản' : '';
}

/** How a refund went back, named in her phone message: "VNPay", "chuyển khoản", or by hand at the desk. */
export function refundWayName(provider: PaymentProvider | null): string {
  if (refundsByProvider(provider)) return PAYMENT_PROVIDER_LABELS[provider];
  return provider === 'VIETQR' ? 'chuyển khoản' : 'chuyển khoản hoặc tiền mặt';
}

/**
 * The one line a refund is read as: staff (the booking's detail and row) and the patient (her link,
 * My Appointments) see the same words, but for a provider's refusal, which staff see and she does not
 * (for her it is still under way: staff send it again or give it back by hand).
 */
export function refundStateText(
  refund: Pick<RefundSummary, 'amount' | 'status' | 'provider'>,
  forStaff = true,
): string {
  const amount = formatVnd(refund.amount);
  const way = wayOf(refund.provider);
  switch (refund.status) {
    case 'DONE':
      return `Đã hoàn tiền ${amount}${way}`;
    case 'FAILED':
      return forStaff ? `Hoàn ${amount}${way} chưa thành công` : `Đang hoàn ${amount}${way}`;
    case 'MANUAL':
      return `Chờ hoàn ${amount}${way}`;
    default:
      return `Đang hoàn ${amount}${way}`;
  }
}

/**
 * When and how she gets her money back (issue 35): a VNPay or MoMo payment goes back by itself; a
 * VietQR transfer (or a desk payment) is sent back by the clinic's staff. Used after "sẽ được".
 */
export function refundTiming(provider: PaymentProvider | null): string {
  return refundsByProvider(provider)
    ? `hoàn tự động về ${PAYMENT_PROVIDER_LABELS[provider]} trong ${CLINIC.refundDays} ngày làm việc`
    : `phòng khám hoàn bằng chuyển khoản trong ${CLINIC.refundDays} ngày làm việc`;
}

/** What a cancel will give back, told before she confirms it: her paid deposit, or null when none. */
export function refundOnCancelText(a: {
  depositAmount: number | null;
  depositPaidAt: string | null;
  depositMethod: PaymentProvider | null;
}): string | null {
  if (a.depositAmount == null || a.depositAmount <= 0 || a.depositPaidAt == null) return null;
  return `Tiền đặt cọc ${formatVnd(a.depositAmount)} đã thanh toán sẽ được ${refundTiming(a.depositMethod)}.`;
}

type DepositOf = {
  status: string;
  depositAmount: number | null;
  depositDueAt: string | null;
  depositPaidAt: string | null;
  refund: Pick<RefundSummary, 'status'> | null;
};

/**
 * A deposit's state as the staff's rows and detail read it (issue 35): paid, waiting for her to pay
 * within its hold, not paid, or, once a cancelled visit gives it back, its refund's state.
 */
export function depositState(a: DepositOf, now: Date): string {
  if (a.depositPaidAt == null) return isDepositDue(a, now) ? 'Chờ thanh toán' : 'Chưa thanh toán';
  if (a.status === 'CANCELLED' && a.refund)
    return a.refund.status === 'DONE' ? 'Đã hoàn' : a.refund.status === 'MANUAL' ? 'Chờ hoàn' : 'Đang hoàn';
  return 'Đã thanh toán';
}

/** "Đặt cọc 200.000 VNĐ · Đã thanh toán": a row's deposit, or null when the visit asked none. */
export function depositStateText(a: DepositOf, now: Date): string | null {
  return a.depositAmount == null ? null : `Đặt cọc ${formatVnd(a.depositAmount)} · ${depositState(a, now)}`;
}
