import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, ImageOff, Pencil, Star, Trash2 } from 'lucide-react';
import { BLOG_STATUS_LABELS, BLOG_STATUSES, formatDate, type BlogSort, type BlogStatus, type BlogSummary } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { inputClasses } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { SelectableCard } from '@/components/ui/selectable-card';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { cn } from '@/lib/cn';
import { STATUS_TONES } from './blog-labels';
import { useMediaQuery } from '@/hooks/use-media-query';

export type BlogRowActions = {
  onEdit: (blog: BlogSummary) => void;
  onStatusChange: (blog: BlogSummary, status: BlogStatus) => void;
  onToggleFeatured: (blog: BlogSummary) => void;
  onDelete: (blog: BlogSummary) => void;
};

type BlogTableProps = BlogRowActions & {
  items: BlogSummary[];
  sort: BlogSort;
  onSortChange: (sort: BlogSort) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  /** Rows with a change on its way to the server. */
  busyIds: ReadonlySet<number>;
};

/** The posts of one page: a table from tablet width up, a list of cards on a phone. */
export function BlogTable(props: BlogTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <BlogDesktopTable {...props} /> : <BlogPhoneList {...props} />;
}

type SortableColumn = { asc: BlogSort; desc: BlogSort; first: BlogSort };
const TITLE_SORT: SortableColumn = { asc: 'title-asc', desc: 'title-desc', first: 'title-asc' };
const DATE_SORT: SortableColumn = { asc: 'oldest', desc: 'newest', first: 'newest' };

function SortHeader({ label, column, sort, onSortChange, className }: { label: string; column: SortableColumn; sort: BlogSort; onSortChange: (sort: BlogSort) => void; className?: string }) {
  const direction = sort === column.asc ? 'ascending' : sort === column.desc ? 'descending' : undefined;
  const next = direction === undefined ? column.first : direction === 'ascending' ? column.desc : column.asc;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className}>
      <button
        type="button"
        onClick={() => onSortChange(next)}
        className="inline-flex items-center gap-1 rounded font-semibold text-slate-700 hover:text-slate-950"
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', direction ? 'text-brand-700' : 'text-slate-400')} />
      </button>
    </th>
  );
}

