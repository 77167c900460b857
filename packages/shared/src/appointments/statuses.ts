/** Appointment statuses and their labels (specification section 4). */
export const APPOINTMENT_STATUSES = [
  'PENDING',
  'AWAITING_DOCTOR_APPROVAL',
  'CONFIRMED',
  'NEEDS_PAYMENT',
  'PAYMENT_REQUESTED',
  'PAID',
  'COMPLETED',
  'CANCELLED',
  'NO_SHOW',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  PENDING: 'Chờ xác nhận',
  AWAITING_DOCTOR_APPROVAL: 'Chờ bác sĩ phản hồi',
  CONFIRMED: 'Đã xác nhận',
  NEEDS_PAYMENT: 'Cần thanh toán',
  PAYMENT_REQUESTED: 'Cần thanh toán',
  PAID: 'Đã thanh toán',
  COMPLETED: 'Đã hoàn thành',
  CANCELLED: 'Đã hủy',
  NO_SHOW: 'Không đến',
};

/** The doctor's screens say 'phê duyệt' where the booking screens say 'phản hồi'. */
export const AWAITING_DOCTOR_APPROVAL_ALT_LABEL = 'Chờ bác sĩ phê duyệt';

/** The patient's own list says 'Đang chờ' for PENDING. */
export const PATIENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  ...APPOINTMENT_STATUS_LABELS,
  PENDING: 'Đang chờ',
};

