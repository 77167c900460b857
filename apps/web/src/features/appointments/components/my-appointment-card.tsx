import { useId, type ReactNode } from 'react';
import { CalendarDays, Clock, FileText, MessageSquareText, Phone, Stethoscope, Undo2 } from 'lucide-react';
import { DOCTOR_MESSAGE_LABEL, formatLongDate, isDepositDue, PAYMENT_MSG, type Appointment } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useOnlinePaymentOffered } from '../api/get-payment-methods';
import { departmentLabel } from '../shared/department-label';
import { RefundState } from '../shared/refund-state';

/** A dt/dd pair straight under its div, as a description list wants it; the icon sits in the term. */
function Row({
  icon: Icon,
  label,
  children,
  className,
}: {
  icon: typeof Clock;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('relative min-w-0 pl-[26px]', className)}>
      <dt className="text-xs font-medium text-slate-600">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-brand-700" />
        {label}
      </dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One of the patient's appointments as she may see it (docs/PRODUCT.md §10): who, where, when,
 * the status, her reason and the doctor's message to her; no staff notes or decline reasons.
 */
export function MyAppointmentCard({ appointment, onCancel }: { appointment: Appointment; onCancel?: () => void }) {
  const titleId = useId();
  const online = useOnlinePaymentOffered();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
            {appointment.fullName}
          </h2>
          <p className="text-xs text-slate-600">Mã lịch hẹn #{appointment.id}</p>
        </div>
        <AppointmentStatusBadge status={appointment.status} patient />
      </div>

      <dl className="mt-4 mb-4 grid gap-3 sm:grid-cols-2">
        <Row icon={Stethoscope} label="Khoa khám">
          {departmentLabel(appointment)}
        </Row>
        <Row icon={CalendarDays} label="Ngày khám">
          {formatLongDate(appointment.appointmentDate)}
        </Row>
        <Row icon={Clock} label="Giờ khám">
          {appointment.appointmentTime}
        </Row>
        <Row icon={Phone} label="Số điện thoại">
          {appointment.phone}
        </Row>
        {appointment.reason && (
          <Row icon={FileText} label="Lý do" className="sm:col-span-2">
            {appointment.reason}
          </Row>
        )}
        {appointment.doctorMessage && (
          <Row icon={MessageSquareText} label={DOCTOR_MESSAGE_LABEL} className="sm:col-span-2">
            {appointment.doctorMessage}
          </Row>
        )}
        {appointment.refund && (
          <Row icon={Undo2} label="Hoàn tiền" className="sm:col-span-2">
            <RefundState refund={appointment.refund} />
          </Row>
        )}
      </dl>

      {online && isDepositDue(appointment, new Date()) && (
        // A held booking's deposit (issue 28): paid from her own booking's pay page.
        <div className="mt-auto flex justify-end border-t border-slate-100 pt-4">
          <Link to={paths.payMine.href(appointment.id)} className={buttonClasses({ size: 'sm' })}>
            {PAYMENT_MSG.payDeposit}
          </Link>
        </div>
      )}
      {online && appointment.status === 'PAYMENT_REQUESTED' && (
        // Online payment (issue 28): her own booking's pay page; not offered when the clinic takes none (issue 34).
        <div className="mt-auto flex justify-end border-t border-slate-100 pt-4">
          <Link to={paths.payMine.href(appointment.id)} className={buttonClasses({ size: 'sm' })}>
            Thanh toán trực tuyến
          </Link>
        </div>
      )}
      {onCancel && (
        <div className="mt-auto flex justify-end border-t border-slate-100 pt-4">
          <Button variant="secondary" size="sm" onClick={onCancel} className="text-red-700 hover:bg-red-50">
            Hủy lịch hẹn
          </Button>
        </div>
      )}
    </article>
  );
}
