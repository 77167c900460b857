import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CalendarClock, CalendarPlus, CalendarX, CreditCard, Link2 } from 'lucide-react';
import {
  CLINIC_TEXT,
  formatDate,
  isDepositDue,
  PAYMENT_MSG,
  type AppointmentStatus,
  type ManagedAppointment,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { buildUrl } from '@/lib/api-client';
import { useCancelByLink } from '../../api/cancel-by-link';
import { useCarePlanByLink } from '../../api/get-care-plan-by-link';
import { useOnlinePaymentOffered } from '../../api/get-payment-methods';
import { managePath } from '../../api/get-managed-appointment';
import { CancelAppointmentDialog } from '../../shared/cancel-appointment-dialog';
import { Hotline } from '../../shared/private-link-parts';
import { useClinicNow } from '../../shared/use-clinic-now';
import { ClaimVisit } from './claim-visit';
import { LinkCarePlan } from './link-care-plan';
import { ManagedAppointmentDetails } from './managed-appointment-details';
import { RescheduleForm } from './reschedule-form';

/** What she can do when the link can change nothing any more: call, or book again. */
function NothingToChange({ status }: { status: AppointmentStatus }) {
  if (status === 'CANCELLED') {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Lịch hẹn này đã được hủy. Nếu bạn vẫn muốn khám, vui lòng đặt lịch hẹn mới hoặc gọi hotline <Hotline /> để
          được hỗ trợ.
        </p>
        <Link to={paths.appointment} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Đặt lịch hẹn mới
        </Link>
      </div>
    );
  }
  if (status === 'COMPLETED' || status === 'NO_SHOW') {
    return (
      <p className="text-sm text-slate-700">
        Lịch hẹn này đã kết thúc nên không thể đổi hoặc hủy. Cần hỗ trợ? Vui lòng gọi hotline <Hotline />.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Lịch hẹn đã được phòng khám xác nhận nên không thể đổi hoặc hủy qua liên kết này. Nếu cần thay đổi, vui lòng gọi
      hotline <Hotline /> ({CLINIC_TEXT.cancelAhead}).
    </p>
  );
}

type Notice = { text: string };

/** The appointment behind the link, what she may do with it, and the forms that do it. */
export function ManagedAppointmentPanel({ token, managed }: { token: string; managed: ManagedAppointment }) {
  const titleId = useId();
  const now = useClinicNow();
  const cancel = useCancelByLink();
  const online = useOnlinePaymentOffered();
  // The plan her visit belongs to, if any: shown under the visit once read, and its window bounds a move.
  const carePlan = useCarePlanByLink(token).data?.plan ?? null;
  const planVisit = carePlan?.visits.find((v) => v.appointment?.id === managed.appointment.id) ?? null;
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const rescheduleButtonRef = useRef<HTMLButtonElement>(null);
  const { appointment, canCancel, canReschedule, validUntil } = managed;
  const formId = `${titleId}-reschedule`;

  // The server's answer is where attention goes once a change is done (the button pressed may be gone).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function closeReschedule() {
    setRescheduling(false);
    rescheduleButtonRef.current?.focus();
  }

  return (
    <div className="space-y-6">
      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
        >
          <Alert tone="success" role="status">
            {notice.text}
          </Alert>
        </div>
      )}

      <section
        aria-labelledby={titleId}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="px-5 py-6 sm:px-8">
          <ManagedAppointmentDetails appointment={appointment} titleId={titleId} />
        </div>

        <p className="flex items-start gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 text-sm text-slate-700 sm:px-8">
          <Link2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            Liên kết có hiệu lực đến hết ngày {formatDate(validUntil)}. Vui lòng không chia sẻ liên kết này với người
            khác.
          </span>
        </p>

        <div className="border-t border-slate-100 px-5 py-4 empty:hidden sm:px-8">
          <ClaimVisit token={token} inAccount={managed.inAccount} />
        </div>

        <div className="space-y-4 border-t border-slate-100 px-5 py-5 sm:px-8">
          {canReschedule || canCancel ? (
            <p className="text-sm text-slate-700">
              Bạn có thể đổi hoặc hủy lịch hẹn cho đến khi phòng khám xác nhận. Cần hỗ trợ? Gọi hotline <Hotline />.
            </p>
          ) : (
            <NothingToChange status={appointment.status} />
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {online && isDepositDue(appointment, new Date()) && (
              // The deposit that holds her slot (issue 28), from the link she got at booking too.
              <Link to={paths.managePay.href(token)} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                <CreditCard aria-hidden="true" className="size-4" />
                {PAYMENT_MSG.payDeposit}
              </Link>
            )}
            {online && appointment.status === 'PAYMENT_REQUESTED' && (
              // Online payment (issue 28), as My Appointments offers it to a signed-in patient (none when off, issue 34).
              <Link to={paths.managePay.href(token)} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                <CreditCard aria-hidden="true" className="size-4" />
                Thanh toán trực tuyến
              </Link>
            )}
            {canReschedule && (
              <Button
                ref={rescheduleButtonRef}
                aria-expanded={rescheduling}
                aria-controls={rescheduling ? formId : undefined}
                onClick={() => {
                  setNotice(null);
                  setRescheduling((open) => !open);
                }}
                className="w-full sm:w-auto"
              >
                <CalendarClock aria-hidden="true" className="size-4" />
                Đổi lịch hẹn
              </Button>
            )}
            {canCancel && (
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  cancel.reset();
                  setCancelling(true);
                }}
                className="w-full text-red-700 hover:bg-red-50 sm:w-auto"
              >
                <CalendarX aria-hidden="true" className="size-4" />
                Hủy lịch hẹn
              </Button>
            )}
            {appointment.status !== 'CANCELLED' && (
              <a
                href={buildUrl(managePath(token, '/calendar.ics'))}
                download
                className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
              >
                <CalendarPlus aria-hidden="true" className="size-4" />
                Thêm vào lịch
              </a>
            )}
          </div>
        </div>
      </section>

      {rescheduling && canReschedule && (
        <div id={formId}>
          <RescheduleForm
            token={token}
            appointment={appointment}
            planWindow={planVisit && { start: planVisit.windowStart, end: planVisit.windowEnd }}
            now={now}
            onClose={closeReschedule}
            onRescheduled={(result) => {
              setRescheduling(false);
              setNotice({ text: result.message });
            }}
          />
        </div>
      )}

      {carePlan && <LinkCarePlan token={token} plan={carePlan} />}

      {cancelling && (
        <CancelAppointmentDialog
          appointment={appointment}
          onClose={() => setCancelling(false)}
          pending={cancel.isPending}
          error={cancel.isError ? cancel.error : null}
          onConfirm={(reason) =>
            cancel.mutate(
              { token, reason },
              {
                onSuccess: (result) => {
                  setCancelling(false);
                  setRescheduling(false);
                  setNotice({ text: result.message });
                },
              },
            )
          }
        />
      )}
    </div>
  );
}
