import toast from 'react-hot-toast';
import { ClipboardPlus, Pencil, Send } from 'lucide-react';
import {
  APPOINTMENT_EVENT_LABELS,
  APPOINTMENT_STATUS_LABELS,
  can,
  clinicMoment,
  formatDateTime,
  formatLongDate,
  formatVnd,
  MESSAGING_TEXT,
  isDepositDue,
  isHeldPlace,
  PAYMENT_MSG,
  reachedBy,
  REACHED_TEXT,
  ROLE_LABELS,
  type Appointment,
  type AppointmentEvent,
  type AppointmentMessage,
  type Role,
  depositState,
  refundStateText,
} from '@clinic/shared';
import { CarePlanOfVisit } from '@/components/care-plan-of-visit';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { ActionMenu } from '@/components/ui/action-menu';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { toastActionDone } from '@/lib/action-toast';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { useAppointment } from '../api/get-appointment';
import { useAppointmentMessages } from '../api/get-appointment-messages';
import { useAppointmentTrail } from '../api/get-appointment-trail';
import { useResendManageLink } from '../api/resend-manage-link';
import { BOOKING_ACTION_LABELS, bookingActions, declinedByDoctor, heldPlaceText } from '../booking-actions';
import { ACTION_ICONS, type RowActionHandler } from './booking-row-parts';
import { SlotWaitingList } from './slot-waiting-list';
import { AppointmentPayments } from './appointment-payments';
import { DetailField } from '@/components/ui/detail-field';

export const RESEND_LINK_FAILED = 'Không thể gửi lại liên kết quản lý lịch hẹn';

/**
 * 'Gửi lại liên kết' (ADMIN, STAFF; an appointment with an e-mail): the patient gets a new private
 * link to see, move or cancel the visit herself; the old one stops working.
 */
function ResendManageLink({ appointment }: { appointment: Appointment }) {
  const resend = useResendManageLink();
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg bg-slate-50 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-xs text-slate-600">
        Liên kết quản lý lịch hẹn: bệnh nhân tự xem, đổi hoặc hủy lịch qua liên kết riêng.{' '}
        {REACHED_TEXT.patientHears(reachedBy(appointment), 'liên kết mới')} Gửi lại sẽ vô hiệu hóa liên kết cũ.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(appointment.id, {
            onSuccess: toastActionDone,
            onError: (error) => toast.error(errorMessage(error, RESEND_LINK_FAILED)),
          })
        }
      >
        {!resend.isPending && <Send aria-hidden="true" className="size-4" />}
        {resend.isPending ? 'Đang gửi...' : 'Gửi lại liên kết'}
      </Button>
    </div>
  );
}

/** A message that did not reach her: the front desk may have to call or resend. */
const NOT_ARRIVED = new Set(['failed', 'undelivered', 'fallback']);

type TrailItem = { at: string; event: AppointmentEvent } | { at: string; message: AppointmentMessage };

