import { useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { CalendarPlus, CalendarSearch, ChevronDown, ChevronUp, RefreshCw } from 'lucide-react';
import {
  addDays,
  formatLongDate,
  BOOKING_UI_MSG,
  clinicMoment,
  CREATE_ACCOUNTS_MSG,
  daySheetDate,
  formatDate,
  isSunday,
  formatVnd,
  reachedBy,
  REACHED_TEXT,
  type Appointment,
  type BulkAppointmentAction,
  type BulkResult,
  type CreateAccountsResult,
} from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Alert } from '@/components/ui/alert';
import { QueryList } from '@/components/ui/query-list';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageSelection } from '@/hooks/use-page-selection';
import { usePageTitle } from '@/hooks/use-page-title';
import { useBackOfficeErrorText, useBackOfficeText } from '@/hooks/use-back-office-text';
import { toastActionDone } from '@/lib/action-toast';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useConfirmAppointment } from './api/confirm-appointment';
import { useDeleteAppointment } from './api/delete-appointment';
import { BOOKING_PAGE_SIZE, useAppointments } from './api/get-appointments';
import { useAppointmentStats } from './api/get-appointment-stats';
import { useMarkPaid } from './api/mark-paid';
import { useCreateAccounts } from './api/create-accounts';
import { useBulkAction } from './api/run-bulk-action';
import type { BookingAction } from './booking-actions';
import { AppointmentDetailModal } from './components/appointment-detail-modal';
import { AppointmentPagination, foundAppointmentsText } from './components/appointment-pagination';
import { AssignDoctorModal } from './components/assign-doctor-modal';
import { BookingBulkBar, BULK_LABELS } from './components/booking-bulk-bar';
import { BookingStatsCards } from './components/booking-stats-cards';
import { BookingTable } from './components/booking-table';
import { BookingToolbar } from './components/booking-toolbar';
import { ClosedDayState } from './components/closed-day-state';
import { BulkInputModal } from './components/bulk-input-modal';
import { CreateAccountsResultModal } from './components/create-accounts-result-modal';
import { DeskBookingModal } from './components/desk-booking-modal';
import { BulkAssignModal } from './components/bulk-assign-modal';
import { BulkResultModal } from './components/bulk-result-modal';
import { CancelAppointmentModal } from './components/cancel-appointment-modal';
import { EditAppointmentModal } from './components/edit-appointment-modal';
import { RequestPaymentModal } from './components/request-payment-modal';
import { useBookingListState } from './hooks/use-booking-list-state';
import { useFoldedCards } from './hooks/use-folded-cards';
import { usePastTheEnd } from '@/hooks/use-past-the-end';

type Dialog =
  | { kind: BookingAction; appointment: Appointment }
  | { kind: 'bulk-input'; action: 'cancel' | 'request-payment' }
  | { kind: 'bulk-confirm'; action: 'mark-paid' | 'delete' }
  | { kind: 'create-accounts' }
  | { kind: 'desk' }
  | { kind: 'accounts-result'; result: CreateAccountsResult }
  | { kind: 'bulk-result'; title: string; result: BulkResult; names: Map<number, string> }
  | { kind: 'bulk-assign' }
  | { kind: 'care-plan'; appointment: Appointment };

/**
 * What other features offer on one appointment, given by the app (features never import each other):
 * 'Tạo kế hoạch' starts a care plan prefilled with her name, phone and e-mail (issue 37).
 */
export type AppointmentWindows = {
  startCarePlan?: { allowed: boolean; open: (appointment: Appointment, onClose: () => void) => ReactNode };
};

/** The toast of a bulk action that could not do everything (specification section 8). */
const BULK_PARTIAL: Record<BulkAppointmentAction, string> = {
  cancel: BOOKING_UI_MSG.bulkCancelFailed,
  'mark-paid': BOOKING_UI_MSG.bulkMarkFailed,
  'request-payment': BOOKING_UI_MSG.bulkMarkFailed,
  delete: BOOKING_UI_MSG.bulkDeleteFailed,
};

