import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A row of a list on a phone: its checkbox on the left, tinted while selected. */
export function SelectableCard({
  selected,
  busy,
  checkbox,
  className,
  children,
}: {
  selected: boolean;
  busy?: boolean;
  checkbox: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      aria-busy={busy || undefined}
      className={cn(
        'rounded-xl border bg-white p-4 shadow-sm',
        selected ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex gap-3">
        <div className="pt-1">{checkbox}</div>
        <div className={cn('min-w-0 flex-1', className)}>{children}</div>
      </div>
    </li>
  );
}
