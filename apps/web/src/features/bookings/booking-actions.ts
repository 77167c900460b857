import {
  canAssignDoctor,
  canCancel,
  canCancelWithRefund,
  canConfirm,
  canDelete,
  canEdit,
  canMarkPaid,
  canRequestPayment,
  type Appointment,
  type AppointmentStatus,
  type Role,
} from '@clinic/shared';

/** What the front desk can open for one appointment: the shared state machine decides, as the server does. */
export type BookingAction =
  'detail' | 'edit' | 'assign' | 'confirm' | 'requestPayment' | 'markPaid' | 'cancel' | 'refund' | 'delete';

export const BOOKING_ACTION_LABELS: Record<BookingAction, string> = {
  detail: 'Xem chi tiết',
  edit: 'Chỉnh sửa',
  assign: 'Chỉ định bác sĩ',
  confirm: 'Xác nhận',
  requestPayment: 'Yêu cầu thanh toán',
  markPaid: 'Đánh dấu đã thanh toán',
  cancel: 'Hủy lịch hẹn',
  refund: 'Hủy và hoàn tiền',
  delete: 'Xóa vĩnh viễn',
};

export function bookingActions(a: Pick<Appointment, 'status'>, role: Role): BookingAction[] {
  const who = { role };
  const allowed: [BookingAction, boolean][] = [
    ['detail', true],
    ['edit', canEdit(a.status, who)],
    ['assign', canAssignDoctor(a.status, who)],
    ['confirm', canConfirm(a.status, who)],
    ['requestPayment', canRequestPayment(a.status, who)],
    ['markPaid', canMarkPaid(a.status, who)],
    ['cancel', canCancel(a.status, who)],
    ['refund', canCancelWithRefund(a.status, who)],
    ['delete', canDelete(a.status, who)],
  ];
  return allowed.filter(([, ok]) => ok).map(([action]) => action);
}

/** The step the front desk usually takes next from each status, shown as the row's button. */
const NEXT_STEP: Partial<Record<AppointmentStatus, BookingAction>> = {
  PENDING: 'assign',
  CONFIRMED: 'requestPayment',
  NEEDS_PAYMENT: 'requestPayment',
  PAYMENT_REQUESTED: 'markPaid',
};

export function nextStep(a: Pick<Appointment, 'status'>, role: Role): BookingAction | null {
  const step = NEXT_STEP[a.status];
  return step && bookingActions(a, role).includes(step) ? step : null;
}

/** A doctor declined the last assignment: the front desk must choose another (docs/PRODUCT.md §4). */
export function declinedByDoctor(a: Pick<Appointment, 'status' | 'doctorId' | 'doctorResponse'>): boolean {
  return a.status === 'PENDING' && a.doctorId === null && !!a.doctorResponse;
}
