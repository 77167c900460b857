import toast from 'react-hot-toast';
import { Ban, CircleDollarSign, ReceiptText, Stethoscope, Trash2, UserPlus, X } from 'lucide-react';
import {
  can,
  isBulkActionDisabled,
  type AppointmentStatus,
  type BulkAppointmentAction,
  type Role,
  BULK_ACTION_PERMISSIONS,
} from '@clinic/shared';
import { Button } from '@/components/ui/button';

export const BULK_LABELS: Record<BulkAppointmentAction, string> = {
  cancel: 'Hủy hàng loạt',
  'mark-paid': 'Đánh dấu đã thanh toán',
  'request-payment': 'Yêu cầu thanh toán',
  delete: 'Xóa vĩnh viễn',
};

/** Why a bulk button is off: the statuses that block it (specification section 4). */
const BLOCKED_HINT: Record<BulkAppointmentAction, string> = {
  cancel: 'Không thể hủy: có lịch hẹn đã hoàn thành, đã hủy, không đến hoặc đã có yêu cầu/thanh toán',
  'mark-paid': 'Không thể đánh dấu: có lịch hẹn chưa xác nhận, đã hoàn thành, đã hủy hoặc không đến',
  'request-payment': 'Không thể yêu cầu thanh toán: có lịch hẹn chưa xác nhận, đã hoàn thành, đã hủy hoặc không đến',
  delete: '',
};

const ASSIGN_BLOCKED = 'Chỉ chỉ định bác sĩ được cho các lịch hẹn đang chờ xác nhận';

type BookingBulkBarProps = {
  role: Role;
  statuses: AppointmentStatus[];
  onAction: (action: BulkAppointmentAction) => void;
  /** Bulk account creation: PATIENT accounts for the selected appointments' e-mails. */
  onCreateAccounts: () => void;
  /** Several pending bookings to one doctor (issue 25); on only when every selected one is pending. */
  onAssign?: () => void;
  onClear: () => void;
};

/** Shown while appointments are selected; each button is on only when every selected one allows it. */
export function BookingBulkBar({ role, statuses, onAction, onCreateAccounts, onAssign, onClear }: BookingBulkBarProps) {
  const assignBlocked = statuses.length === 0 || statuses.some((s) => s !== 'PENDING');
  const actions: { action: BulkAppointmentAction; icon: typeof Ban; variant: 'secondary' | 'danger' }[] = [
    { action: 'request-payment', icon: ReceiptText, variant: 'secondary' },
    { action: 'mark-paid', icon: CircleDollarSign, variant: 'secondary' },
    { action: 'cancel', icon: Ban, variant: 'danger' },
    { action: 'delete', icon: Trash2, variant: 'danger' },
  ];
  return (
    <section
      aria-label="Thao tác hàng loạt"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 lg:flex-row lg:items-center"
    >
      <p className="text-sm font-semibold text-brand-900" aria-live="polite">
        Đã chọn {statuses.length} lịch hẹn
      </p>
      <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
        {actions
          .filter(({ action }) => can(role, BULK_ACTION_PERMISSIONS[action]))
          .map(({ action, icon: Icon, variant }) => {
            const blocked = isBulkActionDisabled(action, statuses);
            // Still focusable when blocked, so a keyboard or screen-reader user learns why.
            return (
              <Button
                key={action}
                size="sm"
                variant={variant}
                aria-disabled={blocked || undefined}
                className={blocked ? 'cursor-not-allowed opacity-50' : undefined}
                onClick={() =>
                  blocked ? toast.error(BLOCKED_HINT[action], { id: `bulk-${action}` }) : onAction(action)
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {BULK_LABELS[action]}
                {blocked && <span className="sr-only"> ({BLOCKED_HINT[action]})</span>}
              </Button>
            );
          })}
        {onAssign && (role === 'ADMIN' || role === 'STAFF') && (
          <Button
            size="sm"
            aria-disabled={assignBlocked || undefined}
            className={assignBlocked ? 'cursor-not-allowed opacity-50' : undefined}
            onClick={() => (assignBlocked ? toast.error(ASSIGN_BLOCKED, { id: 'bulk-assign' }) : onAssign())}
          >
            <Stethoscope aria-hidden="true" className="size-4" />
            Chỉ định bác sĩ
            {assignBlocked && <span className="sr-only"> ({ASSIGN_BLOCKED})</span>}
          </Button>
        )}
        {can(role, 'createPatientAccounts') && (
          <Button size="sm" variant="secondary" onClick={onCreateAccounts}>
            <UserPlus aria-hidden="true" className="size-4" />
            Tạo tài khoản
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Bỏ chọn
        </Button>
      </div>
    </section>
  );
}
