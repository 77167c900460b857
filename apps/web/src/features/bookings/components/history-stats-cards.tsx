import { Ban, Building2, CircleCheck, Percent, TrendingDown, TrendingUp, UserX, type LucideIcon } from 'lucide-react';
import type { HistoryStats } from '@clinic/shared';
import { cn } from '@/lib/cn';

function Card({
  label,
  value,
  detail,
  icon: Icon,
  tone,
  text = false,
}: {
  label: string;
  value: string;
  detail?: string;
  icon: LucideIcon;
  tone: string;
  /** A name rather than a number: wraps. */ text?: boolean;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</span>
        <span
          className={cn(
            'block font-bold text-slate-900',
            text ? 'line-clamp-2 text-base leading-snug' : 'truncate text-xl tabular-nums',
          )}
        >
          {value}
        </span>
        {detail && <span className="block text-xs text-slate-600">{detail}</span>}
      </span>
    </li>
  );
}

const percent = (n: number) => `${n.toLocaleString('vi-VN')}%`;

/** The cards of the current filter (specification section 9), every number from the server. */
export function HistoryStatsCards({ stats }: { stats: HistoryStats | undefined }) {
  const dash = '–';
  const change = stats?.monthChange;
  return (
    <ul aria-label="Thống kê lịch sử đặt lịch" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <Card
        label="Đã hoàn thành"
        value={stats ? stats.completed.toLocaleString('vi-VN') : dash}
        icon={CircleCheck}
        tone="bg-emerald-50 text-emerald-700"
      />
      <Card
        label="Đã hủy"
        value={stats ? stats.cancelled.toLocaleString('vi-VN') : dash}
        icon={Ban}
        tone="bg-slate-100 text-slate-700"
      />
      <Card
        label="Không đến"
        value={stats ? stats.noShow.toLocaleString('vi-VN') : dash}
        icon={UserX}
        tone="bg-red-50 text-red-700"
      />
      <Card
        label="Tỷ lệ hoàn thành"
        value={stats?.completionRate != null ? percent(stats.completionRate) : dash}
        icon={Percent}
        tone="bg-brand-50 text-brand-700"
      />
      <Card
        label="Hoàn thành tháng này"
        value={stats ? stats.completedThisMonth.toLocaleString('vi-VN') : dash}
        detail={
          stats
            ? `Tháng trước: ${stats.completedLastMonth.toLocaleString('vi-VN')}${change != null ? ` (${change > 0 ? '+' : ''}${percent(change)})` : ''}`
            : undefined
        }
        icon={change != null && change < 0 ? TrendingDown : TrendingUp}
        tone={change != null && change < 0 ? 'bg-amber-50 text-amber-700' : 'bg-sky-50 text-sky-700'}
      />
      <Card
        label="Khoa phổ biến nhất"
        value={stats?.topDepartment ? stats.topDepartment.name : stats ? 'Chưa có' : dash}
        detail={stats?.topDepartment ? `${stats.topDepartment.count.toLocaleString('vi-VN')} lịch hẹn` : undefined}
        icon={Building2}
        tone="bg-accent-50 text-accent-700"
        text
      />
    </ul>
  );
}
