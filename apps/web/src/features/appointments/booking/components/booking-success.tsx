import { Link } from 'react-router';
import { CalendarCheck, CalendarCog, CalendarPlus, CalendarX, ListChecks, Phone, Timer, Wallet } from 'lucide-react';
import {
  CLINIC,
  clinicMoment,
  formatTimeOnDate,
  formatVnd,
  PAYMENT_MSG,
  type PublicAppointmentResponse,
  type ReachedBy,
  CLINIC_TEXT,
  REACHED_TEXT,
} from '@clinic/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { telHref } from '../../shared/clinic-contact';
import { ConfirmationPanel, SlotSummary } from '../../shared/confirmation-panel';

export type BookedAppointment = {
  response: PublicAppointmentResponse;
  /** Her e-mail and/or her mobile (Zalo, else SMS): the panel names the channel her link went to. */
  reachedBy: ReachedBy;
  fullName: string;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
};

type BookingSuccessProps = {
  booked: BookedAppointment;
  onBookAnother: () => void;
  /** A signed-in patient finds the booking among her own appointments; a visitor has no such page. */
  showMyAppointments?: boolean;
};

/** Shown in place of the form once the server has accepted the booking. */
export function BookingSuccess({ booked, onBookAnother, showMyAppointments = false }: BookingSuccessProps) {
  return (
    <ConfirmationPanel
      id="booking-success-title"
      tone="success"
      icon={CalendarCheck}
      title="Đặt lịch hẹn thành công"
      subtitle={`Mã lịch hẹn: #${booked.response.appointmentId}`}
      message={booked.response.message}
    >
      <SlotSummary personLabel="Người đặt" {...booked} />

      {booked.response.deposit && <DepositDue deposit={booked.response.deposit} />}

      {booked.response.manageToken && (
        <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-brand-900">
            Bạn có thể xem, đổi hoặc hủy lịch hẹn qua liên kết riêng này.{' '}
            {REACHED_TEXT.linkSent(booked.reachedBy, { deposit: !!booked.response.deposit })}
          </p>
          <Link
            to={paths.manageAppointment.href(booked.response.manageToken)}
            className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
          >
            <CalendarCog aria-hidden="true" className="size-4" />
            Quản lý lịch hẹn của bạn
          </Link>
        </div>
      )}

      <div>
        <h3 className="font-semibold text-slate-900">Lưu ý trước buổi khám</h3>
        <ul className="mt-3 space-y-3 text-sm text-slate-700">
          <li className="flex gap-3">
            <Timer aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{CLINIC_TEXT.arriveEarly} để làm thủ tục tiếp đón.</span>
          </li>
          <li className="flex gap-3">
            <CalendarX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>Nếu cần hủy hoặc đổi lịch, vui lòng {CLINIC_TEXT.cancelAhead}.</span>
          </li>
          <li className="flex gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              Cần hỗ trợ? Gọi hotline{' '}
              <a
                href={telHref(CLINIC.phone)}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {CLINIC.phone}
              </a>
              .
            </span>
          </li>
        </ul>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {showMyAppointments && (
          <Link to={paths.myAppointments} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
            <ListChecks aria-hidden="true" className="size-5" />
            Xem lịch hẹn của tôi
          </Link>
        )}
        <Button
          size="lg"
          variant={showMyAppointments ? 'secondary' : 'primary'}
          className="w-full sm:w-auto"
          onClick={onBookAnother}
        >
          <CalendarPlus aria-hidden="true" className="size-5" />
          Đặt lịch hẹn khác
        </Button>
      </div>
    </ConfirmationPanel>
  );
}

/** A department that asks a deposit (issue 28): the slot is held until the deadline while she pays it. */
function DepositDue({ deposit }: { deposit: NonNullable<PublicAppointmentResponse['deposit']> }) {
  const until = clinicMoment(new Date(deposit.dueAt), clinicTimeZone());
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm text-amber-950">
        <p>
          {PAYMENT_MSG.depositLabel}: <strong className="text-base">{formatVnd(deposit.amount)}</strong>
        </p>
        <p className="mt-1">
          {PAYMENT_MSG.depositHeld(formatVnd(deposit.amount), formatTimeOnDate(until.time, until.date))}
        </p>
      </div>
      {deposit.payToken && (
        <Link
          to={paths.pay.href(deposit.payToken)}
          className={buttonClasses({ className: 'w-full shrink-0 sm:w-auto' })}
        >
          <Wallet aria-hidden="true" className="size-4" />
          {PAYMENT_MSG.payDeposit}
        </Link>
      )}
    </div>
  );
}
