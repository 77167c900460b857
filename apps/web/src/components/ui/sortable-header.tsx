import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/lib/cn';

export type SortDirection = 'ascending' | 'descending' | undefined;

/** A column header that sorts its table: says its order to assistive technology and shows it with an arrow. */
export function SortableHeader({
  label,
  direction,
  onSort,
  className,
  buttonClassName,
}: {
  label: string;
  /** How the table is sorted by this column now; undefined when by another. */
  direction: SortDirection;
  onSort: () => void;
  className?: string;
  buttonClassName?: string;
}) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className}>
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex items-center gap-1 rounded font-semibold text-slate-700 hover:text-slate-950',
          buttonClassName,
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', direction ? 'text-brand-700' : 'text-slate-400')} />
      </button>
    </th>
  );
}
