import { useEffect, useId, useRef, useState } from 'react';
import { CalendarSync, Link2Off, RefreshCw } from 'lucide-react';
import { formatDate, type CalendarFeedCreated, type CalendarFeedStatus } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { errorMessage } from '@/lib/error-message';
import { CALENDAR_FEED_CREATE_FAILED, useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { CALENDAR_FEED_REVOKE_FAILED, useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { CalendarFeedLink } from './calendar-feed-link';

/**
 * 'Lịch khám trên điện thoại' on a doctor's profile: a private, revocable iCalendar link of his
 * confirmed and paid appointments. Its address is shown only when made; afterwards the card says
 * since when a link exists, and offers a new one (the old stops working) or to revoke it.
 */
export function CalendarFeedCard() {
  const headingId = useId();
  const { token } = useAuth();
  const status = useCalendarFeed(token);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <CalendarSync aria-hidden="true" className="size-5" />
        </span>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Lịch khám trên điện thoại
        </h2>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Liên kết này đưa các lịch khám đã xác nhận và đã thanh toán của bạn trong những tuần tới vào ứng dụng lịch trên
        điện thoại (Google Calendar, Apple Calendar…) và tự cập nhật khi lịch thay đổi; không kèm số điện thoại hay
        email của bệnh nhân. <strong className="font-medium text-slate-800">Hãy giữ liên kết cho riêng bạn.</strong>
      </p>

      <div className="mt-5">
        {status.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Đang tải liên kết lịch..." />
          </div>
        ) : status.isError ? (
          <LoadErrorAlert
            title="Không tải được liên kết lịch"
            message={status.error.message}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : (
          <CalendarFeedControls feed={status.data} />
        )}
      </div>
    </section>
  );
}

type Dialog = 'replace' | 'revoke' | null;

function CalendarFeedControls({ feed }: { feed: CalendarFeedStatus }) {
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The new link's address lives only here: the server never gives it again.
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [revokedMessage, setRevokedMessage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  // After a revoke the buttons the focus was on are gone: it goes to 'Tạo liên kết lịch' once that is shown.
  const focusCreateButton = useRef(false);

  useEffect(() => {
    if (focusCreateButton.current && createButtonRef.current) {
      focusCreateButton.current = false;
      createButtonRef.current.focus();
    }
  });

  function openDialog(next: Exclude<Dialog, null>) {
    create.reset();
    revoke.reset();
    setDialog(next);
  }

  function makeLink() {
    setRevokedMessage(null);
    create.mutate(undefined, {
      onSuccess: (result) => {
        setCreated(result);
        setDialog(null);
      },
    });
  }

  function revokeLink() {
    revoke.mutate(undefined, {
      onSuccess: (result) => {
        setCreated(null);
        setRevokedMessage(result.message);
        setDialog(null);
        focusCreateButton.current = true;
      },
    });
  }

  const createError = create.isError ? errorMessage(create.error, CALENDAR_FEED_CREATE_FAILED) : null;
  const revokeError = revoke.isError ? errorMessage(revoke.error, CALENDAR_FEED_REVOKE_FAILED) : null;

  return (
    <div className="space-y-4">
      {revokedMessage && !feed.active && <Alert tone="success">{revokedMessage}</Alert>}
      {created && feed.active && (
        <>
          <Alert tone="success">{created.message}</Alert>
          <CalendarFeedLink key={created.url} url={created.url} />
        </>
      )}
      {createError && !dialog && <Alert tone="error">{createError}</Alert>}

      {feed.active ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {feed.createdAt ? `Đã tạo ngày ${formatDate(feed.createdAt, clinicTimeZone())}` : 'Đã có liên kết lịch'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => openDialog('replace')}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Tạo liên kết mới
            </Button>
            <Button variant="secondary" onClick={() => openDialog('revoke')}>
              <Link2Off aria-hidden="true" className="size-4" />
              Thu hồi liên kết
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={createButtonRef} onClick={makeLink} loading={create.isPending}>
          <CalendarSync aria-hidden="true" className="size-4" />
          {create.isPending ? 'Đang tạo...' : 'Tạo liên kết lịch'}
        </Button>
      )}

      <ConfirmDialog
        open={dialog === 'replace'}
        tone="primary"
        title="Tạo liên kết mới"
        message={
          <div className="space-y-3">
            <p>
              Liên kết cũ sẽ ngừng hoạt động ngay: ứng dụng lịch đang dùng nó sẽ không nhận lịch khám nữa cho đến khi
              bạn thêm liên kết mới.
            </p>
            {createError && <Alert tone="error">{createError}</Alert>}
          </div>
        }
        confirmLabel="Tạo liên kết mới"
        loading={create.isPending}
        onConfirm={makeLink}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'revoke'}
        title="Thu hồi liên kết lịch"
        message={
          <div className="space-y-3">
            <p>
              Liên kết sẽ ngừng hoạt động ngay: ứng dụng lịch đang dùng nó sẽ không nhận lịch khám nữa. Bạn có thể tạo
              liên kết mới bất cứ lúc nào.
            </p>
            {revokeError && <Alert tone="error">{revokeError}</Alert>}
          </div>
        }
        confirmLabel="Thu hồi liên kết"
        loading={revoke.isPending}
        onConfirm={revokeLink}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