/** Events and messages in time order; an event before the messages it caused (they share its instant). */
function trailItems(events: AppointmentEvent[], messages: AppointmentMessage[]): TrailItem[] {
  const items: TrailItem[] = [
    ...events.map((event) => ({ at: event.createdAt, event })),
    ...messages.map((message) => ({ at: message.createdAt, message })),
  ];
  // Array.prototype.sort is stable: at one instant the events (listed first) stay first.
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * The audit trail (who did what, when), oldest first, as an ordered list; for the front desk also each
 * message sent about it (issue 27): channel, event, to whom (masked) and whether it arrived, never its text.
 */
function Timeline({ events, messages = [] }: { events: AppointmentEvent[]; messages?: AppointmentMessage[] }) {
  const zone = clinicTimeZone();
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5">
      {trailItems(events, messages).map((item, i) =>
        'event' in item ? (
          <li key={`e${item.event.id}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-brand-600 ring-1 ring-brand-600"
            />
            <p className="text-sm font-semibold text-slate-900">{APPOINTMENT_EVENT_LABELS[item.event.action]}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={item.event.createdAt}>{formatDateTime(item.event.createdAt, zone)}</time>
              {item.event.actorName ? ` · ${item.event.actorName}` : item.event.actorRole ? '' : ' · Khách đặt lịch'}
              {item.event.actorRole ? ` (${ROLE_LABELS[item.event.actorRole]})` : ''}
            </p>
            {item.event.fromStatus && item.event.toStatus && item.event.fromStatus !== item.event.toStatus && (
              <p className="text-xs text-slate-600">
                {APPOINTMENT_STATUS_LABELS[item.event.fromStatus]} → {APPOINTMENT_STATUS_LABELS[item.event.toStatus]}
              </p>
            )}
            {item.event.note && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{item.event.note}</p>}
          </li>
        ) : (
          <li key={`m${i}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-slate-400 ring-1 ring-slate-400"
            />
            <p className="text-sm font-medium text-slate-800">
              {MESSAGING_TEXT.channel[item.message.channel]}:{' '}
              {MESSAGING_TEXT.event[item.message.event] ?? item.message.event}
            </p>
            <p className="text-xs break-words text-slate-600">
              <time dateTime={item.message.createdAt}>{formatDateTime(item.message.createdAt, zone)}</time> · gửi tới{' '}
              {item.message.recipient} ·{' '}
              <span className={cn(NOT_ARRIVED.has(item.message.status) && 'font-medium text-red-700')}>
                {MESSAGING_TEXT.status[item.message.status]}
              </span>
            </p>
          </li>
        ),
      )}
    </ol>
  );
}

type AppointmentDetailModalProps = {
  appointment: Appointment | null;
  role: Role;
  onClose: () => void;
  onAction: RowActionHandler;
  /** 'Tạo kế hoạch' from this appointment, when the app offers it and the role may start one. */
  onStartCarePlan?: ((appointment: Appointment) => void) | undefined;
};

/** 'Chi tiết lịch hẹn': everything about one appointment and its history; edit and the other actions from here. */
export function AppointmentDetailModal({
  appointment,
  role,
  onClose,
  onAction,
  onStartCarePlan,
}: AppointmentDetailModalProps) {
  const id = appointment?.id ?? null;
  const detail = useAppointment(id, appointment ?? undefined);
  const trail = useAppointmentTrail(id);
  const messages = useAppointmentMessages(id, can(role, 'manageBookings'));
  const a = detail.data ?? appointment;
  if (!a) return null;
  const zone = clinicTimeZone();
  // A place a connected app holds: until when (or that it lapsed), instead of a booking's next steps.
  const held = heldPlaceText(a, new Date(), zone);
  const actions = bookingActions(a, role).filter((action) => action !== 'detail' && action !== 'edit');
  const act = (action: Parameters<RowActionHandler>[0]) => {
    onClose();
    onAction(action, a);
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={
        <span className="flex flex-wrap items-center gap-2">
          Lịch hẹn #{a.id} <AppointmentStatusBadge status={a.status} />
        </span>
      }
      footer={
        <>
          {actions.length > 0 && (
            <div className="mr-auto">
              <ActionMenu
                label={`Thao tác khác cho lịch hẹn #${a.id}`}
                text="Thao tác khác"
                align="left"
                items={actions.map((action) => ({
                  key: action,
                  label: BOOKING_ACTION_LABELS[action],
                  icon: ACTION_ICONS[action],
                  onSelect: () => act(action),
                }))}
              />
            </div>
          )}
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          {bookingActions(a, role).includes('edit') && (
            <Button onClick={() => act('edit')}>
              <Pencil aria-hidden="true" className="size-4" />
              Chỉnh sửa
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-6">
        {detail.isError && (
          <Alert tone="warning" role="status">
            Không tải được thông tin mới nhất: {detail.error.message}
          </Alert>
        )}
        <section aria-labelledby="detail-patient">
          <h3 id="detail-patient" className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Bệnh nhân
          </h3>
          <dl className="grid gap-3 sm:grid-cols-2">
            <DetailField label="Họ tên">{a.fullName}</DetailField>
            <DetailField label="Số điện thoại">{a.phone}</DetailField>
            <DetailField label="Email">{a.email}</DetailField>
            <DetailField label="Tài khoản">
              {a.user ? `@${a.user.username}` : 'Không có (đặt lịch không cần tài khoản)'}
            </DetailField>
          </dl>
          {/* A held place is no booking yet: no link to it is sent (the app's booking sends hers). */}
          {a.email && can(role, 'sendEmail') && !isHeldPlace(a) && <ResendManageLink appointment={a} />}
          {onStartCarePlan && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => {
                onClose();
                onStartCarePlan(a);
              }}
            >
              <ClipboardPlus aria-hidden="true" className="size-4" />
              Tạo kế hoạch chăm sóc
            </Button>
          )}
        </section>
        <section aria-labelledby="detail-visit">
          <h3 id="detail-visit" className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Lịch khám
          </h3>
          <dl className="grid gap-3 sm:grid-cols-2">
            <DetailField label="Ngày khám">{formatLongDate(a.appointmentDate)}</DetailField>
            <DetailField label="Giờ khám">{a.appointmentTime}</DetailField>
            <DetailField label="Khoa khám">{a.departmentName ?? a.department}</DetailField>
            <DetailField label="Bác sĩ">
              {a.doctor
                ? (a.doctor.fullName ?? a.doctor.email)
                : declinedByDoctor(a)
                  ? 'Bác sĩ đã từ chối, cần chỉ định bác sĩ khác'
                  : 'Chưa chỉ định'}
            </DetailField>
            <DetailField label="Lý do khám">{a.reason}</DetailField>
            <DetailField label="Thanh toán">
              {/* One string, so a visit with nothing to pay yet shows the field's '—', not an empty line. */}
              {[
                a.paymentAmount != null ? formatVnd(a.paymentAmount) : null,
                a.paymentCompleted ? 'Đã thanh toán' : null,
                // One refund state (issue 35): what the refunds say, the flag only while none is open yet.
                a.refund ? refundStateText(a.refund) : a.refundRequired ? 'Cần hoàn tiền' : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </DetailField>
            {held && <DetailField label="Giữ chỗ">{held}</DetailField>}
            {a.depositAmount != null && (
              <DetailField label={PAYMENT_MSG.depositLabel}>
                {formatVnd(a.depositAmount)}
                {a.depositPaidAt
                  ? ` · ${depositState(a, new Date())}`
                  : isDepositDue(a, new Date()) && a.depositDueAt
                    ? ` · Giữ chỗ đến ${clinicMoment(new Date(a.depositDueAt), clinicTimeZone()).time}`
                    : ' · Chưa thanh toán'}
              </DetailField>
            )}
            {a.doctorResponse && (
              <DetailField label={declinedByDoctor(a) ? 'Lý do bác sĩ từ chối' : 'Phản hồi của bác sĩ'}>
                {a.doctorResponse}
              </DetailField>
            )}
            {a.cancelReason && <DetailField label="Lý do hủy">{a.cancelReason}</DetailField>}
            {a.notes && (
              <div className="sm:col-span-2">
                <DetailField label="Ghi chú khám">
                  <span className="whitespace-pre-line">{a.notes}</span>
                </DetailField>
              </div>
            )}
            <DetailField label="Ngày đặt">{formatDateTime(a.createdAt, zone)}</DetailField>
            <DetailField label="Cập nhật lần cuối">{formatDateTime(a.updatedAt, zone)}</DetailField>
          </dl>
        </section>
        {/* A visit of a care plan (issue 37): the plan, its milestone and what came before. */}
        <CarePlanOfVisit appointmentId={a.id} />
        {can(role, 'manageBookings') && <SlotWaitingList appointment={a} />}
        {can(role, 'manageBookings') && <AppointmentPayments appointmentId={a.id} />}
        <section aria-labelledby="detail-trail">
          <h3 id="detail-trail" className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Lịch sử thay đổi
          </h3>
          {trail.isPending ? (
            <Spinner label="Đang tải lịch sử thay đổi..." />
          ) : trail.isError ? (
            <Alert tone="error">{trail.error.message}</Alert>
          ) : (
            <>
              {messages.isError && <Alert tone="error">{messages.error.message}</Alert>}
              <Timeline events={trail.data} messages={messages.data?.messages} />
            </>
          )}
        </section>
      </div>
    </Modal>
  );
}
