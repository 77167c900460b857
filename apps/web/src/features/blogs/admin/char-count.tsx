import { cn } from '@/lib/cn';

/** "12/200 ký tự", red once over the limit. */
export function CharCount({ value, max }: { value: string | null | undefined; max: number }) {
  const length = (value ?? '').length;
  return (
    <span className={cn('tabular-nums', length > max ? 'font-semibold text-red-700' : 'text-slate-600')}>
      {length.toLocaleString('vi-VN')}/{max.toLocaleString('vi-VN')} ký tự
    </span>
  );
}
