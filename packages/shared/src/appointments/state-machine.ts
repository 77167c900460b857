import type { Role } from '../roles';
import { MSG } from '../messages';
import type { Permission } from '../permissions';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_LABELS,
  CANCELLABLE_STATUSES,
  CLOSED_STATUSES,
  EXAMINABLE_STATUSES,
  isActiveStatus,
  UNANSWERED_STATUSES,
  type AppointmentStatus,
} from './statuses';
import { APPOINTMENT_MSG } from './messages';

/**
 * The appointment life cycle of docs/PRODUCT.md §4, as a table. The server enforces it; the
 * browser asks the same table which buttons to offer.
 */
export const APPOINTMENT_ACTIONS = [
  'assignDoctor',
  'doctorAccept',
  'doctorDecline',
  'confirm',
  'requestPayment',
  'markPaid',
  'complete',
  'noShow',
  'cancel',
  'cancelWithRefund',
  'edit',
  'delete',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** Who acts, as far as the table cares: a doctor only counts on his own appointments, a patient only on hers. */
export type AppointmentActor = 'ADMIN' | 'STAFF' | 'ASSIGNED_DOCTOR' | 'OWNER_PATIENT';

type Status = AppointmentStatus;
const ALL: readonly Status[] = APPOINTMENT_STATUSES;
/** Any status but COMPLETED, CANCELLED and NO_SHOW. */
const OPEN: readonly Status[] = ALL.filter((s) => !(CLOSED_STATUSES as readonly Status[]).includes(s));
/** Cancel: also not NEEDS_PAYMENT, PAYMENT_REQUESTED or PAID (specification section 4). */
const CANCELLABLE: readonly Status[] = CANCELLABLE_STATUSES;
const WAITING: readonly Status[] = UNANSWERED_STATUSES;
const EXAMINABLE: readonly Status[] = EXAMINABLE_STATUSES;

export type TransitionRule = {
  /** The status after the action; null when it stays (edit) or the appointment goes (delete). */
  to: Status | null;
  /** For each actor allowed at all, the statuses it may act from. */
  by: Partial<Record<AppointmentActor, readonly Status[]>>;
};

export const APPOINTMENT_TRANSITIONS: Record<AppointmentAction, TransitionRule> = {
  assignDoctor: { to: 'AWAITING_DOCTOR_APPROVAL', by: { ADMIN: ['PENDING'], STAFF: ['PENDING'] } },
  doctorAccept: { to: 'CONFIRMED', by: { ASSIGNED_DOCTOR: ['AWAITING_DOCTOR_APPROVAL'] } },
  doctorDecline: { to: 'PENDING', by: { ASSIGNED_DOCTOR: ['AWAITING_DOCTOR_APPROVAL'] } },
  // Confirm and confirm-with-doctor; a doctor confirms only his own appointment, with himself.
  confirm: { to: 'CONFIRMED', by: { ADMIN: WAITING, STAFF: WAITING, ASSIGNED_DOCTOR: WAITING } },
  requestPayment: {
    to: 'PAYMENT_REQUESTED',
    by: { ADMIN: ['CONFIRMED', 'NEEDS_PAYMENT'], STAFF: ['CONFIRMED', 'NEEDS_PAYMENT'] },
  },
  // "Any but COMPLETED, CANCELLED, NO_SHOW"; marking a PAID appointment paid again is refused as
  // "already in status", so two clerks clicking at once give one payment, not two.
  markPaid: { to: 'PAID', by: { ADMIN: OPEN.filter((s) => s !== 'PAID'), STAFF: OPEN.filter((s) => s !== 'PAID') } },
  // Examination notes with COMPLETED: COMPLETED when paid, else NEEDS_PAYMENT (see completionStatus).
  complete: { to: 'COMPLETED', by: { ASSIGNED_DOCTOR: EXAMINABLE } },
  noShow: { to: 'NO_SHOW', by: { ASSIGNED_DOCTOR: OPEN } },
  cancel: { to: 'CANCELLED', by: { ADMIN: CANCELLABLE, STAFF: CANCELLABLE, OWNER_PATIENT: WAITING } },
  cancelWithRefund: { to: 'CANCELLED', by: { ADMIN: ['PAID'], STAFF: ['PAID'] } },
  edit: { to: null, by: { ADMIN: OPEN, STAFF: OPEN } },
  delete: { to: null, by: { ADMIN: ALL } },
};

const ACTOR_ROLE: Record<AppointmentActor, Role> = {
  ADMIN: 'ADMIN',
  STAFF: 'STAFF',
  ASSIGNED_DOCTOR: 'DOCTOR',
  OWNER_PATIENT: 'PATIENT',
};

/** The roles that may attempt an action at all: the route's guard. */
export function rolesFor(action: AppointmentAction): Role[] {
  return (Object.keys(APPOINTMENT_TRANSITIONS[action].by) as AppointmentActor[]).map((a) => ACTOR_ROLE[a]);
}

export type AppointmentWho = {
  role: Role | string;
  /** The signed-in doctor is the appointment's doctor. */
  isAssignedDoctor?: boolean;
  /** The signed-in patient's account is linked to the appointment. */
  isOwner?: boolean;
};

export function actorOf(who: AppointmentWho): AppointmentActor | null {
  switch (who.role) {
    case 'ADMIN':
      return 'ADMIN';
    case 'STAFF':
      return 'STAFF';
    case 'DOCTOR':
      return who.isAssignedDoctor ? 'ASSIGNED_DOCTOR' : null;
    case 'PATIENT':
      return who.isOwner ? 'OWNER_PATIENT' : null;
    default:
      return null;
  }
}

export const APPOINTMENT_ACTION_VERBS: Record<AppointmentAction, string> = {
  assignDoctor: 'chỉ định bác sĩ cho',
  doctorAccept: 'chấp nhận',
  doctorDecline: 'từ chối',
  confirm: 'xác nhận',
  requestPayment: 'yêu cầu thanh toán cho',
  markPaid: 'đánh dấu đã thanh toán cho',
  complete: 'hoàn thành',
  noShow: 'đánh dấu không đến cho',
  cancel: 'hủy',
  cancelWithRefund: 'hủy và hoàn tiền cho',
  edit: 'chỉnh sửa',
  delete: 'xóa',
};

/** Why a transition is refused: the codes of the bulk report (docs/PRODUCT.md §4). */
export type RefusalCode =
  | 'ALREADY_COMPLETED'
  | 'ALREADY_IN_STATUS'
  | 'HAS_PAYMENT_REQUEST'
  | 'CLOSED'
  | 'NOT_ALLOWED_FROM_STATUS'
  | 'HELD_PLACE';

export type TransitionCheck =
  | { ok: true; to: Status | null }
  | { ok: false; kind: 'FORBIDDEN' | 'NOT_ASSIGNED' | 'NOT_OWNER'; reason: string }
  | { ok: false; kind: 'INVALID_TRANSITION'; code: RefusalCode; reason: string };

/** The Vietnamese reason an action cannot happen from a status. */
export function refusalReason(
  action: AppointmentAction,
  status: Status,
  actor?: AppointmentActor | null,
): { code: RefusalCode; reason: string } {
  const label = APPOINTMENT_STATUS_LABELS[status];
  if (status === 'COMPLETED') return { code: 'ALREADY_COMPLETED', reason: 'Lịch hẹn đã hoàn thành' };
  if (APPOINTMENT_TRANSITIONS[action].to === status && action !== 'doctorDecline') {
    return { code: 'ALREADY_IN_STATUS', reason: `Lịch hẹn đã ở trạng thái "${label}"` };
  }
  if (action === 'cancel' && status === 'PAID')
    return { code: 'HAS_PAYMENT_REQUEST', reason: APPOINTMENT_MSG.paidCancelNeedsRefund };
  if (action === 'cancel' && (status === 'NEEDS_PAYMENT' || status === 'PAYMENT_REQUESTED')) {
    return { code: 'HAS_PAYMENT_REQUEST', reason: 'Lịch hẹn đã có yêu cầu thanh toán, không thể hủy' };
  }
  if (action === 'cancel' && actor === 'OWNER_PATIENT' && status === 'CONFIRMED') {
    return { code: 'NOT_ALLOWED_FROM_STATUS', reason: APPOINTMENT_MSG.patientCancelTooLate };
  }
  if (!isActiveStatus(status)) {
    return {
      code: 'CLOSED',
      reason: `Lịch hẹn đã ở trạng thái "${label}", không thể ${APPOINTMENT_ACTION_VERBS[action]} lịch hẹn này`,
    };
  }
  return {
    code: 'NOT_ALLOWED_FROM_STATUS',
    reason: `Không thể ${APPOINTMENT_ACTION_VERBS[action]} lịch hẹn đang ở trạng thái "${label}"`,
  };
}

/** May `who` take `action` on an appointment in `status`? And if not, why. */
export function checkTransition(action: AppointmentAction, status: Status, who: AppointmentWho): TransitionCheck {
  const rule = APPOINTMENT_TRANSITIONS[action];
  if (!(rolesFor(action) as string[]).includes(who.role)) {
    return { ok: false, kind: 'FORBIDDEN', reason: MSG.forbidden };
  }
  const actor = actorOf(who);
  if (!actor) {
    return who.role === 'DOCTOR'
      ? { ok: false, kind: 'NOT_ASSIGNED', reason: APPOINTMENT_MSG.notAssignedDoctor }
      : { ok: false, kind: 'NOT_OWNER', reason: APPOINTMENT_MSG.notOwner };
  }
  const from = rule.by[actor] ?? [];
  if (!from.includes(status)) return { ok: false, kind: 'INVALID_TRANSITION', ...refusalReason(action, status, actor) };
  return { ok: true, to: rule.to };
}

export function isAllowed(action: AppointmentAction, status: Status, who: AppointmentWho): boolean {
  return checkTransition(action, status, who).ok;
}

/** Examination notes with COMPLETED: the visit closes only when paid (specification section 4). */
export function completionStatus(paymentCompleted: boolean): 'COMPLETED' | 'NEEDS_PAYMENT' {
  return paymentCompleted ? 'COMPLETED' : 'NEEDS_PAYMENT';
}

// Button helpers for the screens. Without `who` they answer for the back-office staff, or for the
// assigned doctor where only a doctor acts.
const STAFF: AppointmentWho = { role: 'STAFF' };
const OWN_DOCTOR: AppointmentWho = { role: 'DOCTOR', isAssignedDoctor: true };

export const canAssignDoctor = (status: Status, who: AppointmentWho = STAFF) => isAllowed('assignDoctor', status, who);
export const canDoctorRespond = (status: Status, who: AppointmentWho = OWN_DOCTOR) =>
  isAllowed('doctorAccept', status, who);
export const canConfirm = (status: Status, who: AppointmentWho = STAFF) => isAllowed('confirm', status, who);
export const canRequestPayment = (status: Status, who: AppointmentWho = STAFF) =>
  isAllowed('requestPayment', status, who);
export const canMarkPaid = (status: Status, who: AppointmentWho = STAFF) => isAllowed('markPaid', status, who);
export const canAddExaminationNotes = (status: Status, who: AppointmentWho = OWN_DOCTOR) =>
  isAllowed('complete', status, who);
export const canMarkNoShow = (status: Status, who: AppointmentWho = OWN_DOCTOR) => isAllowed('noShow', status, who);
export const canCancel = (status: Status, who: AppointmentWho = STAFF) => isAllowed('cancel', status, who);
export const canCancelWithRefund = (status: Status, who: AppointmentWho = STAFF) =>
  isAllowed('cancelWithRefund', status, who);
export const canEdit = (status: Status, who: AppointmentWho = STAFF) => isAllowed('edit', status, who);
export const canDelete = (status: Status, who: AppointmentWho = { role: 'ADMIN' }) => isAllowed('delete', status, who);

/** Bulk actions of the bookings screen (docs/PRODUCT.md §1 names their paths). */
export const BULK_APPOINTMENT_ACTIONS = ['cancel', 'mark-paid', 'request-payment', 'delete'] as const;
export type BulkAppointmentAction = (typeof BULK_APPOINTMENT_ACTIONS)[number];

/** The permission each bulk action needs (PERMISSIONS). */
export const BULK_ACTION_PERMISSIONS = {
  cancel: 'bulkCancelAppointments',
  'mark-paid': 'bulkMarkPaid',
  'request-payment': 'bulkRequestPayment',
  delete: 'bulkDeleteAppointments',
} as const satisfies Record<BulkAppointmentAction, Permission>;

/** A selection holding any of these statuses disables the bulk button (specification section 4). */
export const BULK_BLOCKING_STATUSES: Record<BulkAppointmentAction, readonly Status[]> = {
  'request-payment': [...CLOSED_STATUSES, ...WAITING],
  'mark-paid': [...CLOSED_STATUSES, ...WAITING],
  cancel: [...CLOSED_STATUSES, 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED', 'PAID'],
  delete: [],
};

/** Bulk actions need at least one selected appointment and none that blocks them. */
export function isBulkActionDisabled(action: BulkAppointmentAction, selected: readonly Status[]): boolean {
  return selected.length === 0 || selected.some((s) => BULK_BLOCKING_STATUSES[action].includes(s));
}

/** What the audit trail records (docs/PRODUCT.md §4), with the timeline's labels. */
export const APPOINTMENT_EVENT_ACTIONS = [
  'CREATED',
  'FOLLOW_UP_CREATED',
  'ASSIGN_DOCTOR',
  'DOCTOR_ACCEPT',
  'DOCTOR_DECLINE',
  'CONFIRM',
  'REQUEST_PAYMENT',
  'MARK_PAID',
  'DEPOSIT_PAID',
  'EXAMINATION_NOTES',
  'NO_SHOW',
  'CANCEL',
  'CANCEL_WITH_REFUND',
  'REFUND_DONE',
  'UPDATE',
  'DELETE',
] as const;
export type AppointmentEventAction = (typeof APPOINTMENT_EVENT_ACTIONS)[number];

export const APPOINTMENT_EVENT_LABELS: Record<AppointmentEventAction, string> = {
  CREATED: 'Đặt lịch hẹn',
  FOLLOW_UP_CREATED: 'Tạo lịch tái khám',
  ASSIGN_DOCTOR: 'Chỉ định bác sĩ',
  DOCTOR_ACCEPT: 'Bác sĩ chấp nhận',
  DOCTOR_DECLINE: 'Bác sĩ từ chối',
  CONFIRM: 'Xác nhận lịch hẹn',
  REQUEST_PAYMENT: 'Yêu cầu thanh toán',
  MARK_PAID: 'Đánh dấu đã thanh toán',
  DEPOSIT_PAID: 'Đã đặt cọc giữ chỗ',
  EXAMINATION_NOTES: 'Lưu ghi chú khám',
  NO_SHOW: 'Không đến khám',
  CANCEL: 'Hủy lịch hẹn',
  CANCEL_WITH_REFUND: 'Hủy và hoàn tiền',
  REFUND_DONE: 'Đã hoàn tiền',
  UPDATE: 'Cập nhật thông tin',
  DELETE: 'Xóa vĩnh viễn',
};
