import { MessagesSquare, RotateCw } from 'lucide-react';
import { COMMENT_MSG } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { CommentsUnavailableError, useBlogComments } from '../api/get-blog-comments';
import { canModerateComments } from '../permissions';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

/** The comments under a post: the form first, then the threads, newest first, a page at a time. */
export function CommentsSection({ postId }: { postId: number }) {
  const { user, isSignedIn } = useAuth();
  const canDelete = isSignedIn && canModerateComments(user?.role);
  const comments = useBlogComments(postId);
  const threads = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const count = comments.data?.pages[0]?.count;

  return (
    <section aria-labelledby="comments-title" className="space-y-6">
      <h2 id="comments-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <MessagesSquare aria-hidden="true" className="size-6 text-brand-700" />
        Bình luận
        {count !== undefined && <span className="text-lg font-semibold text-slate-600">({count})</span>}
      </h2>

      <CommentForm postId={postId} />

      {comments.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Đang tải bình luận..." />
        </div>
      ) : comments.isError && threads.length === 0 ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50">
          <EmptyState
            icon={RotateCw}
            title={comments.error instanceof CommentsUnavailableError ? COMMENT_MSG.loadFailed : COMMENT_MSG.loadError}
            action={
              <Button variant="secondary" onClick={() => void comments.refetch()} loading={comments.isRefetching}>
                Thử lại
              </Button>
            }
          />
        </div>
      ) : threads.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-600">
          Chưa có bình luận nào. Hãy là người đầu tiên chia sẻ suy nghĩ của bạn.
        </p>
      ) : (
        <ul aria-label="Danh sách bình luận" className="space-y-6">
          {threads.map((comment) => (
            <CommentItem key={comment.id} postId={postId} comment={comment} canDelete={canDelete} />
          ))}
        </ul>
      )}

      {comments.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {COMMENT_MSG.loadError}
        </p>
      )}
      {comments.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void comments.fetchNextPage()}
            loading={comments.isFetchingNextPage}
          >
            {comments.isFetchingNextPage ? 'Đang tải...' : 'Xem thêm bình luận'}
          </Button>
        </div>
      )}
    </section>
  );
}
