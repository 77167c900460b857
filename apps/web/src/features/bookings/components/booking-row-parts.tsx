import type { ReactNode } from 'react';
import {
  Ban,
  CalendarCheck,
  CircleDollarSign,
  Eye,
  HandCoins,
  Pencil,
  ReceiptText,
  Stethoscope,
  Trash2,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { depositStateText, formatDate, formatVnd, refundStateText, type Appointment, type Role } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { ActionMenu } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import {
  BOOKING_ACTION_LABELS,
  bookingActions,
  declinedByDoctor,
  heldPlaceText,
  nextStep,
  type BookingAction,
} from '../booking-actions';

export const ACTION_ICONS: Record<BookingAction, LucideIcon> = {
  detail: Eye,
  edit: Pencil,
  assign: Stethoscope,
  confirm: CalendarCheck,
  requestPayment: ReceiptText,
  markPaid: CircleDollarSign,
  cancel: Ban,
  refund: Undo2,
  delete: Trash2,
};

export type RowActionHandler = (action: BookingAction, appointment: Appointment) => void;

export function RowCheckbox({
  appointment,
  checked,
  onToggle,
}: {
  appointment: Appointment;
  checked: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={() => onToggle(appointment.id)}
      aria-label={`Chọn lịch hẹn #${appointment.id}: ${appointment.fullName}`}
      className="size-4 rounded border-slate-300 accent-brand-700"
    />
  );
}

export function VisitWhen({ appointment }: { appointment: Appointment }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <time dateTime={appointment.appointmentDate}>{formatDate(appointment.appointmentDate)}</time>
      <span className="ml-1.5 font-semibold text-slate-900">{appointment.appointmentTime}</span>
    </span>
  );
}

/** The staff tables' cell of when and where: the day, the time and the department. */
export function VisitCell({ appointment, children }: { appointment: Appointment; children?: ReactNode }) {
  return (
    <td className="min-w-44 px-2 py-3 text-slate-700">
      <VisitWhen appointment={appointment} />
      <p className="text-slate-600">{appointment.departmentName ?? appointment.department}</p>
      {children}
    </td>
  );
}

/** The staff tables' cell of the doctor. */
export function DoctorColumn({ appointment }: { appointment: Appointment }) {
  return (
    <td className="min-w-36 px-2 py-3 text-slate-700">
      <DoctorCell appointment={appointment} />
    </td>
  );
}

/** The doctor, or why there is none yet. */
export function DoctorCell({ appointment }: { appointment: Appointment }) {
  if (appointment.doctor) return <span>{appointment.doctor.fullName ?? appointment.doctor.email}</span>;
  if (declinedByDoctor(appointment)) {
    return (
      <span className="text-amber-800">
        Bác sĩ đã từ chối
        <span className="block text-xs text-slate-600">Cần chỉ định bác sĩ khác</span>
      </span>
    );
  }
  return <span className="text-slate-500">Chưa chỉ định</span>;
}

export function PaymentCell({ appointment }: { appointment: Appointment }) {
  if (appointment.paymentCompleted)
    return (
      <span className="font-medium text-emerald-700">{formatVnd(appointment.paymentAmount) || 'Đã thanh toán'}</span>
    );
  if (appointment.paymentAmount != null)
    return <span className="text-slate-700">{formatVnd(appointment.paymentAmount)}</span>;
  return null;
}

/**
 * A deposit and a refund under the status (issue 35): "Đặt cọc 200.000 VNĐ · Đã thanh toán", and
 * what the visit gives back, in the words of the detail and the patient's page. The list refreshes
 * like a payment's, so a deposit paid while the list is open shows here by itself.
 */
export function MoneyNotes({ appointment, now = new Date() }: { appointment: Appointment; now?: Date }) {
  const held = heldPlaceText(appointment, now, clinicTimeZone());
  if (held) return <span className="text-xs font-medium text-amber-800">{held}</span>;
  const deposit = depositStateText(appointment, now);
  const refund = appointment.refund ? refundStateText(appointment.refund) : null;
  if (!deposit && !refund) return null;
  return (
    <>
      {deposit && (
        <span className={appointment.depositPaidAt ? 'text-xs text-emerald-800' : 'text-xs text-amber-800'}>
          {deposit}
        </span>
      )}
      {refund && (
        <span className={appointment.refund?.status === 'DONE' ? 'text-xs text-slate-700' : 'text-xs text-red-800'}>
          {refund}
        </span>
      )}
    </>
  );
}

/** The status, the payment, and the usual next step as a button under them. */
export function StatusCell({
  appointment,
  role,
  onAction,
}: {
  appointment: Appointment;
  role: Role;
  onAction: RowActionHandler;
}) {
  const next = nextStep(appointment, role);
  const NextIcon = next ? (next === 'markPaid' ? HandCoins : ACTION_ICONS[next]) : null;
  return (
    <div className="flex flex-col items-start gap-1.5">
      <AppointmentStatusBadge status={appointment.status} />
      <span className="text-xs tabular-nums">
        <PaymentCell appointment={appointment} />
      </span>
      <MoneyNotes appointment={appointment} />
      {next && NextIcon && (
        <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" onClick={() => onAction(next, appointment)}>
          <NextIcon aria-hidden="true" className="size-3.5" />
          {next === 'assign' && declinedByDoctor(appointment) ? 'Chỉ định lại bác sĩ' : BOOKING_ACTION_LABELS[next]}
          <span className="sr-only"> cho lịch hẹn #{appointment.id}</span>
        </Button>
      )}
    </div>
  );
}

/** Every action allowed now, in one menu. */
export function RowActions({
  appointment,
  role,
  onAction,
}: {
  appointment: Appointment;
  role: Role;
  onAction: RowActionHandler;
}) {
  return (
    <ActionMenu
      label={`Thao tác cho lịch hẹn #${appointment.id}`}
      items={bookingActions(appointment, role).map((action) => ({
        key: action,
        label: BOOKING_ACTION_LABELS[action],
        icon: ACTION_ICONS[action],
        tone: action === 'delete' || action === 'cancel' || action === 'refund' ? 'danger' : 'default',
        onSelect: () => onAction(action, appointment),
      }))}
    />
  );
}
