import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Check, CornerDownRight, ExternalLink, MessageSquare, Trash2, X } from 'lucide-react';
import {
  COMMENT_MSG,
  COMMENT_STATUS_LABELS,
  COMMENT_STATUSES,
  formatDateTime,
  type CommentStatus,
  type ModerationComment,
} from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { paths } from '@/config/paths';
import { StaffMark } from './staff-mark';
import { cn } from '@/lib/cn';
import type { BadgeTone } from '@/components/ui/badge';
import { COMMENT_ADMIN_FALLBACKS } from '../api/comment-errors';
import { MODERATION_PAGE_SIZE, useModerationComments } from '../api/get-moderation-comments';
import { useModerateComment, type ModerationAction } from '../api/moderate-comment';
import { usePastTheEnd } from '@/hooks/use-past-the-end';

const COMMENT_STATUS_TONES: Record<CommentStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
};

/** Pending first: that is the queue; approved and rejected ones can be changed back. */
const FILTER_ORDER: CommentStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];

const SUCCESS: Record<ModerationAction, string> = {
  approve: COMMENT_MSG.approved,
  reject: COMMENT_MSG.rejected,
  delete: COMMENT_MSG.deleted,
};
const FALLBACK: Record<ModerationAction, string> = {
  approve: COMMENT_ADMIN_FALLBACKS.approve,
  reject: COMMENT_ADMIN_FALLBACKS.reject,
  delete: COMMENT_ADMIN_FALLBACKS.delete,
};

