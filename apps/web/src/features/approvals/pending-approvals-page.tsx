import { useState } from 'react';
import { ClipboardCheck, RefreshCw } from 'lucide-react';
import { APPROVALS_MSG, PENDING_POLL_MS, type Appointment } from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { QueryList } from '@/components/ui/query-list';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { usePendingApprovals, usePendingSummary } from './api/get-pending-approvals';
import { AcceptAssignmentModal } from './components/accept-assignment-modal';
import type { ApprovalAction } from './components/approval-parts';
import { DeclineAssignmentModal } from './components/decline-assignment-modal';
import { PendingSummaryCards } from './components/pending-summary-cards';
import { PendingTable } from './components/pending-table';
import { ViewAssignmentModal } from './components/view-assignment-modal';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

/**
 * /admin/pending-approvals (DOCTOR): the appointments the staff assigned to the signed-in doctor,
 * to view, accept or decline. The list refreshes every 30 seconds and on Refresh; an open dialog
 * keeps what the doctor typed while the list refreshes behind it.
 */
export default function PendingApprovalsPage() {
  const t = useBackOfficeText();
  usePageTitle(t('Pending Approvals'));
  const list = usePendingApprovals();
  const summary = usePendingSummary();
  const [dialog, setDialog] = useState<{ action: ApprovalAction; appointment: Appointment } | null>(null);
  const close = () => setDialog(null);
  const items = list.data?.items ?? [];
  // Urgent is read against the moment the list was fetched, like the server's count.
  const now = new Date(list.dataUpdatedAt);
  const refreshing = (list.isFetching && !list.isPending) || (summary.isFetching && !summary.isPending);

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">{t('Pending Approvals')}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{APPROVALS_MSG.title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Lịch hẹn nhân viên đã chỉ định cho bạn. Chấp nhận để xác nhận với bệnh nhân, hoặc từ chối để nhân viên chỉ
            định bác sĩ khác. Danh sách tự cập nhật mỗi {PENDING_POLL_MS / 1000} giây.
          </p>
        </div>
        <Button
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={() => void Promise.all([list.refetch(), summary.refetch()])}
          loading={refreshing}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </header>

      {summary.isError ? (
        <Alert tone="warning">{errorMessage(summary.error, APPROVALS_MSG.loadFailed)}</Alert>
      ) : (
        <PendingSummaryCards summary={summary.data} />
      )}

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {list.data ? `${list.data.total} lịch hẹn chờ bạn phê duyệt` : ''}
      </p>

      <ErrorBoundary>
        <QueryList
          query={list}
          loadingLabel="Đang tải lịch hẹn chờ phê duyệt..."
          errorTitle={APPROVALS_MSG.loadFailed}
          hasData={list.data !== undefined}
          isEmpty={items.length === 0}
          empty={
            <EmptyState
              icon={ClipboardCheck}
              title={APPROVALS_MSG.empty}
              description="Bạn đã phản hồi mọi lịch hẹn được chỉ định. Lịch hẹn mới sẽ tự xuất hiện tại đây."
            />
          }
          footer={
            list.data &&
            list.data.total > items.length && (
              <p className="text-sm text-slate-600">
                Đang hiển thị {items.length} lịch hẹn sớm nhất trong {list.data.total}. Hãy phản hồi các lịch hẹn này để
                xem tiếp.
              </p>
            )
          }
        >
          <PendingTable
            items={items}
            now={now}
            onAction={(action, appointment) => setDialog({ action, appointment })}
          />
        </QueryList>
      </ErrorBoundary>

      {dialog?.action === 'view' && (
        <ViewAssignmentModal
          appointment={dialog.appointment}
          onClose={close}
          onAction={(action) => setDialog({ action, appointment: dialog.appointment })}
        />
      )}
      {dialog?.action === 'accept' && (
        <AcceptAssignmentModal key={dialog.appointment.id} appointment={dialog.appointment} onClose={close} />
      )}
      {dialog?.action === 'decline' && (
        <DeclineAssignmentModal key={dialog.appointment.id} appointment={dialog.appointment} onClose={close} />
      )}
    </div>
  );
}