export function appointmentStatusLabel(status: string): string {
  return (APPOINTMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/**
 * Appointments that no longer hold a place in their slot (docs/PRODUCT.md §3); the database's slot
 * rules use it as clinic_inactive_statuses(), written from here into
 * apps/server/src/db/functions/status-lists.sql (SHARED_LISTS of apps/server/src/db/database-functions.ts).
 */
export const INACTIVE_STATUSES = ['CANCELLED', 'NO_SHOW'] as const satisfies readonly AppointmentStatus[];
/** Appointments that hold a place in their slot: every status but CANCELLED and NO_SHOW. */
export const ACTIVE_STATUSES: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter(
  (s) => !(INACTIVE_STATUSES as readonly string[]).includes(s),
);
/** The end of the road: nothing changes them any more but a permanent delete. */
export const CLOSED_STATUSES = ['COMPLETED', ...INACTIVE_STATUSES] as const satisfies readonly AppointmentStatus[];
/** Booking history shows these (specification section 2). */
export const HISTORY_STATUSES = CLOSED_STATUSES;
/**
 * Statuses still ahead of the visit, for the "upcoming" lists and the day-before reminder; the database
 * has it as clinic_upcoming_statuses(), written from here as INACTIVE_STATUSES is.
 */
export const UPCOMING_STATUSES = [
  'PENDING',
  'AWAITING_DOCTOR_APPROVAL',
  'CONFIRMED',
  'PAYMENT_REQUESTED',
  'PAID',
] as const satisfies readonly AppointmentStatus[];
/**
 * Confirmed, and every status a confirmed visit moves on to. Patient Control lists a person while one
 * of their appointments is in one of these (specification section 2: "those with confirmed,
 * payment-requested or paid appointments", and still after the visit), and counts them as confirmed.
 * The database's rules use it as clinic_confirmed_or_later_statuses(), written from here into
 * apps/server/src/db/functions/status-lists.sql as INACTIVE_STATUSES is.
 */
export const CONFIRMED_OR_LATER_STATUSES = [
  'CONFIRMED',
  'NEEDS_PAYMENT',
  'PAYMENT_REQUESTED',
  'PAID',
  'COMPLETED',
] as const satisfies readonly AppointmentStatus[];
/**
 * Waiting for the clinic's answer: no doctor has taken the visit on yet. The patient may cancel her
 * own booking in these, and the desk calls her when its time comes unanswered.
 */
export const UNANSWERED_STATUSES = [
  'PENDING',
  'AWAITING_DOCTOR_APPROVAL',
] as const satisfies readonly AppointmentStatus[];
/**
 * Staff may still cancel (docs/PRODUCT.md §4): not once payment is asked for, due or made. A booking's
 * deposit holds its slot while it is in one of these.
 */
export const CANCELLABLE_STATUSES = [
  ...UNANSWERED_STATUSES,
  'CONFIRMED',
] as const satisfies readonly AppointmentStatus[];
/**
 * Bookings that never became a visit: cancelled, missed, or left unanswered. The retention purge takes
 * the person's details off them once their day is far enough behind.
 */
export const UNVISITED_STATUSES = [
  ...INACTIVE_STATUSES,
  ...UNANSWERED_STATUSES,
] as const satisfies readonly AppointmentStatus[];
/**
 * Still ahead of the visit and taken on by the clinic: the visits a doctor sees on their day, where he
 * writes his notes or marks a no-show (his today on the dashboard).
 */
export const CONFIRMED_UPCOMING_STATUSES: readonly AppointmentStatus[] = UPCOMING_STATUSES.filter(
  (s) => !(UNANSWERED_STATUSES as readonly string[]).includes(s),
);
/** The visits a doctor still owes: waiting for his answer, confirmed, or paid (issue 25, defect 4). */
export const DOCTOR_OWED_STATUSES = [
  'AWAITING_DOCTOR_APPROVAL',
  'CONFIRMED',
  'PAID',
] as const satisfies readonly AppointmentStatus[];
/** What a doctor's calendar subscription shows: his confirmed and his paid visits (issue 13). */
export const CALENDAR_FEED_STATUSES = ['CONFIRMED', 'PAID'] as const satisfies readonly AppointmentStatus[];
/** The assigned doctor may write his examination notes from these (docs/PRODUCT.md §4). */
export const EXAMINABLE_STATUSES = [
  'CONFIRMED',
  'NEEDS_PAYMENT',
  'PAYMENT_REQUESTED',
  'PAID',
] as const satisfies readonly AppointmentStatus[];
/** A visit that took place: the doctor wrote the examination (paid or not yet). */
export const EXAMINED_STATUSES = ['COMPLETED', 'NEEDS_PAYMENT'] as const satisfies readonly AppointmentStatus[];
/** Paid or completed: what the dashboard counts as revenue (docs/PRODUCT.md §6). */
export const REVENUE_STATUSES = ['PAID', 'COMPLETED'] as const satisfies readonly AppointmentStatus[];
/** Waiting to be paid: the dashboard's pending payments. */
export const PAYMENT_DUE_STATUSES = [
  'NEEDS_PAYMENT',
  'PAYMENT_REQUESTED',
] as const satisfies readonly AppointmentStatus[];

/**
 * A care plan's visit that took place (issue 37): examined, or its payment asked after the visit. A
 * paid visit counts once its day is behind.
 */
export const PLAN_VISIT_DONE_STATUSES = [
  ...EXAMINED_STATUSES,
  'PAYMENT_REQUESTED',
] as const satisfies readonly AppointmentStatus[];
/** The milestone visits of a month that took place, for the dashboard's share inside their window. */
export const PLAN_VISIT_TAKEN_STATUSES = [
  ...PLAN_VISIT_DONE_STATUSES,
  'PAID',
] as const satisfies readonly AppointmentStatus[];
/** A plan's visits still to come, which stopping the plan or skipping their milestone ends. */
export const PLAN_VISIT_OPEN_STATUSES = [
  ...CANCELLABLE_STATUSES,
  'PAID',
] as const satisfies readonly AppointmentStatus[];

export function isActiveStatus(status: AppointmentStatus): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** My Appointments tabs (specification section 2): cancelled includes no-shows. */
export type MyAppointmentsTab = 'all' | 'upcoming' | 'completed' | 'cancelled';
export function myAppointmentsTab(status: AppointmentStatus): Exclude<MyAppointmentsTab, 'all'> {
  if (status === 'COMPLETED') return 'completed';
  if (!isActiveStatus(status)) return 'cancelled';
  return 'upcoming';
}

/** The waiting list's entries as the visitor and the front desk read them. */
export const WAITING_STATUS_LABELS = {
  WAITING: 'Đang chờ',
  OFFERED: 'Đang giữ chỗ',
  CLAIMED: 'Đã nhận chỗ',
  EXPIRED: 'Hết hạn giữ chỗ',
  WITHDRAWN: 'Đã kết thúc',
  REMOVED: 'Đã bị xóa',
  LEFT: 'Đã rời danh sách',
} as const;
