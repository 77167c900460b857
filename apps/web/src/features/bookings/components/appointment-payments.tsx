import { CircleAlert } from 'lucide-react';
import {
  formatDateTime,
  formatVnd,
  PAYMENT_PROVIDER_LABELS,
  type PaymentAttemptStatus,
  type PaymentFlag,
} from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useAppointmentPayments } from '../api/get-appointment-payments';
import { RefundItem } from './refund-item';

export const ONLINE_PAYMENTS_TITLE = 'Thanh toán trực tuyến';
export const ONLINE_PAYMENTS_EMPTY = 'Chưa có giao dịch trực tuyến';

export const PAYMENT_ATTEMPT_STATUS_LABELS: Record<PaymentAttemptStatus, string> = {
  PENDING: 'Đang chờ thanh toán',
  PAID: 'Đã thanh toán',
  FAILED: 'Không thành công',
  REFUND_DUE: 'Cần hoàn tiền',
};
const STATUS_TONES = { PENDING: 'warning', PAID: 'success', FAILED: 'neutral', REFUND_DUE: 'danger' } as const;

/** A payment given back (its refund is done). */
export const REFUNDED_LABEL = 'Đã hoàn tiền';

/** What the front desk must do about money that came in, said plainly. */
export const PAYMENT_FLAG_LABELS: Record<PaymentFlag, string> = {
  AMOUNT_MISMATCH: 'Số tiền không khớp — cần kiểm tra',
  REFUND: 'Cần hoàn tiền',
};

/**
 * The booking detail's 'Thanh toán trực tuyến' (issue 28, ADMIN/STAFF): each attempt the patient
 * made by VNPay, MoMo or VietQR, as the provider's notification settled it, any money to check
 * or give back, and its refunds with what staff can do about each. A failed load stays inside this section; the rest of the window keeps working.
 */
export function AppointmentPayments({ appointmentId }: { appointmentId: number }) {
  const list = useAppointmentPayments(appointmentId);
  const zone = clinicTimeZone();
  const refunds = list.data?.refunds ?? [];
  const refundOf = (reference: string) => refunds.find((r) => r.paymentReference === reference);
  const refunded = (reference: string) => refundOf(reference)?.status === 'DONE';
  // Money to give back that has its refund is followed there (its status, its action), not as a flag.
  const flags = (list.data?.flags ?? []).filter((f) => f.flag !== 'REFUND' || !refundOf(f.reference));
  return (
    <section aria-labelledby="detail-online-payments">
      <h3 id="detail-online-payments" className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {ONLINE_PAYMENTS_TITLE}
      </h3>
      {list.isPending ? (
        <Spinner label="Đang tải giao dịch trực tuyến..." />
      ) : list.isError ? (
        <LoadErrorAlert
          title="Không tải được giao dịch trực tuyến"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <div className="space-y-3">
          {flags.length > 0 && (
            <ul aria-label="Cần xử lý" className="space-y-2">
              {flags.map((f, i) => (
                <li
                  key={`${f.flag}-${f.reference}-${i}`}
                  className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <span className="font-semibold">{PAYMENT_FLAG_LABELS[f.flag]}</span>
                    {f.reference && <> · Mã giao dịch {f.reference}</>}
                    {f.amount != null && (
                      <>
                        {' · '}
                        <span className="whitespace-nowrap">Nhận {formatVnd(f.amount)}</span>
                      </>
                    )}
                    {' · '}
                    <time dateTime={f.receivedAt} className="whitespace-nowrap">
                      {formatDateTime(f.receivedAt, zone)}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {list.data.refunds.length > 0 && (
            <ul aria-label="Hoàn tiền" className="space-y-2">
              {list.data.refunds.map((r) => (
                <li key={r.id} className="rounded-lg border border-amber-200 bg-amber-50/40 px-3 py-2.5">
                  <RefundItem refund={r} />
                </li>
              ))}
            </ul>
          )}
          {list.data.payments.length === 0 ? (
            <p className="text-sm text-slate-600">{ONLINE_PAYMENTS_EMPTY}</p>
          ) : (
            <ul aria-label="Giao dịch trực tuyến" className="space-y-2">
              {list.data.payments.map((p) => (
                <li
                  key={p.reference}
                  className="flex flex-col gap-1 rounded-lg border border-slate-200 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <span className="font-semibold text-slate-900">{PAYMENT_PROVIDER_LABELS[p.provider]}</span>
                      <span className="font-medium text-slate-900">{formatVnd(p.amount)}</span>
                    </p>
                    <p className="text-xs break-all text-slate-600">
                      Mã giao dịch {p.reference}
                      {p.providerTransactionId && <> · Mã cổng thanh toán {p.providerTransactionId}</>}
                    </p>
                    {p.paidAt && (
                      <p className="text-xs text-slate-600">
                        Thanh toán lúc <time dateTime={p.paidAt}>{formatDateTime(p.paidAt, zone)}</time>
                      </p>
                    )}
                  </div>
                  {refunded(p.reference) ? (
                    <Badge tone="neutral" className="self-start sm:self-auto">
                      {REFUNDED_LABEL}
                    </Badge>
                  ) : (
                    <Badge tone={STATUS_TONES[p.status]} className="self-start sm:self-auto">
                      {PAYMENT_ATTEMPT_STATUS_LABELS[p.status]}
                    </Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
