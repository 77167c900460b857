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

/** A row of counts, each with its icon; '–' until the count arrives. `columns` replaces the default three. */
export function StatCards({
  label,
  cards,
  columns = 'grid-cols-1 sm:grid-cols-3',
}: {
  label: string;
  cards: readonly StatCard[];
  columns?: string;
}) {
  return (
    <ul aria-label={label} className={cn('grid gap-3', columns)}>
      {cards.map(({ key, label: cardLabel, value, icon: Icon, tone, hint }) => (
        <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium text-slate-700">{cardLabel}</span>
            <span className="block text-2xl font-bold text-slate-900 tabular-nums">
              {value === undefined ? '–' : value.toLocaleString('vi-VN')}
            </span>
            {hint && <span className="block text-xs text-slate-600">{hint}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
