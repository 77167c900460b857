import { useEffect, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { BLOG_CATEGORIES, BLOG_LIMITS, BLOG_STATUS_LABELS, BLOG_STATUSES } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import type { BlogAdminListParams } from '../api/admin/get-admin-blogs';
import { FEATURED_OPTIONS, SORT_OPTIONS } from './blog-labels';
import { DEFAULT_BLOG_LIST } from './use-blog-list-state';
import { useDebouncedValue } from './use-debounced-value';

type BlogToolbarProps = {
  params: BlogAdminListParams;
  onChange: (patch: Partial<BlogAdminListParams>) => void;
};

const selectClasses = cn(inputClasses, 'pr-8');

/** Search (sent to the server once typing pauses), the status, category and featured filters, and the sort. */
export function BlogToolbar({ params, onChange }: BlogToolbarProps) {
  const [text, setText] = useState(params.q);
  const debounced = useDebouncedValue(text.trim(), 350);

  // Only a new debounced text searches: the query changing from elsewhere must not re-send the old text.
  const latest = useRef({ q: params.q, onChange });
  useEffect(() => {
    latest.current = { q: params.q, onChange };
  });
  useEffect(() => {
    if (debounced !== latest.current.q) latest.current.onChange({ q: debounced });
  }, [debounced]);

  const filtered = params.q !== '' || params.status !== '' || params.category !== '' || params.featured !== '' || params.sort !== DEFAULT_BLOG_LIST.sort;

  function clearAll() {
    setText('');
    onChange({ ...DEFAULT_BLOG_LIST });
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" role="search" aria-label="Tìm kiếm và lọc bài viết">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="blog-search" className="mb-1.5 block text-sm font-medium text-slate-800">
            Tìm kiếm
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id="blog-search"
              type="search"
              value={text}
              maxLength={BLOG_LIMITS.searchQuery}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onChange({ q: text.trim() });
              }}
              placeholder="Tiêu đề, tóm tắt, tác giả..."
              className={cn(inputClasses, 'pl-9')}
            />
          </div>
        </div>
        <FilterSelect
          id="blog-filter-status"
          label="Trạng thái"
          value={params.status}
          onChange={(status) => onChange({ status: status as BlogAdminListParams['status'] })}
          options={[{ value: '', label: 'Tất cả' }, ...BLOG_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }))]}
        />
        <FilterSelect
          id="blog-filter-category"
          label="Danh mục"
          value={params.category}
          onChange={(category) => onChange({ category: category as BlogAdminListParams['category'] })}
          options={[{ value: '', label: 'Tất cả' }, ...BLOG_CATEGORIES.map((c) => ({ value: c, label: c }))]}
        />
        <FilterSelect
          id="blog-filter-featured"
          label="Nổi bật"
          value={params.featured}
          onChange={(featured) => onChange({ featured: featured as BlogAdminListParams['featured'] })}
          options={FEATURED_OPTIONS}
        />
        <FilterSelect
          id="blog-sort"
          label="Sắp xếp"
          value={params.sort}
          onChange={(sort) => onChange({ sort: sort as BlogAdminListParams['sort'] })}
          options={SORT_OPTIONS}
        />
      </div>
      {filtered && (
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={clearAll}>
            <X aria-hidden="true" className="size-4" />
            Xóa bộ lọc
          </Button>
        </div>
      )}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
