import { useLocation } from 'react-router';
import { formatVnd, PAYMENT_MSG, PAYMENT_PROVIDER_LABELS } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentReturn } from './api/get-payment-return';

/** /pay/result: where VNPay and MoMo send her back. It only shows what the IPN settled. */
export default function PayResultPage() {
  const { search } = useLocation();
  const query = usePaymentReturn(search);
  const r = query.data;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Kết quả thanh toán</h1>
      {query.isPending ? (
        <Spinner size="lg" label="Đang kiểm tra..." />
      ) : query.isError || !r?.verified ? (
        <Alert title="Không xác minh được kết quả">{PAYMENT_MSG.linkNotFound}</Alert>
      ) : r.status === 'PAID' ? (
        <Alert tone="success" title={PAYMENT_MSG.paid}>
          {formatVnd(r.amount)} qua {PAYMENT_PROVIDER_LABELS[r.provider!]}. Xin cảm ơn!
        </Alert>
      ) : r.status === 'PENDING' ? (
        <Alert tone="info" title={PAYMENT_MSG.waiting}>
          Trang sẽ tự cập nhật.
        </Alert>
      ) : (
        <Alert tone="warning">{PAYMENT_MSG.failed}</Alert>
      )}
    </div>
  );
}
