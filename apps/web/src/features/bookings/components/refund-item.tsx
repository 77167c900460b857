import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  REFUND_REASON_LABELS,
  formatDateTime,
  formatVnd,
  markRefundDoneRequestSchema,
  PAYMENT_PROVIDER_LABELS,
  type Refund,
  type RefundStatus,
} from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { errorMessage } from '@/lib/error-message';
import { useMarkRefundDone } from '../api/mark-refund-done';
import { useRetryRefund } from '../api/retry-refund';

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  PENDING: 'Chờ gửi cổng thanh toán',
  PROCESSING: 'Cổng thanh toán đang xử lý',
  DONE: 'Đã hoàn tiền',
  FAILED: 'Hoàn tiền không thành công',
  MANUAL: 'Cần hoàn tiền thủ công',
};
const STATUS_TONES = {
  PENDING: 'warning',
  PROCESSING: 'info',
  DONE: 'success',
  FAILED: 'danger',
  MANUAL: 'warning',
} as const;

/** How the money goes back: the provider's refund call, or by hand. */
export function refundWay(r: Pick<Refund, 'provider'>): string {
  return r.provider === 'VNPAY' || r.provider === 'MOMO'
    ? `Hoàn qua ${PAYMENT_PROVIDER_LABELS[r.provider]}`
    : r.provider === 'VIETQR'
      ? 'Chuyển khoản trả lại (VietQR)'
      : 'Trả lại tại quầy (thanh toán tại quầy)';
}

const canRetry = (r: Refund) => (r.provider === 'VNPAY' || r.provider === 'MOMO') && r.status === 'FAILED';
const canMarkDone = (r: Refund) => r.status === 'MANUAL' || r.status === 'FAILED' || r.status === 'PROCESSING';

/**
 * One refund (issue 28): how it goes back, the amount, its status and what staff can do: send a
 * refused provider refund again, or record one given back by hand with the transfer's reference.
 */
export function RefundItem({ refund }: { refund: Refund }) {
  const zone = clinicTimeZone();
  const retry = useRetryRefund();
  const markDone = useMarkRefundDone();
  const [marking, setMarking] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const onRetry = () =>
    retry.mutate(refund.id, {
      onSuccess: (r) =>
        r.refund.status === 'DONE' ? toast.success(r.message) : toast.error(r.refund.failure ?? r.message),
      onError: (e) => toast.error(errorMessage(e, 'Không gửi lại được yêu cầu hoàn tiền')),
    });

  const onMark = (e: FormEvent) => {
    e.preventDefault();
    const parsed = markRefundDoneRequestSchema.safeParse({ reference });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    markDone.mutate(
      { id: refund.id, reference: parsed.data.reference },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setMarking(false);
        },
        onError: (err) => setError(errorMessage(err, 'Không ghi nhận được hoàn tiền')),
      },
    );
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-slate-900">{refundWay(refund)}</span>
            <span className="font-medium whitespace-nowrap text-slate-900">{formatVnd(refund.amount)}</span>
          </p>
          {refund.reason !== 'PAYMENT' && (
            // Why this money goes back (issue 34): a deposit's surplus, or money no visit took.
            <p className="text-xs text-slate-700">{REFUND_REASON_LABELS[refund.reason]}</p>
          )}
          {refund.paymentReference && (
            <p className="text-xs break-all text-slate-600">Giao dịch gốc {refund.paymentReference}</p>
          )}
          {refund.receivedTransactionId && (
            <p className="text-xs break-all text-slate-600">Mã giao dịch nhận {refund.receivedTransactionId}</p>
          )}
          {refund.providerRefundId && (
            <p className="text-xs break-all text-slate-600">Mã hoàn tiền {refund.providerRefundId}</p>
          )}
          {refund.status === 'DONE' && refund.doneAt && (
            <p className="text-xs text-slate-600">
              Hoàn tất lúc <time dateTime={refund.doneAt}>{formatDateTime(refund.doneAt, zone)}</time>
              {refund.doneByName && <> · {refund.doneByName}</>}
            </p>
          )}
          {refund.failure && refund.status === 'FAILED' && (
            <p className="text-xs text-red-800">Lý do: {refund.failure}</p>
          )}
        </div>
        <Badge tone={STATUS_TONES[refund.status]} className="self-start">
          {REFUND_STATUS_LABELS[refund.status]}
        </Badge>
      </div>
      {(canRetry(refund) || canMarkDone(refund)) && !marking && (
        <div className="flex flex-wrap gap-2">
          {canRetry(refund) && (
            <Button size="sm" onClick={onRetry} loading={retry.isPending}>
              {retry.isPending ? 'Đang gửi...' : 'Gửi lại yêu cầu hoàn tiền'}
            </Button>
          )}
          {canMarkDone(refund) && (
            <Button size="sm" variant="secondary" onClick={() => setMarking(true)}>
              Đánh dấu đã hoàn tiền
            </Button>
          )}
        </div>
      )}
      {marking && (
        <form onSubmit={onMark} className="space-y-2" aria-label="Ghi nhận hoàn tiền thủ công" noValidate>
          <FormField
            id={`${formId}-reference`}
            label="Mã giao dịch hoàn tiền"
            hint="Mã chuyển khoản của ngân hàng, hoặc số phiếu chi khi trả tại quầy"
            error={error}
            required
          >
            {(control) => (
              <Input
                {...control}
                value={reference}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => setReference(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" type="submit" loading={markDone.isPending}>
              {markDone.isPending ? 'Đang lưu...' : 'Xác nhận đã hoàn tiền'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMarking(false)}>
              Hủy
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
