import { X } from 'lucide-react';
import { BLOG_CATEGORIES, BLOG_LIMITS, BLOG_STATUS_LABELS, BLOG_STATUSES } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchField } from '@/components/ui/search-field';
import type { BlogAdminListParams } from '../api/admin/get-admin-blogs';
import { FEATURED_OPTIONS, SORT_OPTIONS } from './blog-labels';
import { DEFAULT_BLOG_LIST } from './use-blog-list-state';

type BlogToolbarProps = {
  params: BlogAdminListParams;
  onChange: (patch: Partial<BlogAdminListParams>) => void;
};

/** Search (sent to the server once typing pauses), the status, category and featured filters, and the sort. */
export function BlogToolbar({ params, onChange }: BlogToolbarProps) {
  const filtered =
    params.q !== '' ||
    params.status !== '' ||
    params.category !== '' ||
    params.featured !== '' ||
    params.sort !== DEFAULT_BLOG_LIST.sort;

  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      role="search"
      aria-label="Tìm kiếm và lọc bài viết"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <SearchField
          id="blog-search"
          label="Tìm kiếm"
          value={params.q}
          onSearch={(q) => onChange({ q })}
          maxLength={BLOG_LIMITS.searchQuery}
          placeholder="Tiêu đề, tóm tắt, tác giả..."
          className="col-span-2 md:col-span-4 xl:col-span-1"
        />
        <FilterSelect
          id="blog-filter-status"
          label="Trạng thái"
          value={params.status}
          onChange={(status) => onChange({ status: status as BlogAdminListParams['status'] })}
          options={[
            { value: '', label: 'Tất cả' },
            ...BLOG_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] })),
          ]}
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
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...DEFAULT_BLOG_LIST })}>
            <X aria-hidden="true" className="size-4" />
            Xóa bộ lọc
          </Button>
        </div>
      )}
    </div>
  );
}
