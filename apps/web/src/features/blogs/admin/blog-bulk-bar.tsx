import { useState } from 'react';
import { Trash2, X } from 'lucide-react';
import { BLOG_STATUS_LABELS, BLOG_STATUSES, type BlogStatus } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

type BlogBulkBarProps = {
  count: number;
  onChangeStatus: (status: BlogStatus) => void;
  onDelete: () => void;
  onClear: () => void;
  statusPending: boolean;
};

/** Shown while posts are selected: one status for all of them, or delete them all. */
export function BlogBulkBar({ count, onChangeStatus, onDelete, onClear, statusPending }: BlogBulkBarProps) {
  const [status, setStatus] = useState<BlogStatus | ''>('');
  return (
    <section
      aria-label="Thao tác hàng loạt"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm font-semibold text-brand-900">Đã chọn {count} bài viết</p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <label htmlFor="bulk-status" className="sr-only">
          Trạng thái mới cho các bài viết đã chọn
        </label>
        <select
          id="bulk-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as BlogStatus | '')}
          className={cn(inputClasses, 'h-10 w-auto py-1.5 pr-8 sm:h-9 sm:py-1')}
        >
          <option value="">Đổi trạng thái...</option>
          {BLOG_STATUSES.map((s) => (
            <option key={s} value={s}>
              {BLOG_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={status === ''}
          loading={statusPending}
          onClick={() => {
            if (status) onChangeStatus(status);
          }}
        >
          Áp dụng
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          Xóa đã chọn
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Bỏ chọn
        </Button>
      </div>
    </section>
  );
}
