import { cn } from '@/lib/cn';

/** "120/1000", red once past the limit. */
export function CharCount({ length, max, id }: { length: number; max: number; id?: string }) {
  const over = length > max;
  return (
    <span id={id} className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-slate-600')}>
      {length}/{max}
      <span className="sr-only"> ký tự</span>
    </span>
  );
}