function useModerationView() {
  const [search, setSearch] = useSearchParams();
  const rawStatus = search.get('comments');
  const status: CommentStatus = (COMMENT_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as CommentStatus)
    : 'PENDING';
  const rawPage = Number(search.get('cpage'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const set = useCallback(
    (next: { status?: CommentStatus; page?: number }) =>
      setSearch(
        (previous) => {
          const out = new URLSearchParams(previous);
          const s = next.status ?? status;
          const p = next.page ?? (next.status ? 1 : page);
          if (s === 'PENDING') out.delete('comments');
          else out.set('comments', s);
          if (p === 1) out.delete('cpage');
          else out.set('cpage', String(p));
          return out;
        },
        { replace: true },
      ),
    [setSearch, status, page],
  );
  return { status, page, set };
}

/** Comments of every post by moderation status, with approve, reject and delete (ADMIN and STAFF). */
export function CommentModerationPanel() {
  const { status, page, set } = useModerationView();
  const query = useModerationComments({ status, page });
  const moderate = useModerateComment();
  const [toDelete, setToDelete] = useState<ModerationComment | null>(null);
  const data = query.data;
  const comments = data?.comments ?? [];

  function act(comment: ModerationComment, action: ModerationAction) {
    moderate.mutate(
      { id: comment.id, action },
      {
        onSuccess: (result) => toast.success(result?.message || SUCCESS[action]),
        onError: (error) => toast.error(error.message || FALLBACK[action]),
        onSettled: () => {
          if (action === 'delete') setToDelete(null);
        },
      },
    );
  }

  const pastTheEnd = usePastTheEnd(
    data && { shown: comments.length, total: data.count, totalPages: data.totalPages },
    page,
    set,
  );

  const pendingId = moderate.isPending ? moderate.variables?.id : undefined;

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Lọc bình luận theo trạng thái" className="flex flex-wrap gap-2">
        {FILTER_ORDER.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => set({ status: s })}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
              s === status
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {COMMENT_STATUS_LABELS[s]}
            {data && (
              <span
                className={cn(
                  'rounded-full px-2 text-xs tabular-nums',
                  s === status ? 'bg-brand-900 text-white' : 'bg-slate-100 text-slate-700',
                )}
              >
                {data.counts[s]}
              </span>
            )}
          </button>
        ))}
      </div>

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !query.isPlaceholderData
          ? `${data.count} bình luận ${COMMENT_STATUS_LABELS[status].toLowerCase()}`
          : ''}
      </p>

      {query.isPending || pastTheEnd ? (
        <div className="flex justify-center rounded-xl border border-slate-200 bg-white py-16">
          <Spinner size="lg" label="Đang tải bình luận..." />
        </div>
      ) : query.isError && !data ? (
        <LoadErrorAlert
          title="Không thể tải bình luận"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : comments.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState
            icon={MessageSquare}
            title={`Không có bình luận ${COMMENT_STATUS_LABELS[status].toLowerCase()}`}
          />
        </div>
      ) : (
        <>
          <ul
            aria-label={`Bình luận ${COMMENT_STATUS_LABELS[status].toLowerCase()}`}
            className={cn('space-y-3', query.isPlaceholderData && 'opacity-60')}
          >
            {comments.map((comment) => (
              <CommentRow
                key={comment.id}
                comment={comment}
                busy={pendingId === comment.id}
                onAct={act}
                onDelete={setToDelete}
              />
            ))}
          </ul>
          {data && (
            <Pagination
              page={data.page}
              pageSize={data.size || MODERATION_PAGE_SIZE}
              total={data.count}
              onPageChange={(p) => set({ page: p })}
              previousLabel="Trước"
              nextLabel="Sau"
              summary={(from, to, total) => `Hiển thị ${from}–${to} trong ${total} bình luận`}
            />
          )}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Xóa bình luận"
        message={
          toDelete
            ? `Bạn có chắc muốn xóa bình luận của "${toDelete.authorName}"? Các trả lời của bình luận này cũng sẽ bị xóa.`
            : ''
        }
        confirmLabel="Xóa"
        loading={moderate.isPending && moderate.variables?.action === 'delete'}
        onConfirm={() => toDelete && act(toDelete, 'delete')}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function CommentRow({
  comment,
  busy,
  onAct,
  onDelete,
}: {
  comment: ModerationComment;
  busy: boolean;
  onAct: (comment: ModerationComment, action: ModerationAction) => void;
  onDelete: (comment: ModerationComment) => void;
}) {
  return (
    <li aria-busy={busy || undefined} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold break-words text-slate-900">{comment.authorName}</span>
            <StaffMark role={comment.authorRole} />
            <Badge tone={COMMENT_STATUS_TONES[comment.status]}>{COMMENT_STATUS_LABELS[comment.status]}</Badge>
            {comment.parentId !== null && (
              <span className="inline-flex items-center gap-1 text-xs text-slate-600">
                <CornerDownRight aria-hidden="true" className="size-3.5" />
                Trả lời
              </span>
            )}
            <time dateTime={comment.createdAt} className="text-xs text-slate-600 tabular-nums">
              {formatDateTime(comment.createdAt)}
            </time>
          </p>
          {/* Plain text, never HTML: whatever a visitor typed is shown as written. */}
          <p className="text-sm whitespace-pre-line break-words text-slate-800">{comment.content}</p>
          <p className="text-xs text-slate-600">
            Bài viết:{' '}
            <a
              href={paths.blogPost.href(comment.blogId)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {comment.blogTitle}
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only">(mở trong tab mới)</span>
            </a>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {comment.status !== 'APPROVED' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onAct(comment, 'approve')}
              aria-label={`Duyệt bình luận của ${comment.authorName}`}
            >
              <Check aria-hidden="true" className="size-4 text-emerald-700" />
              Duyệt
            </Button>
          )}
          {comment.status !== 'REJECTED' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onAct(comment, 'reject')}
              aria-label={`Từ chối bình luận của ${comment.authorName}`}
            >
              <X aria-hidden="true" className="size-4 text-amber-700" />
              Từ chối
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onDelete(comment)}
            aria-label={`Xóa bình luận của ${comment.authorName}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Xóa
          </Button>
        </div>
      </div>
    </li>
  );
}
