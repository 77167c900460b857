// The pieces of one post's row that the desktop table and the phone list both show.
import { ExternalLink, ImageOff, Pencil, Star, Trash2 } from 'lucide-react';
import { BLOG_STATUS_LABELS, BLOG_STATUSES, type BlogSort, type BlogStatus, type BlogSummary } from '@clinic/shared';
import { inputClasses } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export type BlogRowActions = {
  onEdit: (blog: BlogSummary) => void;
  onStatusChange: (blog: BlogSummary, status: BlogStatus) => void;
  onToggleFeatured: (blog: BlogSummary) => void;
  onDelete: (blog: BlogSummary) => void;
};

/** What the table and the phone list of one page of posts both take. */
export type BlogListProps = BlogRowActions & {
  items: BlogSummary[];
  sort: BlogSort;
  onSortChange: (sort: BlogSort) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  /** Rows with a change on its way to the server. */
  busyIds: ReadonlySet<number>;
};

export function Thumbnail({ blog, className }: { blog: BlogSummary; className?: string }) {
  if (!blog.imageUrl) {
    return (
      <span
        className={cn('flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400', className)}
      >
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={blog.imageUrl}
      alt=""
      loading="lazy"
      decoding="async"
      width={80}
      height={56}
      className={cn('max-w-none shrink-0 rounded-lg bg-slate-100 object-cover', className)}
    />
  );
}

export function StatusSelect({
  blog,
  onStatusChange,
  disabled,
}: {
  blog: BlogSummary;
  onStatusChange: BlogRowActions['onStatusChange'];
  disabled: boolean;
}) {
  return (
    <select
      value={blog.status}
      disabled={disabled}
      aria-label={`Trạng thái của bài viết: ${blog.title}`}
      onChange={(event) => onStatusChange(blog, event.target.value as BlogStatus)}
      className={cn(inputClasses, 'h-10 min-w-0 flex-1 py-1.5 pr-1 pl-2 sm:h-9 sm:py-1')}
    >
      {BLOG_STATUSES.map((status) => (
        <option key={status} value={status}>
          {BLOG_STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

export function FeaturedToggle({
  blog,
  onToggleFeatured,
  disabled,
}: {
  blog: BlogSummary;
  onToggleFeatured: BlogRowActions['onToggleFeatured'];
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={blog.featured}
      aria-label={`Nổi bật: ${blog.title}`}
      title={blog.featured ? 'Bỏ đánh dấu nổi bật' : 'Đánh dấu nổi bật'}
      disabled={disabled}
      onClick={() => onToggleFeatured(blog)}
      className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-amber-50 disabled:opacity-50"
    >
      <Star
        aria-hidden="true"
        className={cn('size-5', blog.featured ? 'fill-amber-400 text-amber-500' : 'text-slate-400')}
      />
    </button>
  );
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

export function RowActions({
  blog,
  busy,
  stacked,
  onEdit,
  onStatusChange,
  onDelete,
}: { blog: BlogSummary; busy: boolean; stacked: boolean } & Omit<BlogRowActions, 'onToggleFeatured'>) {
  const buttons = (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={`Sửa bài viết: ${blog.title}`}
        title="Sửa"
        onClick={() => onEdit(blog)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      {blog.status === 'PUBLISHED' ? (
        <a
          href={paths.blogPost.href(blog.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={iconButton}
          aria-label={`Xem bài viết công khai: ${blog.title} (mở trong tab mới)`}
          title="Xem trên trang công khai"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : (
        <span className="inline-block size-9" aria-hidden="true" />
      )}
      <button
        type="button"
        className={cn(iconButton, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
        aria-label={`Xóa bài viết: ${blog.title}`}
        title="Xóa"
        disabled={busy}
        onClick={() => onDelete(blog)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </>
  );
  if (stacked) {
    return (
      <div className="flex w-36 flex-col gap-1">
        <StatusSelect blog={blog} onStatusChange={onStatusChange} disabled={busy} />
        <div className="flex items-center justify-between">{buttons}</div>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <StatusSelect blog={blog} onStatusChange={onStatusChange} disabled={busy} />
      <div className="ml-auto flex items-center gap-1">{buttons}</div>
    </div>
  );
}