function Thumbnail({ blog, className }: { blog: BlogSummary; className?: string }) {
  if (!blog.imageUrl) {
    return (
      <span className={cn('flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400', className)}>
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return <img src={blog.imageUrl} alt="" loading="lazy" decoding="async" width={80} height={56} className={cn('max-w-none shrink-0 rounded-lg bg-slate-100 object-cover', className)} />;
}

function StatusSelect({ blog, onStatusChange, disabled }: { blog: BlogSummary; onStatusChange: BlogRowActions['onStatusChange']; disabled: boolean }) {
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

function FeaturedToggle({ blog, onToggleFeatured, disabled }: { blog: BlogSummary; onToggleFeatured: BlogRowActions['onToggleFeatured']; disabled: boolean }) {
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
      <Star aria-hidden="true" className={cn('size-5', blog.featured ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} />
    </button>
  );
}

const iconButton = 'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

function RowActions({
  blog,
  busy,
  stacked,
  onEdit,
  onStatusChange,
  onDelete,
}: { blog: BlogSummary; busy: boolean; stacked: boolean } & Omit<BlogRowActions, 'onToggleFeatured'>) {
  const buttons = (
    <>
      <button type="button" className={iconButton} aria-label={`Sửa bài viết: ${blog.title}`} title="Sửa" onClick={() => onEdit(blog)}>
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

function BlogDesktopTable({ items, sort, onSortChange, selected, onToggle, onToggleAll, busyIds, ...actions }: BlogTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[620px] text-left text-sm xl:min-w-[940px]">
        <caption className="sr-only">Danh sách bài viết</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide whitespace-nowrap text-slate-700 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <SelectAllCheckbox count={items.length} selected={selected.size} onToggleAll={onToggleAll} label="Chọn tất cả bài viết trên trang này" />
            </th>
            <th scope="col" className="hidden w-20 px-1 py-3 xl:table-cell">
              <span className="sr-only">Ảnh</span>
            </th>
            <SortHeader label="Bài viết" column={TITLE_SORT} sort={sort} onSortChange={onSortChange} className="px-2 py-3" />
            {/* Below 1280 px (a laptop with the menu open) category and author sit under the title, so the row's buttons stay in view. */}
            <th scope="col" className="hidden px-2 py-3 font-semibold xl:table-cell">
              Danh mục
            </th>
            <th scope="col" className="hidden px-2 py-3 font-semibold xl:table-cell">
              Tác giả
            </th>
            <th scope="col" className="px-2 py-3 font-semibold">
              Trạng thái
            </th>
            <th scope="col" className="px-1 py-3 text-center font-semibold">
              <Star aria-hidden="true" className="mx-auto size-4 text-slate-500" />
              <span className="sr-only">Nổi bật</span>
            </th>
            <SortHeader label="Ngày" column={DATE_SORT} sort={sort} onSortChange={onSortChange} className="px-2 py-3" />
            <th scope="col" className="px-2 py-3 font-semibold">
              Thao tác
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((blog) => {
            const busy = busyIds.has(blog.id);
            const isSelected = selected.has(blog.id);
            return (
              <tr key={blog.id} className={cn('align-top', isSelected ? 'bg-brand-50/60' : 'hover:bg-slate-50')} aria-busy={busy || undefined}>
                <td className="px-3 py-3">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(blog.id)}
                    aria-label={`Chọn bài viết: ${blog.title}`}
                    className="mt-1 size-4 rounded border-slate-300 accent-brand-700"
                  />
                </td>
                <td className="hidden px-1 py-3 xl:table-cell">
                  <Thumbnail blog={blog} className="h-12 w-16" />
                </td>
                <td className="min-w-52 px-2 py-3">
                  <p className="line-clamp-2 font-semibold break-words text-slate-900">{blog.title}</p>
                  <p className="mt-0.5 line-clamp-2 break-words text-slate-600">{blog.excerpt}</p>
                  <p className="mt-1 text-xs text-slate-600 xl:hidden">
                    {blog.category} · {blog.author}
                  </p>
                </td>
                <td className="hidden px-2 py-3 whitespace-nowrap text-slate-700 xl:table-cell">{blog.category}</td>
                <td className="hidden w-32 min-w-28 px-2 py-3 break-words text-slate-700 xl:table-cell">{blog.author}</td>
                <td className="px-2 py-3">
                  <Badge tone={STATUS_TONES[blog.status]}>{BLOG_STATUS_LABELS[blog.status]}</Badge>
                </td>
                <td className="px-1 py-2 text-center">
                  <FeaturedToggle blog={blog} onToggleFeatured={actions.onToggleFeatured} disabled={busy} />
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                  <time dateTime={blog.date}>{formatDate(blog.date)}</time>
                </td>
                <td className="px-2 py-2">
                  <RowActions blog={blog} busy={busy} stacked {...actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BlogPhoneList({ items, selected, onToggle, onToggleAll, busyIds, ...actions }: BlogTableProps) {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-sm shadow-sm">
        <label className="flex items-center gap-3 font-medium text-slate-700">
          <SelectAllCheckbox count={items.length} selected={selected.size} onToggleAll={onToggleAll} label="Chọn tất cả bài viết trên trang này" />
          <span aria-hidden="true">Chọn tất cả</span>
        </label>
      </div>
      <ul className="space-y-3" aria-label="Danh sách bài viết">
        {items.map((blog) => {
          const busy = busyIds.has(blog.id);
          const isSelected = selected.has(blog.id);
          return (
            <SelectableCard
              key={blog.id}
              busy={busy}
              selected={isSelected}
              checkbox={
                <input
                  type="checkbox"
                  checked={isSelected}
                  onChange={() => onToggle(blog.id)}
                  aria-label={`Chọn bài viết: ${blog.title}`}
                  className="size-5 shrink-0 rounded border-slate-300 accent-brand-700"
                />
              }
            >
              <div className="flex gap-3">
                <Thumbnail blog={blog} className="h-14 w-20 shrink-0" />
                <div className="min-w-0">
                  <p className="line-clamp-2 font-semibold break-words text-slate-900">{blog.title}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {blog.author} · <time dateTime={blog.date}>{formatDate(blog.date)}</time>
                  </p>
                </div>
              </div>
              <p className="mt-2 line-clamp-2 text-sm break-words text-slate-600">{blog.excerpt}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <Badge tone={STATUS_TONES[blog.status]}>{BLOG_STATUS_LABELS[blog.status]}</Badge>
                <Badge tone="brand">{blog.category}</Badge>
                <FeaturedToggle blog={blog} onToggleFeatured={actions.onToggleFeatured} disabled={busy} />
              </div>
              <div className="mt-2 border-t border-slate-100 pt-2">
                <RowActions blog={blog} busy={busy} stacked={false} {...actions} />
              </div>
            </SelectableCard>
          );
        })}
      </ul>
    </div>
  );
}
