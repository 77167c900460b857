import { cn } from '@/lib/cn';

/**
 * "120/1000 ký tự" (the limits are written as the specification writes them) under a text field, red once past the limit. `unit="sr-only"` keeps the word
 * for screen readers only, where the field is narrow.
 */
export function CharCount({
  length,
  max,
  id,
  unit = 'visible',
}: {
  length: number;
  max: number;
  id?: string;
  unit?: 'visible' | 'sr-only';
}) {
  const over = length > max;
  const numbers = `${length}/${max}`;
  return (
    <span id={id} className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-slate-600')}>
      {unit === 'visible' ? `${numbers} ký tự` : numbers}
      {unit === 'sr-only' && <span className="sr-only"> ký tự</span>}
    </span>
  );
}
