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

/** An appointment's status in Vietnamese (specification section 4); `patient` uses the patient's words ('Đang chờ'). */
export function AppointmentStatusBadge({
  status,
  patient = false,
  label,
}: {
  status: AppointmentStatus;
  patient?: boolean;
  label?: string;
}) {
  return (
    <Badge tone={TONES[status]}>{label ?? (patient ? PATIENT_STATUS_LABELS : APPOINTMENT_STATUS_LABELS)[status]}</Badge>
  );
}
