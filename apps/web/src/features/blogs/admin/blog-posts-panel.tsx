import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { FileSearch, Plus } from 'lucide-react';
import { BLOG_LIMITS, BLOG_MSG, type BlogStatus, type BlogSummary } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryList } from '@/components/ui/query-list';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/error-message';
import { BLOG_ADMIN_FALLBACKS } from '../api/admin/blog-errors';
import { usePageSelection } from '@/hooks/use-page-selection';
import { useBulkChangeBlogStatus } from '../api/admin/bulk-change-status';
import { useBulkDeleteBlogs } from '../api/admin/bulk-delete-blogs';
import { useChangeBlogStatus } from '../api/admin/change-status';
import { useDeleteBlog } from '../api/admin/delete-blog';
import { useAdminBlogs } from '../api/admin/get-admin-blogs';
import { useToggleFeatured } from '../api/admin/toggle-featured';
import { BlogBulkBar } from './blog-bulk-bar';
import { BlogStatsCards } from './blog-stats-cards';
import { BlogTable } from './blog-table';
import { BlogToolbar } from './blog-toolbar';
import { useBlogListState } from './use-blog-list-state';
import { usePastTheEnd } from '@/hooks/use-past-the-end';

/** Stats, toolbar, the table with its row and bulk actions, and paging: everything but the add/edit modal. */
export function BlogPostsPanel({ onCreate, onEdit }: { onCreate: () => void; onEdit: (blog: BlogSummary) => void }) {
  const { params, update } = useBlogListState();
  const query = useAdminBlogs(params);
  const items = useMemo(() => query.data?.items ?? [], [query.data]);

  const selection = usePageSelection(JSON.stringify(params), items);
  const { selected } = selection;

  const [toDelete, setToDelete] = useState<BlogSummary | null>(null);
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);

  const statusMutation = useChangeBlogStatus();
  const featuredMutation = useToggleFeatured();
  const deleteMutation = useDeleteBlog();
  const bulkStatus = useBulkChangeBlogStatus();
  const bulkDelete = useBulkDeleteBlogs();

  const busyIds = useMemo(() => {
    const ids = new Set<number>();
    if (statusMutation.isPending && statusMutation.variables) ids.add(statusMutation.variables.id);
    if (featuredMutation.isPending && featuredMutation.variables !== undefined) ids.add(featuredMutation.variables);
    if (deleteMutation.isPending && deleteMutation.variables !== undefined) ids.add(deleteMutation.variables);
    return ids;
  }, [
    statusMutation.isPending,
    statusMutation.variables,
    featuredMutation.isPending,
    featuredMutation.variables,
    deleteMutation.isPending,
    deleteMutation.variables,
  ]);

  function changeStatus(blog: BlogSummary, status: BlogStatus) {
    statusMutation.mutate(
      { id: blog.id, status },
      {
        onSuccess: (result) => toast.success(result?.message || BLOG_MSG.statusChanged),
        onError: (error) => toast.error(errorMessage(error, BLOG_MSG.statusFailed)),
      },
    );
  }

  function toggleFeatured(blog: BlogSummary) {
    featuredMutation.mutate(blog.id, {
      onSuccess: (result) =>
        toast.success(result?.message || (blog.featured ? BLOG_MSG.featuredOff : BLOG_MSG.featuredOn)),
      onError: (error) => toast.error(errorMessage(error, BLOG_MSG.featuredFailed)),
    });
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteMutation.mutate(toDelete.id, {
      onSuccess: (result) => {
        toast.success(result?.message || BLOG_MSG.deleted);
        setToDelete(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, BLOG_ADMIN_FALLBACKS.delete));
        setToDelete(null);
      },
    });
  }

  function changeSelectedStatus(status: BlogStatus) {
    bulkStatus.mutate(
      { ids: [...selected], status },
      {
        onSuccess: (result) => {
          toast.success(result?.message || BLOG_MSG.statusChanged);
          selection.clear();
        },
        onError: (error) => toast.error(errorMessage(error, BLOG_MSG.statusFailed)),
      },
    );
  }

  function confirmBulkDelete() {
    bulkDelete.mutate([...selected], {
      onSuccess: (result) => {
        toast.success(result?.message || BLOG_MSG.deleted);
        selection.clear();
        setBulkDeleteOpen(false);
      },
      onError: (error) => {
        toast.error(errorMessage(error, BLOG_ADMIN_FALLBACKS.bulkDelete));
        setBulkDeleteOpen(false);
      },
    });
  }

  const data = query.data;
  const pastTheEnd = usePastTheEnd(
    data && { shown: data.items.length, total: data.total, totalPages: data.totalPages },
    params.page,
    update,
  );

  const filtered = params.q !== '' || params.status !== '' || params.category !== '' || params.featured !== '';

  return (
    <div className="space-y-4">
      <BlogStatsCards stats={data?.stats} />
      <BlogToolbar params={params} onChange={update} />

      {/* Read once a search or filter has answered (the table itself is not a live region). */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !query.isPlaceholderData ? `Tìm thấy ${data.total} bài viết` : ''}
      </p>

      {selected.size > 0 && (
        <BlogBulkBar
          count={selected.size}
          statusPending={bulkStatus.isPending}
          onChangeStatus={changeSelectedStatus}
          onDelete={() => setBulkDeleteOpen(true)}
          onClear={() => selection.clear()}
        />
      )}

      <QueryList
        query={{ ...query, isPending: query.isPending || pastTheEnd }}
        loadingLabel="Đang tải danh sách bài viết..."
        errorTitle="Không thể tải danh sách bài viết"
        hasData={data !== undefined}
        isEmpty={items.length === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={FileSearch}
              title="Không tìm thấy bài viết phù hợp"
              description="Hãy thử từ khóa khác hoặc bỏ bớt bộ lọc."
            />
          ) : (
            <EmptyState
              title="Chưa có bài viết nào"
              description="Bài viết đầu tiên sẽ xuất hiện tại đây."
              action={
                <Button onClick={onCreate}>
                  <Plus aria-hidden="true" className="size-4" />
                  Thêm bài viết
                </Button>
              }
            />
          )
        }
        footer={
          data && (
            <Pagination
              page={data.page}
              pageSize={data.size || BLOG_LIMITS.adminPageSize}
              total={data.total}
              onPageChange={(page) => update({ page })}
              previousLabel="Trước"
              nextLabel="Sau"
              summary={(from, to, total) => `Hiển thị ${from}–${to} trong ${total} bài viết`}
            />
          )
        }
      >
        <BlogTable
          items={items}
          sort={params.sort}
          onSortChange={(sort) => update({ sort })}
          selected={selected}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          busyIds={busyIds}
          onEdit={onEdit}
          onStatusChange={changeStatus}
          onToggleFeatured={toggleFeatured}
          onDelete={setToDelete}
        />
      </QueryList>

      <ConfirmDialog
        open={toDelete !== null}
        title="Xóa bài viết"
        message={
          toDelete
            ? `Bạn có chắc muốn xóa bài viết "${toDelete.title}"? Các bình luận của bài viết cũng sẽ bị xóa.`
            : ''
        }
        confirmLabel="Xóa"
        loading={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={bulkDeleteOpen}
        title="Xóa bài viết đã chọn"
        message={`Bạn có chắc muốn xóa ${selected.size} bài viết?`}
        confirmLabel="Xóa"
        loading={bulkDelete.isPending}
        onConfirm={confirmBulkDelete}
        onCancel={() => setBulkDeleteOpen(false)}
      />
    </div>
  );
}
