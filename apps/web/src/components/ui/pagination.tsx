import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

type PaginationProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** At most this many numbered buttons (the specification's users table: 5). */
  maxButtons?: number;
  previousLabel?: string;
  nextLabel?: string;
  summary?: (from: number, to: number, total: number) => string;
  className?: string;
};

/** Numbered pages around the current one, never more than maxButtons. */
export function pageWindow(page: number, totalPages: number, maxButtons: number): number[] {
  const count = Math.min(maxButtons, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Shown only when there is more than one page (specification, Patient Control). */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  maxButtons = 5,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  summary = (from, to, count) => `Showing ${from} to ${to} of ${count} results`,
  className,
}: PaginationProps) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  const itemClasses =
    'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}
    >
      <p className="text-sm text-slate-600">{summary(from, to, total)}</p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={cn(itemClasses, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
            disabled={current === 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {previousLabel}
          </button>
        </li>
        {pageWindow(current, totalPages, maxButtons).map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-current={n === current ? 'page' : undefined}
              className={cn(
                itemClasses,
                n === current
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cn(itemClasses, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
            disabled={current === totalPages}
            onClick={() => onPageChange(current + 1)}
          >
            {nextLabel}
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
