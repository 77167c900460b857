import { AlarmClock, CalendarClock, ClipboardClock } from 'lucide-react';
import { URGENT_WITHIN_HOURS, type PendingApprovalSummary } from '@clinic/shared';
import { StatCards } from '@/components/ui/stat-cards';

/** The three counts of Pending Approvals (specification section 2), from the server. */
export function PendingSummaryCards({ summary }: { summary: PendingApprovalSummary | undefined }) {
  return (
    <StatCards
      label="Tổng quan lịch hẹn chờ phê duyệt"
      compactOnPhone
      cards={[
        {
          key: 'pending',
          label: 'Pending Approvals',
          hint: 'Chờ bạn phản hồi',
          value: summary?.pending,
          icon: ClipboardClock,
          tone: 'bg-amber-50 text-amber-700',
        },
        {
          key: 'today',
          label: "Today's Appointments",
          hint: 'Khám trong hôm nay',
          value: summary?.today,
          icon: CalendarClock,
          tone: 'bg-brand-50 text-brand-700',
        },
        {
          key: 'urgent',
          label: `Urgent (Next ${URGENT_WITHIN_HOURS}h)`,
          hint: `Bắt đầu trong ${URGENT_WITHIN_HOURS} giờ tới`,
          value: summary?.urgent,
          icon: AlarmClock,
          tone: 'bg-red-50 text-red-700',
        },
      ]}
    />
  );
}
