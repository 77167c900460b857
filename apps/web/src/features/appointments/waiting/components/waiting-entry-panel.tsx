import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CalendarCheck,
  CalendarCog,
  CalendarDays,
  CalendarPlus,
  Clock,
  Gift,
  ListOrdered,
  LogOut,
  Stethoscope,
  UserRound,
} from 'lucide-react';
import {
  APPOINTMENT_MSG as M,
  formatDateTime,
  formatLongDate,
  OPEN_WAITING_STATUSES,
  REACHED_TEXT,
  WAITING_HOLD_MINUTES,
  type WaitingClaimResponse,
  type WaitingEntryView,
  type WaitingStatus,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { WaitingStatusBadge } from '@/components/waiting-status-badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { serverErrorText } from '@/lib/error-message';
import { useClaimWaitingOffer, useLeaveWaitingList } from '../../api/answer-waiting-offer';
import { DetailRow } from '../../manage/components/managed-appointment-details';
import { ConfirmationPanel } from '../../shared/confirmation-panel';
import { Hotline } from '../../shared/private-link-parts';

function BookAgain() {
  return (
    <Link to={paths.appointment} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
      <CalendarPlus aria-hidden="true" className="size-4" />
      Đặt lịch hẹn khác
    </Link>
  );
}

/** What an entry that can do nothing more says, and the way on. */
function Closed({ status }: { status: Exclude<WaitingStatus, 'WAITING' | 'OFFERED'> }) {
  const text = {
    CLAIMED: M.waitingAlreadyClaimed,
    EXPIRED: M.waitingOfferExpired,
    WITHDRAWN: M.waitingSlotBegun,
    REMOVED: M.waitingCannotLeave,
    LEFT: M.waitingCannotLeave,
  }[status];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{text}</p>
      {status !== 'CLAIMED' && <BookAgain />}
    </div>
  );
}

/** The place taken: her new booking, and its own private link. */
function Claimed({ claim }: { claim: WaitingClaimResponse }) {
  return (
    <ConfirmationPanel
      id="waiting-claimed-title"
      tone="success"
      icon={CalendarCheck}
      title="Bạn đã nhận chỗ"
      subtitle={`Mã lịch hẹn: #${claim.appointmentId}`}
      message={claim.message}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Xem, đổi hoặc hủy lịch hẹn bằng liên kết riêng.{' '}
          {/* Her entry has a phone (the list asks one); an e-mail only if she gave it. */}
          {REACHED_TEXT.linkSent(claim.reachedBy ?? { email: false, phone: true })}
        </p>
        {claim.manageToken && (
          <Link
            to={paths.manageAppointment.href(claim.manageToken)}
            className={buttonClasses({ className: 'w-full shrink-0 sm:w-auto' })}
          >
            <CalendarCog aria-hidden="true" className="size-4" />
            Quản lý lịch hẹn của bạn
          </Link>
        )}
      </div>
    </ConfirmationPanel>
  );
}

/** Her entry: the slot, her place or the offer she holds, and what she can do now. */
export function WaitingEntryPanel({ token, entry }: { token: string; entry: WaitingEntryView }) {
  const titleId = useId();
  const claim = useClaimWaitingOffer();
  const leave = useLeaveWaitingList();
  const [leaving, setLeaving] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const notice = leave.isSuccess ? leave.data.message : null;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (claim.isSuccess) return <Claimed claim={claim.data} />;
  const claimError = claim.isError ? (serverErrorText(claim.error, 'message') ?? claim.error.message) : null;
  const isOpen = (OPEN_WAITING_STATUSES as readonly WaitingStatus[]).includes(entry.status);

  return (
    <div className="space-y-6">
      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
        >
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        </div>
      )}

      <section
        aria-labelledby={titleId}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="px-5 py-6 sm:px-8">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-bold text-slate-900">
                Khung giờ bạn đang chờ
              </h2>
              <p className="mt-0.5 text-sm text-slate-600">Trạng thái hiện tại trong danh sách chờ</p>
            </div>
            <WaitingStatusBadge status={entry.status} />
          </div>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <DetailRow icon={UserRound} label="Họ tên" wide>
              {entry.fullName}
            </DetailRow>
            <DetailRow icon={CalendarDays} label="Ngày khám">
              {formatLongDate(entry.appointmentDate)}
            </DetailRow>
            <DetailRow icon={Clock} label="Giờ khám">
              {entry.appointmentTime}
            </DetailRow>
            <DetailRow icon={Stethoscope} label="Khoa khám">
              {entry.departmentName}
            </DetailRow>
          </dl>
        </div>

        <div className="space-y-4 border-t border-slate-100 px-5 py-5 sm:px-8">
          {entry.status === 'OFFERED' && (
            <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
              <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">Có chỗ trống dành cho bạn!</p>
                <p className="mt-1 text-sm">
                  Chỗ được giữ cho bạn đến <strong>{formatDateTime(entry.offerExpiresAt, clinicTimeZone())}</strong>.
                  Sau thời gian này, chỗ sẽ được chuyển cho người tiếp theo.
                </p>
              </div>
            </div>
          )}
          {entry.status === 'WAITING' && (
            <p className="flex items-start gap-3 text-sm text-slate-700">
              <ListOrdered aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                Bạn đang ở <strong>vị trí số {entry.position}</strong> trong danh sách chờ. Khi có chỗ trống, chúng tôi
                nhắn tin cho bạn (Zalo hoặc SMS, và email nếu có) và giữ chỗ cho bạn trong {WAITING_HOLD_MINUTES} phút.
                Cần hỗ trợ? Gọi hotline <Hotline />.
              </span>
            </p>
          )}
          {!isOpen && <Closed status={entry.status as Exclude<WaitingStatus, 'WAITING' | 'OFFERED'>} />}

          {claimError && <Alert tone="error">{claimError}</Alert>}

          {isOpen && (
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {entry.status === 'OFFERED' && (
                <Button
                  size="lg"
                  onClick={() => claim.mutate(token)}
                  loading={claim.isPending}
                  className="w-full sm:w-auto"
                >
                  <CalendarCheck aria-hidden="true" className="size-5" />
                  {claim.isPending ? 'Đang nhận chỗ...' : 'Nhận chỗ'}
                </Button>
              )}
              <Button
                variant="secondary"
                size={entry.status === 'OFFERED' ? 'lg' : undefined}
                onClick={() => {
                  leave.reset();
                  setLeaving(true);
                }}
                className="w-full text-red-700 hover:bg-red-50 sm:w-auto"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Rời danh sách chờ
              </Button>
            </div>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={leaving}
        title="Rời danh sách chờ?"
        message={
          <>
            {entry.status === 'OFFERED' ? 'Chỗ đang giữ cho bạn sẽ được chuyển cho người tiếp theo. ' : ''}
            Bạn sẽ không nhận được thông báo khi khung giờ này có chỗ trống.
            {leave.isError && (
              <span className="mt-3 block text-red-700">
                {serverErrorText(leave.error, 'message') ?? leave.error.message}
              </span>
            )}
          </>
        }
        confirmLabel="Rời danh sách chờ"
        cancelLabel="Ở lại"
        loading={leave.isPending}
        onCancel={() => setLeaving(false)}
        onConfirm={() => leave.mutate(token, { onSuccess: () => setLeaving(false) })}
      />
    </div>
  );
}
