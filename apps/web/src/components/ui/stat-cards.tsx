import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type StatCard = {
  key: string;
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
  hint?: string;
};

/**
 * A row of counts, each with its icon; '–' until the count arrives. `columns` replaces the default three.
 * `compactOnPhone`: on a phone the counts sit side by side in one short row, without icon or hint, so
 * what the person must act on below them is in view (issue 35: the doctor's assignments).
 */
export function StatCards({
  label,
  cards,
  columns,
  compactOnPhone = false,
}: {
  label: string;
  cards: readonly StatCard[];
  columns?: string;
  compactOnPhone?: boolean;
}) {
  const compact = compactOnPhone;
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid',
        compact ? 'grid-cols-3 gap-2 sm:gap-3' : 'gap-3',
        columns ?? (compact ? undefined : 'grid-cols-1 sm:grid-cols-3'),
      )}
    >
      {cards.map(({ key, label: cardLabel, value, icon: Icon, tone, hint }) => (
        <li
          key={key}
          className={cn(
            'flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
            compact && 'max-sm:p-2',
          )}
        >
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-lg',
              tone,
              compact && 'max-sm:hidden',
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <span className={cn('min-w-0', compact && 'max-sm:flex max-sm:flex-col-reverse')}>
            <span
              className={cn(
                'block text-sm font-medium text-slate-700',
                compact && 'max-sm:text-xs max-sm:leading-tight',
              )}
            >
              {cardLabel}
            </span>
            <span className={cn('block text-2xl font-bold text-slate-900 tabular-nums', compact && 'max-sm:text-xl')}>
              {value === undefined ? '–' : value.toLocaleString('vi-VN')}
            </span>
            {hint && <span className={cn('block text-xs text-slate-600', compact && 'max-sm:hidden')}>{hint}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
