import { useEffect, useRef, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { formatLongDate } from '@clinic/shared';
import { cn } from '@/lib/cn';

const TONES = {
  success: {
    frame: 'border-emerald-200',
    band: 'bg-emerald-50',
    badge: 'bg-emerald-100 text-emerald-700',
    subtitle: 'text-emerald-800',
  },
  brand: {
    frame: 'border-brand-200',
    band: 'bg-brand-50',
    badge: 'bg-brand-100 text-brand-700',
    subtitle: 'text-brand-800',
  },
} as const;

type ConfirmationPanelProps = {
  id: string;
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  /** The line under the title: the booking's number, her place in line. */
  subtitle: string;
  message: string;
  children: ReactNode;
};

/**
 * The server's message without the title it may start with ('Đặt lịch hẹn thành công! Chúng tôi sẽ…'
 * under the heading 'Đặt lịch hẹn thành công'): the panel says its title once (issue 25).
 */
export function withoutTitle(message: string, title: string): string {
  const normalize = (text: string) => text.normalize('NFC').toLocaleLowerCase('vi');
  if (!normalize(message).startsWith(normalize(title))) return message;
  // Only the title as a whole sentence: 'Bạn đã nhận chỗ thành công!' under 'Bạn đã nhận chỗ' is kept.
  const after = message.slice(title.length);
  if (!/^\s*[!.:;–-]/.test(after)) return message;
  const rest = after.replace(/^[\s!.:,;–-]+/, '');
  return rest || message;
}

/**
 * What replaces a form or a button once the server has said yes (booked, on the waiting list, place
 * claimed): its heading takes the focus, since what she was in is gone.
 */
export function ConfirmationPanel({
  id,
  tone,
  icon: Icon,
  title,
  subtitle,
  message,
  children,
}: ConfirmationPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const t = TONES[tone];
  return (
    <section aria-labelledby={id} className={cn('overflow-hidden rounded-2xl border bg-white shadow-sm', t.frame)}>
      <div className={cn('px-5 py-6 sm:px-8', t.band)}>
        <div className="flex items-start gap-4">
          <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-full', t.badge)}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <h2
              id={id}
              ref={headingRef}
              tabIndex={-1}
              className="scroll-mt-24 text-2xl font-bold text-slate-900 focus:outline-none"
            >
              {title}
            </h2>
            <p className={cn('mt-1 text-lg font-semibold', t.subtitle)}>{subtitle}</p>
            <p className="mt-2 text-slate-700">{withoutTitle(message, title)}</p>
          </div>
        </div>
      </div>
      <div className="space-y-6 px-5 py-6 sm:px-8">{children}</div>
    </section>
  );
}

type SlotSummaryProps = {
  personLabel: string;
  fullName: string;
  departmentName: string;
  appointmentDate: string;
  appointmentTime: string;
};

/** Who, where and when, as the confirmation repeats it. */
export function SlotSummary({
  personLabel,
  fullName,
  departmentName,
  appointmentDate,
  appointmentTime,
}: SlotSummaryProps) {
  const rows: [string, string][] = [
    [personLabel, fullName],
    ['Khoa khám', departmentName],
    ['Ngày khám', formatLongDate(appointmentDate)],
    ['Giờ khám', appointmentTime],
  ];
  return (
    <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
