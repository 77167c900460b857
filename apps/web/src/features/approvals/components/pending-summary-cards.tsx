import { AlarmClock, CalendarClock, ClipboardClock, type LucideIcon } from 'lucide-react';
import type { PendingApprovalSummary } from '@clinic/shared';
import { cn } from '@/lib/cn';

const CARDS: readonly { key: keyof PendingApprovalSummary; label: string; hint: string; icon: LucideIcon; tone: string }[] = [
  { key: 'pending', label: 'Pending Approvals', hint: 'Chờ bạn phản hồi', icon: ClipboardClock, tone: 'bg-amber-50 text-amber-700' },
  { key: 'today', label: "Today's Appointments", hint: 'Khám trong hôm nay', icon: CalendarClock, tone: 'bg-brand-50 text-brand-700' },
  { key: 'urgent', label: 'Urgent (Next 24h)', hint: 'Bắt đầu trong 24 giờ tới', icon: AlarmClock, tone: 'bg-red-50 text-red-700' },
];

/** The three counts of Pending Approvals (specification section 2), from the server. */
export function PendingSummaryCards({ summary }: { summary: PendingApprovalSummary | undefined }) {
  return (
    <ul aria-label="Tổng quan lịch hẹn chờ phê duyệt" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {CARDS.map(({ key, label, hint, icon: Icon, tone }) => (
        <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium text-slate-700">{label}</span>
            <span className="block text-2xl font-bold text-slate-900 tabular-nums">{summary ? summary[key].toLocaleString('vi-VN') : '–'}</span>
            <span className="block text-xs text-slate-600">{hint}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
