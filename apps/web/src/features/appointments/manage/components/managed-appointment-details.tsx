import type { ReactNode } from 'react';
import { CalendarDays, Clock, FileText, MessageSquareText, Stethoscope, Undo2, UserRound } from 'lucide-react';
import { DOCTOR_MESSAGE_LABEL, formatLongDate, type Appointment } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { departmentLabel } from '../../shared/department-label';
import { RefundState } from '../../shared/refund-state';

/** One labelled fact with its icon, in a two-column list. */
export function DetailRow({
  icon: Icon,
  label,
  children,
  wide = false,
}: {
  icon: typeof Clock;
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'relative min-w-0 pl-7 sm:col-span-2' : 'relative min-w-0 pl-7'}>
      <dt className="text-xs font-medium text-slate-600">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-brand-700" />
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The appointment as its patient sees it (docs/PRODUCT.md §10): who, when, where, with whom, why, and its status. */
export function ManagedAppointmentDetails({ appointment, titleId }: { appointment: Appointment; titleId: string }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            Mã lịch hẹn #{appointment.id}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">Trạng thái hiện tại của lịch hẹn</p>
        </div>
        <AppointmentStatusBadge status={appointment.status} patient />
      </div>

      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <DetailRow icon={UserRound} label="Họ tên" wide>
          {appointment.fullName}
        </DetailRow>
        <DetailRow icon={CalendarDays} label="Ngày khám">
          {formatLongDate(appointment.appointmentDate)}
        </DetailRow>
        <DetailRow icon={Clock} label="Giờ khám">
          {appointment.appointmentTime}
        </DetailRow>
        <DetailRow icon={Stethoscope} label="Khoa khám">
          {departmentLabel(appointment)}
        </DetailRow>
        {appointment.doctor?.fullName && (
          <DetailRow icon={UserRound} label="Bác sĩ">
            {appointment.doctor.fullName}
          </DetailRow>
        )}
        {appointment.reason && (
          <DetailRow icon={FileText} label="Lý do khám" wide>
            {appointment.reason}
          </DetailRow>
        )}
        {appointment.doctorMessage && (
          <DetailRow icon={MessageSquareText} label={DOCTOR_MESSAGE_LABEL} wide>
            {appointment.doctorMessage}
          </DetailRow>
        )}
        {appointment.refund && (
          // Her money back (issue 35), in the words staff read, and when it comes while it has not.
          <DetailRow icon={Undo2} label="Hoàn tiền" wide>
            <RefundState refund={appointment.refund} />
          </DetailRow>
        )}
      </dl>
    </>
  );
}
