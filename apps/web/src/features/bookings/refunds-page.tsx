import { formatDate, formatDateTime } from '@clinic/shared';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useRefunds } from './api/get-refunds';
import { RefundItem } from './components/refund-item';

export const REFUNDS_TITLE = 'Hoàn tiền';

/**
 * 'Hoàn tiền' (ADMIN, STAFF; issue 28): every refund not yet done, oldest first, to work through:
 * a refused VNPay or MoMo refund sent again, a transfer or a desk payment given back by hand.
 */
export default function RefundsPage() {
  usePageTitle(REFUNDS_TITLE);
  const list = useRefunds();
  const zone = clinicTimeZone();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{REFUNDS_TITLE}</h1>
        <p className="mt-1 text-slate-600">
          Các khoản cần trả lại cho người bệnh khi lịch khám đã thanh toán bị hủy, cũ nhất trước. VNPay và MoMo được
          hoàn tự động qua cổng thanh toán; chuyển khoản VietQR và thanh toán tại quầy cần hoàn thủ công rồi ghi nhận mã
          giao dịch. Người bệnh được báo qua e-mail và tin nhắn khi hoàn tất.
        </p>
      </div>
      {list.isPending ? (
        <Spinner label="Đang tải danh sách hoàn tiền..." />
      ) : list.isError ? (
        <LoadErrorAlert
          title="Không tải được danh sách hoàn tiền"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.refunds.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
          Không có khoản hoàn tiền nào đang chờ xử lý.
        </p>
      ) : (
        <ul aria-label="Khoản hoàn tiền đang chờ" className="space-y-3">
          {list.data.refunds.map((r) => (
            <li key={r.id} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">
                  {r.appointmentId != null ? `Lịch hẹn #${r.appointmentId}` : 'Không khớp lịch hẹn nào'}
                </span>
                {r.fullName && <span>{r.fullName}</span>}
                {r.appointmentDate && (
                  <span className="whitespace-nowrap">
                    Khám {r.appointmentTime} {formatDate(r.appointmentDate)}
                  </span>
                )}
                <span className="whitespace-nowrap">
                  Mở lúc <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>
                </span>
              </p>
              <RefundItem refund={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