/** /admin/bookings — 'Quản lý Lịch hẹn' (ADMIN, STAFF): every appointment, paged, searched and sorted on the server. */
export default function BookingManagerPage({ windows = {} }: { windows?: AppointmentWindows }) {
  usePageTitle('Quản lý Lịch hẹn');
  const t = useBackOfficeText();
  const errorText = useBackOfficeErrorText();
  const user = useCurrentUser();
  const { params, update } = useBookingListState();
  const query = useAppointments(params);
  const stats = useAppointmentStats();
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [cardsFolded, setCardsFolded] = useFoldedCards();
  const close = () => setDialog(null);

  const {
    selected,
    selectedItems,
    toggle,
    toggleAll,
    clear: clearSelection,
  } = usePageSelection(JSON.stringify(params), items);

  const confirm = useConfirmAppointment();
  const markPaid = useMarkPaid();
  const remove = useDeleteAppointment();
  const bulk = useBulkAction();
  const createAccounts = useCreateAccounts();

  const single = dialog && 'appointment' in dialog ? dialog : null;
  const runSingle = <T extends { message: string }>(
    mutation: { mutate: (id: number, options: { onSuccess: (r: T) => void; onError: (e: Error) => void }) => void },
    fallback: string,
  ) => {
    if (!single) return;
    mutation.mutate(single.appointment.id, {
      onSuccess: (result) => {
        toastActionDone(result);
        close();
      },
      onError: (error) => toast.error(errorText(error, fallback)),
    });
  };

  function runBulk(action: BulkAppointmentAction, extra: { reason?: string; amount?: number } = {}) {
    const names = new Map(selectedItems.map((a) => [a.id, a.fullName]));
    bulk.mutate(
      { action, ids: [...selected], ...extra },
      {
        onSuccess: (result) => {
          if (result.failed > 0 || result.skipped > 0) toast.error(BULK_PARTIAL[action]);
          else toast.success(result.message);
          clearSelection();
          setDialog({ kind: 'bulk-result', title: `${BULK_LABELS[action]}: kết quả`, result, names });
        },
        onError: (error) => {
          toast.error(errorText(error, BULK_PARTIAL[action]));
          close();
        },
      },
    );
  }

  function runCreateAccounts() {
    createAccounts.mutate([...selected], {
      onSuccess: (result) => {
        toast.success(result.message);
        clearSelection();
        setDialog({ kind: 'accounts-result', result });
      },
      onError: (error) => {
        toast.error(errorText(error, CREATE_ACCOUNTS_MSG.failed));
        close();
      },
    });
  }

  const data = query.data;
  const pastTheEnd = usePastTheEnd(
    data && { shown: data.items.length, total: data.total, totalPages: data.totalPages },
    params.page,
    update,
  );
  const filtered = params.q !== '' || params.status !== '' || params.today || params.day !== '';
  // A sheet of a day the clinic is closed: it says so rather than 'try another keyword'.
  const zone = clinicTimeZone();
  const sheetDate = params.day ? daySheetDate(params.day, new Date(), zone) : '';
  const closedDay = sheetDate && isSunday(sheetDate) ? sheetDate : '';
  const openDate = (date: string) => {
    const today = clinicMoment(new Date(), zone).date;
    update({ day: date === today ? 'today' : date === addDays(today, 1) ? 'tomorrow' : date, today: false });
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          {/* In Vietnamese the heading already says it. */}
          {t('Booking Manager') === 'Booking Manager' && (
            <p className="text-sm font-medium text-brand-700">Booking Manager</p>
          )}
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Quản lý Lịch hẹn</h1>
          <p className="mt-1 text-sm text-slate-600">
            Tìm, xác nhận, chỉ định bác sĩ, yêu cầu thanh toán và xử lý hàng loạt lịch hẹn của phòng khám.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          <Button onClick={() => setDialog({ kind: 'desk' })}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Đặt lịch tại quầy
          </Button>
          <Button
            variant="secondary"
            onClick={() => void Promise.all([query.refetch(), stats.refetch()])}
            loading={query.isFetching && !query.isPending}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Làm mới
          </Button>
          <Button
            variant="ghost"
            aria-expanded={!cardsFolded}
            aria-controls="booking-stats"
            onClick={() => setCardsFolded(!cardsFolded)}
          >
            {cardsFolded ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronUp aria-hidden="true" className="size-4" />
            )}
            {cardsFolded ? 'Hiện thống kê' : 'Thu gọn thống kê'}
          </Button>
        </div>
      </header>

      <div id="booking-stats" hidden={cardsFolded}>
        {stats.isError ? (
          <Alert tone="warning">{errorText(stats.error, BOOKING_UI_MSG.statsFailed)}</Alert>
        ) : (
          <BookingStatsCards
            stats={stats.data}
            current={params}
            onSelect={(filter) => update({ ...filter, day: '', finished: false })}
          />
        )}
      </div>
      <BookingToolbar params={params} onChange={update} />

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !query.isPlaceholderData ? foundAppointmentsText(data) : ''}
      </p>

      {selected.size > 0 && (
        <BookingBulkBar
          role={user.role}
          statuses={selectedItems.map((a) => a.status)}
          onCreateAccounts={() => setDialog({ kind: 'create-accounts' })}
          onAssign={() => setDialog({ kind: 'bulk-assign' })}
          onClear={clearSelection}
          onAction={(action) =>
            setDialog(
              action === 'cancel' || action === 'request-payment'
                ? { kind: 'bulk-input', action }
                : { kind: 'bulk-confirm', action },
            )
          }
        />
      )}

      <ErrorBoundary>
        <QueryList
          query={{ ...query, isPending: query.isPending || pastTheEnd }}
          loadingLabel="Đang tải danh sách lịch hẹn..."
          errorTitle={BOOKING_UI_MSG.loadFailed}
          errorText={t}
          hasData={data !== undefined}
          isEmpty={items.length === 0}
          empty={
            closedDay ? (
              <ClosedDayState date={closedDay} onOpen={openDate} />
            ) : sheetDate && params.q === '' && params.status === '' ? (
              <EmptyState
                icon={CalendarSearch}
                title={`Chưa có lịch hẹn nào ngày ${formatLongDate(sheetDate)}`}
                description="Lịch hẹn đặt trên trang web hoặc tại quầy cho ngày này sẽ xuất hiện tại đây."
              />
            ) : filtered ? (
              <EmptyState
                icon={CalendarSearch}
                title="Không tìm thấy lịch hẹn phù hợp"
                description="Hãy thử từ khóa khác, hoặc bỏ bớt bộ lọc."
              />
            ) : (
              <EmptyState
                title="Chưa có lịch hẹn nào"
                description="Lịch hẹn bệnh nhân đặt trên trang web sẽ xuất hiện tại đây."
              />
            )
          }
          footer={
            data && (
              <>
                <AppointmentPagination
                  page={data}
                  pageSize={BOOKING_PAGE_SIZE}
                  onPageChange={(page) => update({ page })}
                />
                {data.totalCapped && (
                  <p className="text-sm text-slate-600">
                    Có quá nhiều kết quả: hãy nhập thêm từ khóa hoặc chọn trạng thái để thu hẹp.
                  </p>
                )}
              </>
            )
          }
        >
          <BookingTable
            items={items}
            role={user.role}
            sort={params.sort}
            onSortChange={(sort) => update({ sort })}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onAction={(kind, appointment) => setDialog({ kind, appointment })}
          />
        </QueryList>
      </ErrorBoundary>

      {single?.kind === 'detail' && (
        <AppointmentDetailModal
          appointment={single.appointment}
          role={user.role}
          onClose={close}
          onAction={(kind, appointment) => setDialog({ kind, appointment })}
          onStartCarePlan={
            windows.startCarePlan?.allowed ? (appointment) => setDialog({ kind: 'care-plan', appointment }) : undefined
          }
        />
      )}
      {single?.kind === 'care-plan' && windows.startCarePlan?.open(single.appointment, close)}
      {single?.kind === 'edit' && <EditAppointmentModal appointment={single.appointment} onClose={close} />}
      {single?.kind === 'assign' && <AssignDoctorModal appointment={single.appointment} onClose={close} />}
      {single?.kind === 'requestPayment' && <RequestPaymentModal appointment={single.appointment} onClose={close} />}
      {(single?.kind === 'cancel' || single?.kind === 'refund') && (
        <CancelAppointmentModal appointment={single.appointment} refund={single.kind === 'refund'} onClose={close} />
      )}
      <ConfirmDialog
        open={single?.kind === 'confirm'}
        title="Xác nhận lịch hẹn"
        message={
          single
            ? `Xác nhận lịch hẹn #${single.appointment.id} của ${single.appointment.fullName} (${formatDate(single.appointment.appointmentDate)} ${single.appointment.appointmentTime})? ${REACHED_TEXT.patientHears(reachedBy(single.appointment), 'thông báo xác nhận')}`
            : ''
        }
        tone="primary"
        confirmLabel="Xác nhận"
        cancelLabel="Đóng"
        loading={confirm.isPending}
        onConfirm={() => runSingle(confirm, BOOKING_UI_MSG.confirmApiFailed)}
        onCancel={close}
      />
      <ConfirmDialog
        open={single?.kind === 'markPaid'}
        title="Đánh dấu đã thanh toán"
        message={
          single
            ? `Lịch hẹn #${single.appointment.id} của ${single.appointment.fullName} đã được thanh toán${single.appointment.paymentAmount != null ? ` ${formatVnd(single.appointment.paymentAmount)}` : ''}? ${REACHED_TEXT.patientHears(reachedBy(single.appointment), 'xác nhận thanh toán')}`
            : ''
        }
        tone="primary"
        confirmLabel="Đã thanh toán"
        cancelLabel="Đóng"
        loading={markPaid.isPending}
        onConfirm={() => runSingle(markPaid, BOOKING_UI_MSG.markPaidApiFailed)}
        onCancel={close}
      />
      <ConfirmDialog
        open={single?.kind === 'delete'}
        title="Xóa vĩnh viễn lịch hẹn"
        message={
          single
            ? `Xóa vĩnh viễn lịch hẹn #${single.appointment.id} của ${single.appointment.fullName}? Không thể hoàn tác; lịch sử thay đổi vẫn được giữ lại.`
            : ''
        }
        confirmLabel="Xóa vĩnh viễn"
        cancelLabel="Đóng"
        loading={remove.isPending}
        onConfirm={() => runSingle(remove, BOOKING_UI_MSG.deleteApiFailed)}
        onCancel={close}
      />

      {dialog?.kind === 'bulk-input' && (
        <BulkInputModal
          kind={dialog.action}
          count={selected.size}
          pending={bulk.isPending}
          onSubmit={(extra) => runBulk(dialog.action, extra)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'bulk-confirm'}
        title={dialog?.kind === 'bulk-confirm' ? BULK_LABELS[dialog.action] : ''}
        message={
          dialog?.kind === 'bulk-confirm'
            ? dialog.action === 'delete'
              ? `Xóa vĩnh viễn ${selected.size} lịch hẹn đã chọn? Không thể hoàn tác.`
              : `Đánh dấu ${selected.size} lịch hẹn đã chọn là đã thanh toán?`
            : ''
        }
        tone={dialog?.kind === 'bulk-confirm' && dialog.action === 'delete' ? 'danger' : 'primary'}
        confirmLabel={dialog?.kind === 'bulk-confirm' && dialog.action === 'delete' ? 'Xóa vĩnh viễn' : 'Đánh dấu'}
        cancelLabel="Đóng"
        loading={bulk.isPending}
        onConfirm={() => dialog?.kind === 'bulk-confirm' && runBulk(dialog.action)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'create-accounts'}
        title="Tạo tài khoản bệnh nhân"
        message={`Tạo tài khoản cho bệnh nhân của ${selected.size} lịch hẹn đã chọn? Mỗi email chưa có tài khoản nhận một tài khoản (tên đăng nhập là email) với mật khẩu tạm thời, phải đổi khi đăng nhập lần đầu; email đã có tài khoản được bỏ qua.`}
        tone="primary"
        confirmLabel="Tạo tài khoản"
        cancelLabel="Đóng"
        loading={createAccounts.isPending}
        onConfirm={runCreateAccounts}
        onCancel={close}
      />
      {dialog?.kind === 'desk' && <DeskBookingModal onClose={close} />}
      {dialog?.kind === 'accounts-result' && <CreateAccountsResultModal result={dialog.result} onClose={close} />}
      {dialog?.kind === 'bulk-assign' && (
        <BulkAssignModal
          visits={selectedItems}
          onClose={close}
          onDone={(result) => {
            const names = new Map(selectedItems.map((a) => [a.id, a.fullName]));
            if (result.failed > 0 || result.skipped > 0) toast.error(result.message);
            else toast.success(result.message);
            clearSelection();
            setDialog({ kind: 'bulk-result', title: 'Chỉ định bác sĩ: kết quả', result, names });
          }}
        />
      )}
      {dialog?.kind === 'bulk-result' && (
        <BulkResultModal title={dialog.title} result={dialog.result} names={dialog.names} onClose={close} />
      )}
    </div>
  );
}
