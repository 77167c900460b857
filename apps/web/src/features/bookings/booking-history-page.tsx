import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, History } from 'lucide-react';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  BOOKING_UI_MSG,
  HISTORY_PERIOD_LABELS,
  HISTORY_PERIODS,
  type Appointment,
} from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { FormField, Input } from '@/components/ui/form-field';
import { Alert } from '@/components/ui/alert';
import { QueryList } from '@/components/ui/query-list';
import { SearchField } from '@/components/ui/search-field';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/cn';
import { useDeleteAppointment } from './api/delete-appointment';
import { useExportBookingHistory } from './api/export-history';
import { HISTORY_PAGE_SIZE, useBookingHistory } from './api/get-booking-history';
import { useHistoryStats } from './api/get-history-stats';
import { AppointmentDetailModal } from './components/appointment-detail-modal';
import { AppointmentPagination, foundAppointmentsText } from './components/appointment-pagination';
import { HistoryStatsCards } from './components/history-stats-cards';
import { PaymentsReport } from './components/payments-report';
import { HistoryTable } from './components/history-table';
import { useHistoryState, type HistoryStatus } from './hooks/use-history-state';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

const STATUS_OPTIONS = [
  { value: '', label: 'Tất cả' },
  { value: 'COMPLETED', label: 'Đã hoàn thành' },
  { value: 'CANCELLED', label: 'Đã hủy' },
  { value: 'NO_SHOW', label: 'Không đến' },
];

/** /admin/booking-history — 'Lịch sử Đặt lịch' (ADMIN, STAFF): closed appointments of a period, its cards and its CSV. */
export default function BookingHistoryPage() {
  usePageTitle('Lịch sử Đặt lịch');
  const user = useCurrentUser();
  const t = useBackOfficeText();
  const { params, filter, update } = useHistoryState();
  const list = useBookingHistory({ ...filter, page: params.page, sort: params.sort });
  const stats = useHistoryStats(filter);
  const exporter = useExportBookingHistory();
  const remove = useDeleteAppointment();
  const [open, setOpen] = useState<Appointment | null>(null);
  const [toDelete, setToDelete] = useState<Appointment | null>(null);

  function exportCsv() {
    if (list.data && list.data.total === 0) return toast.error(APPOINTMENT_MSG.nothingToExport);
    exporter.mutate(filter, {
      onSuccess: ({ fileName }) => toast.success(`Đã xuất ${fileName}`),
      onError: (error) => toast.error(errorMessage(error, APPOINTMENT_MSG.nothingToExport)),
    });
  }

  const data = list.data;
  const customRangeWrong = params.period === 'custom' && params.from && params.to && params.from > params.to;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">{t('Booking History')}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Lịch sử Đặt lịch</h1>
          <p className="mt-1 text-sm text-slate-600">
            Các lịch hẹn đã hoàn thành, đã hủy và không đến; giờ và ngày theo múi giờ của phòng khám.
          </p>
        </div>
        <Button onClick={exportCsv} loading={exporter.isPending} className="self-start sm:self-auto">
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Đang xuất...' : 'Xuất CSV'}
        </Button>
      </header>

      <div
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        role="search"
        aria-label="Lọc lịch sử đặt lịch"
      >
        <div role="group" aria-label="Khoảng thời gian" className="flex flex-wrap gap-2">
          {HISTORY_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={params.period === period}
              onClick={() => update({ period })}
              className={cn(
                'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                params.period === period
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {HISTORY_PERIOD_LABELS[period]}
            </button>
          ))}
        </div>
        {params.period === 'custom' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Từ ngày" error={customRangeWrong ? APPOINTMENT_MSG.invalidDateRange : undefined}>
              {(c) => (
                <Input
                  {...c}
                  type="date"
                  value={params.from}
                  onChange={(event) => update({ from: event.target.value })}
                />
              )}
            </FormField>
            <FormField label="Đến ngày">
              {(c) => (
                <Input
                  {...c}
                  type="date"
                  value={params.to}
                  min={params.from || undefined}
                  onChange={(event) => update({ to: event.target.value })}
                />
              )}
            </FormField>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <SearchField
            id="history-search"
            label="Tìm kiếm"
            value={params.q}
            onSearch={(q) => update({ q })}
            maxLength={APPOINTMENT_LIMITS.searchQuery}
            placeholder="Tên, số điện thoại, email hoặc mã lịch hẹn"
          />
          <FilterSelect
            id="history-status"
            label="Trạng thái"
            value={params.status}
            onChange={(status) => update({ status: status as HistoryStatus })}
            options={STATUS_OPTIONS}
          />
        </div>
      </div>

      {stats.isError ? (
        <Alert tone="warning">{errorMessage(stats.error, BOOKING_UI_MSG.historyLoadFailed)}</Alert>
      ) : (
        <HistoryStatsCards stats={customRangeWrong ? undefined : stats.data} />
      )}

      {!customRangeWrong && (
        <ErrorBoundary>
          <PaymentsReport period={{ period: filter.period, from: filter.from, to: filter.to }} />
        </ErrorBoundary>
      )}

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !list.isPlaceholderData ? foundAppointmentsText(data) : ''}
      </p>

      <ErrorBoundary>
        {customRangeWrong ? (
          <Alert tone="error">{APPOINTMENT_MSG.invalidDateRange}</Alert>
        ) : (
          <QueryList
            query={list}
            loadingLabel="Đang tải lịch sử đặt lịch..."
            errorTitle={BOOKING_UI_MSG.historyLoadFailed}
            hasData={data !== undefined}
            isEmpty={!data || data.items.length === 0}
            empty={
              <EmptyState
                icon={History}
                title="Không có lịch hẹn nào trong khoảng này"
                description="Lịch hẹn đã hoàn thành, đã hủy hoặc không đến sẽ xuất hiện tại đây."
              />
            }
            footer={
              data && (
                <AppointmentPagination
                  page={data}
                  pageSize={HISTORY_PAGE_SIZE}
                  onPageChange={(page) => update({ page })}
                />
              )
            }
          >
            {data && (
              <HistoryTable
                items={data.items}
                sort={params.sort}
                onSortChange={(sort) => update({ sort })}
                onOpen={setOpen}
              />
            )}
          </QueryList>
        )}
      </ErrorBoundary>

      {open && (
        <AppointmentDetailModal
          appointment={open}
          role={user.role}
          onClose={() => setOpen(null)}
          onAction={(action, appointment) => {
            if (action === 'delete') setToDelete(appointment);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Xóa vĩnh viễn lịch hẹn"
        message={
          toDelete
            ? `Xóa vĩnh viễn lịch hẹn #${toDelete.id} của ${toDelete.fullName}? Không thể hoàn tác; lịch sử thay đổi vẫn được giữ lại.`
            : ''
        }
        confirmLabel="Xóa vĩnh viễn"
        cancelLabel="Đóng"
        loading={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: (result) => {
              toast.success(result.message);
              setToDelete(null);
            },
            onError: (error) => toast.error(errorMessage(error, BOOKING_UI_MSG.deleteApiFailed)),
          })
        }
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
