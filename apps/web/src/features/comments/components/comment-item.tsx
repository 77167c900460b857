import { useState } from 'react';
import toast from 'react-hot-toast';
import { MessageSquareReply, Trash2 } from 'lucide-react';
import { COMMENT_MSG, formatDateTime, type Comment } from '@clinic/shared';
import { StaffMark } from './staff-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { useDeleteComment } from '../api/delete-comment';
import { ReactionButtons } from './reaction-buttons';
import { ReplyForm } from './reply-form';

type CommentItemProps = {
  postId: number;
  comment: Comment;
  canDelete: boolean;
  depth?: number;
};

/** One comment with its actions and its replies. Names and text are shown as text, never as HTML. */
export function CommentItem({ postId, comment, canDelete, depth = 0 }: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  const [replyPending, setReplyPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(postId);
  const headingId = `comment-${comment.id}-author`;

  function confirmDelete() {
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(COMMENT_MSG.deleted);
      },
      onError: () => {
        setConfirming(false);
        toast.error(COMMENT_MSG.deleteFailed);
      },
    });
  }

  return (
    <li>
      <article aria-labelledby={headingId} className="flex gap-3">
        <UserAvatar name={comment.authorName} className={depth === 0 ? 'size-10 text-base' : 'size-8'} />
        <div className="min-w-0 flex-1">
          <div className="rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
            <header className="flex flex-wrap items-baseline gap-x-2">
              <h3 id={headingId} className="text-sm font-semibold break-words text-slate-900">
                {comment.authorName}
              </h3>
              <StaffMark role={comment.authorRole} />
              <time dateTime={comment.createdAt} className="text-xs text-slate-600">
                {formatDateTime(comment.createdAt)}
              </time>
            </header>
            <p className="mt-1 text-[0.9375rem] leading-relaxed break-words whitespace-pre-line text-slate-800">
              {comment.content}
            </p>
          </div>

          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ReactionButtons postId={postId} comment={comment} />
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={replying}
              onClick={() => {
                setReplying((open) => !open);
                setReplyPending(false);
              }}
            >
              <MessageSquareReply aria-hidden="true" className="size-4" />
              Trả lời
            </Button>
            {canDelete && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Xóa
                <span className="sr-only"> bình luận của {comment.authorName}</span>
              </Button>
            )}
          </div>

          {replying && (
            <ReplyForm
              postId={postId}
              commentId={comment.id}
              replyingTo={comment.authorName}
              onCancel={() => setReplying(false)}
              onDone={({ pending }) => {
                setReplying(false);
                setReplyPending(pending);
              }}
            />
          )}
          {replyPending && (
            <Alert tone="info" className="mt-3">
              {COMMENT_MSG.pending}
            </Alert>
          )}
        </div>
      </article>

      {comment.replies.length > 0 && (
        <ul
          aria-label={`Trả lời bình luận của ${comment.authorName}`}
          // Every reply sits one step in under its thread, however deep it answers: a phone keeps its width.
          className={cn(
            'mt-4 space-y-4',
            depth === 0 && 'ml-5 border-l-2 border-brand-100 pl-3 sm:ml-[3.25rem] sm:pl-5',
          )}
        >
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} postId={postId} comment={reply} canDelete={canDelete} depth={depth + 1} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming}
        title="Xóa bình luận?"
        message="Bình luận này và các trả lời của nó sẽ bị xóa vĩnh viễn."
        confirmLabel="Xóa"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </li>
  );
}
