import { Star } from 'lucide-react';
import { BLOG_STATUS_LABELS, formatDate, type BlogSort } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { SortableHeader } from '@/components/ui/sortable-header';
import { cn } from '@/lib/cn';
import { STATUS_TONES } from './blog-labels';
import { FeaturedToggle, RowActions, Thumbnail, type BlogListProps } from './blog-row-parts';

type SortableColumn = { asc: BlogSort; desc: BlogSort; first: BlogSort };
const TITLE_SORT: SortableColumn = { asc: 'title-asc', desc: 'title-desc', first: 'title-asc' };
const DATE_SORT: SortableColumn = { asc: 'oldest', desc: 'newest', first: 'newest' };

function SortHeader({
  label,
  column,
  sort,
  onSortChange,
  className,
}: {
  label: string;
  column: SortableColumn;
  sort: BlogSort;
  onSortChange: (sort: BlogSort) => void;
  className?: string;
}) {
  const direction = sort === column.asc ? 'ascending' : sort === column.desc ? 'descending' : undefined;
  const next = direction === undefined ? column.first : direction === 'ascending' ? column.desc : column.asc;
  return <SortableHeader label={label} direction={direction} onSort={() => onSortChange(next)} className={className} />;
}

/** The posts of one page as a table, sortable by title and date (tablet width and up). */
export function BlogDesktopTable({
  items,
  sort,
  onSortChange,
  selected,
  onToggle,
  onToggleAll,
  busyIds,
  ...actions
}: BlogListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[620px] text-left text-sm xl:min-w-[940px]">
        <caption className="sr-only">Danh sách bài viết</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide whitespace-nowrap text-slate-700 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <SelectAllCheckbox
                count={items.length}
                selected={selected.size}
                onToggleAll={onToggleAll}
                label="Chọn tất cả bài viết trên trang này"
              />
            </th>
            <th scope="col" className="hidden w-20 px-1 py-3 xl:table-cell">
              <span className="sr-only">Ảnh</span>
            </th>
            <SortHeader
              label="Bài viết"
              column={TITLE_SORT}
              sort={sort}
              onSortChange={onSortChange}
              className="px-2 py-3"
            />
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
              <tr
                key={blog.id}
                className={cn('align-top', isSelected ? 'bg-brand-50/60' : 'hover:bg-slate-50')}
                aria-busy={busy || undefined}
              >
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
                <td className="hidden w-32 min-w-28 px-2 py-3 break-words text-slate-700 xl:table-cell">
                  {blog.author}
                </td>
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
