import { BLOG_STATUS_LABELS, formatDate } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { SelectableCard } from '@/components/ui/selectable-card';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { STATUS_TONES } from './blog-labels';
import { FeaturedToggle, RowActions, Thumbnail, type BlogListProps } from './blog-row-parts';

/** The posts of one page as a list of cards (phone width). */
export function BlogPhoneList({ items, selected, onToggle, onToggleAll, busyIds, ...actions }: BlogListProps) {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-sm shadow-sm">
        <label className="flex items-center gap-3 font-medium text-slate-700">
          <SelectAllCheckbox
            count={items.length}
            selected={selected.size}
            onToggleAll={onToggleAll}
            label="Chọn tất cả bài viết trên trang này"
          />
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
