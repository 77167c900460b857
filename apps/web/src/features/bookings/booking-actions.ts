import {
  canAssignDoctor,
  canCancel,
  canCancelWithRefund,
  canConfirm,
  canDelete,
  canEdit,
  canMarkPaid,
  canRequestPayment,
  clinicMoment,
  HELD_PLACE_TEXT,
  isHeldPlace,
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

/** What the actions read of an appointment: its status, and whether it is a place a connected app holds. */
type ActedOn = Pick<Appointment, 'status' | 'depositAmount' | 'depositDueAt' | 'depositPaidAt'>;

export function bookingActions(a: ActedOn, role: Role): BookingAction[] {
  // A place a connected app holds is no booking yet: only looked at (the server refuses the rest too).
  if (isHeldPlace(a)) return ['detail'];
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

export function nextStep(a: ActedOn, role: Role): BookingAction | null {
  const step = NEXT_STEP[a.status];
  return step && bookingActions(a, role).includes(step) ? step : null;
}

/** A doctor declined the last assignment: the front desk must choose another (docs/PRODUCT.md §4). */
export function declinedByDoctor(a: Pick<Appointment, 'status' | 'doctorId' | 'doctorResponse'>): boolean {
  return a.status === 'PENDING' && a.doctorId === null && !!a.doctorResponse;
}

/**
 * A place a connected app holds (issue 38, docs/FHIR.md), in the row and the detail: "Giữ chỗ đến
 * 09:45 · qua ứng dụng kết nối" while it lasts, or that it lapsed and waits for the job to free it.
 */
export function heldPlaceText(a: ActedOn, now: Date, timeZone: string): string | null {
  if (!isHeldPlace(a) || !a.depositDueAt) return null;
  const due = new Date(a.depositDueAt);
  if (due.getTime() <= now.getTime()) return HELD_PLACE_TEXT.lapsed;
  return `${HELD_PLACE_TEXT.until(clinicMoment(due, timeZone).time)} · ${HELD_PLACE_TEXT.by}`;
}
