import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

const TONES = {
  error: { classes: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert },
  warning: { classes: 'border-amber-200 bg-amber-50 text-amber-900', icon: TriangleAlert },
  info: { classes: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info },
  success: { classes: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck },
} as const;

type AlertProps = {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' interrupts a screen reader (errors); 'status' waits its turn (notices). */
  role?: 'alert' | 'status';
};

export function Alert({
  tone = 'error',
  title,
  children,
  className,
  role = tone === 'error' ? 'alert' : 'status',
}: AlertProps) {
  const { classes, icon: Icon } = TONES[tone];
  return (
    <div role={role} className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', classes, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
