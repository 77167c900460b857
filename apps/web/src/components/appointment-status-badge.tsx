import { APPOINTMENT_STATUS_LABELS, PATIENT_STATUS_LABELS, type AppointmentStatus } from '@clinic/shared';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<AppointmentStatus, BadgeTone> = {
  PENDING: 'warning',
  AWAITING_DOCTOR_APPROVAL: 'info',
  CONFIRMED: 'brand',
  NEEDS_PAYMENT: 'accent',
  PAYMENT_REQUESTED: 'accent',
  PAID: 'success',
  COMPLETED: 'success',
  CANCELLED: 'neutral',
  NO_SHOW: 'danger',
};

/** What tells PAYMENT_REQUESTED from NEEDS_PAYMENT: both keep the badge 'Cần thanh toán' (issue 25). */
export const PAYMENT_REQUESTED_NOTE = 'Đã gửi yêu cầu thanh toán';

/**
 * An appointment's status in Vietnamese (specification section 4); `patient` uses the patient's words
 * ('Đang chờ'). A visit whose payment request went out also says so under the badge.
 */
export function AppointmentStatusBadge({
  status,
  patient = false,
  label,
}: {
  status: AppointmentStatus;
  patient?: boolean;
  label?: string;
}) {
  const badge = (
    <Badge tone={TONES[status]}>{label ?? (patient ? PATIENT_STATUS_LABELS : APPOINTMENT_STATUS_LABELS)[status]}</Badge>
  );
  if (status !== 'PAYMENT_REQUESTED' || label) return badge;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      {badge}
      <span className="text-xs text-slate-600">{PAYMENT_REQUESTED_NOTE}</span>
    </span>
  );
}
