import { useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, UserMinus } from 'lucide-react';
import {
  clinicMoment,
  formatDate,
  formatDateTime,
  formatTimeOnDate,
  OPEN_WAITING_STATUSES,
  type Appointment,
  type StaffWaitingEntry,
  type WaitingStatus,
} from '@clinic/shared';
import { WaitingStatusBadge } from '@/components/waiting-status-badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { useSlotWaitingList, type WaitingListSlot } from '../api/get-slot-waiting-list';
import { REMOVE_WAITING_FAILED, useRemoveWaitingEntry } from '../api/remove-waiting-entry';

export const WAITING_LIST_TITLE = 'Danh sách chờ của khung giờ này';
export const WAITING_LIST_EMPTY = 'Chưa có ai trong danh sách chờ của khung giờ này.';

/** Still in line or holding an offer: the entries the front desk may take off the list. */
const isOpen = (status: WaitingStatus) => (OPEN_WAITING_STATUSES as readonly WaitingStatus[]).includes(status);

const slotOf = (a: Appointment): WaitingListSlot => ({
  date: a.appointmentDate,
  time: a.appointmentTime,
  department: a.department,
});

function WaitingEntryItem({ entry, zone, onRemove }: { entry: StaffWaitingEntry; zone: string; onRemove: () => void }) {
  const open = isOpen(entry.status);
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-lg border px-3 py-2.5 sm:flex-row sm:items-start sm:justify-between',
        open ? 'border-slate-200 bg-white' : 'border-slate-100 bg-slate-50',
      )}
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold break-words text-slate-900">{entry.fullName}</span>
          <WaitingStatusBadge status={entry.status} />
        </p>
        <p className="text-xs break-words text-slate-700">
          <a href={`tel:${entry.phone}`} className="hover:underline">
            {entry.phone}
          </a>
          {entry.email && (
            <>
              {' · '}
              <a href={`mailto:${entry.email}`} className="hover:underline">
                {entry.email}
              </a>
            </>
          )}
        </p>
        <p className="text-xs text-slate-600">
          Vào danh sách lúc <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, zone)}</time>
        </p>
        {entry.status === 'OFFERED' && entry.offerExpiresAt && (
          <p className="text-xs font-medium text-amber-800">
            Giữ chỗ đến{' '}
            <time dateTime={entry.offerExpiresAt} title={formatDateTime(entry.offerExpiresAt, zone)}>
              {clinicMoment(new Date(entry.offerExpiresAt), zone).time}
            </time>
          </p>
        )}
        {entry.status === 'CLAIMED' && entry.appointmentId !== null && (
          <p className="text-xs font-medium text-emerald-800">Đã đặt lịch hẹn #{entry.appointmentId}</p>
        )}
      </div>
      {open && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          aria-label={`Xóa khỏi danh sách chờ: ${entry.fullName}`}
          onClick={onRemove}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          Xóa khỏi danh sách chờ
        </Button>
      )}
    </li>
  );
}

/**
 * 'Danh sách chờ của khung giờ này' (ADMIN, STAFF): who waits for the appointment's slot, in line
 * order, and who waited; the front desk takes someone still waiting, or holding an offer, off the list.
 */
export function SlotWaitingList({ appointment }: { appointment: Appointment }) {
  const slot = slotOf(appointment);
  const query = useSlotWaitingList(slot);
  const remove = useRemoveWaitingEntry();
  const [confirming, setConfirming] = useState<StaffWaitingEntry | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // After a removal the entry's button is gone: the focus goes back to the section's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) headingRef.current?.focus();
  }, [refocus]);
  const zone = clinicTimeZone();

  function confirmRemove() {
    if (!confirming) return;
    const done = (outcome: { ok: boolean; text: string }) => {
      setResult(outcome);
      setConfirming(null);
      setRefocus((n) => n + 1);
    };
    setResult(null);
    remove.mutate(confirming.id, {
      onSuccess: (response) => done({ ok: true, text: response.message }),
      // 409: she left or was offered and claimed meanwhile; the list, asked again, shows where she is.
      onError: (error) => done({ ok: false, text: errorMessage(error, REMOVE_WAITING_FAILED) }),
    });
  }

  const entries = query.data?.entries ?? [];
  const waiting = entries.filter((e) => isOpen(e.status)).length;

  return (
    <section aria-labelledby="detail-waiting">
      <h3
        id="detail-waiting"
        ref={headingRef}
        tabIndex={-1}
        className="mb-1 text-sm font-semibold tracking-wide text-brand-800 uppercase focus:outline-none"
      >
        {WAITING_LIST_TITLE}
      </h3>
      <p className="mb-3 text-xs text-slate-600">
        {slot.time} · {formatDate(slot.date)} · {appointment.departmentName ?? appointment.department}
        {query.data && entries.length > 0 ? ` · ${waiting} người đang chờ hoặc đang giữ chỗ` : ''}
      </p>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={cn(
          result ? 'mb-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm' : 'sr-only',
          result && (result.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'),
        )}
      >
        {result &&
          (result.ok ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ))}
        {result?.text}
      </p>
      {query.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Đang tải danh sách chờ..." />
        </div>
      ) : query.isError ? (
        <LoadErrorAlert
          title="Không tải được danh sách chờ"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{WAITING_LIST_EMPTY}</p>
      ) : (
        <ul aria-labelledby="detail-waiting" className="space-y-2">
          {entries.map((entry) => (
            <WaitingEntryItem key={entry.id} entry={entry} zone={zone} onRemove={() => setConfirming(entry)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Xóa khỏi danh sách chờ"
        message={
          confirming
            ? `Xóa ${confirming.fullName} (${confirming.phone}) khỏi danh sách chờ của khung giờ ${formatTimeOnDate(slot.time, slot.date)}? Người này sẽ không nhận được thông báo khi có chỗ trống.${
                confirming.status === 'OFFERED'
                  ? ' Chỗ đang giữ cho người này sẽ được chuyển cho người tiếp theo trong danh sách.'
                  : ''
              }`
            : ''
        }
        confirmLabel="Xóa khỏi danh sách chờ"
        cancelLabel="Đóng"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
