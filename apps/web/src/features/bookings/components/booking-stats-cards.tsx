import { CalendarClock, CalendarDays, CircleCheck, Hourglass, Stethoscope, type LucideIcon } from 'lucide-react';
import type { AppointmentStats, AppointmentStatus } from '@clinic/shared';
import { cn } from '@/lib/cn';

type Card = {
  key: keyof AppointmentStats;
  label: string;
  icon: LucideIcon;
  tone: string;
  filter: { status?: AppointmentStatus | ''; today?: boolean };
};

const CARDS: readonly Card[] = [
  {
    key: 'totalAppointments',
    label: 'Tổng lịch hẹn',
    icon: CalendarDays,
    tone: 'bg-brand-50 text-brand-700',
    filter: { status: '', today: false },
  },
  {
    key: 'pendingAppointments',
    label: 'Chờ xác nhận',
    icon: Hourglass,
    tone: 'bg-amber-50 text-amber-700',
    filter: { status: 'PENDING', today: false },
  },
  {
    key: 'awaitingDoctorAppointments',
    label: 'Chờ bác sĩ phản hồi',
    icon: Stethoscope,
    tone: 'bg-sky-50 text-sky-700',
    filter: { status: 'AWAITING_DOCTOR_APPROVAL', today: false },
  },
  {
    key: 'confirmedAppointments',
    label: 'Đã xác nhận',
    icon: CircleCheck,
    tone: 'bg-emerald-50 text-emerald-700',
    filter: { status: 'CONFIRMED', today: false },
  },
  {
    key: 'todaysAppointments',
    label: 'Hôm nay',
    icon: CalendarClock,
    tone: 'bg-accent-50 text-accent-700',
    filter: { status: '', today: true },
  },
];

/**
 * The counts of every appointment (whatever the search), each a shortcut: choosing one shows
 * that list. The one matching the current filter is pressed.
 */
export function BookingStatsCards({
  stats,
  current,
  onSelect,
}: {
  stats: AppointmentStats | undefined;
  /** On the day sheet (`day` set) no card is the current list. */
  current: { status: AppointmentStatus | ''; today: boolean; day?: string };
  onSelect: (filter: { status: AppointmentStatus | ''; today: boolean }) => void;
}) {
  return (
    <ul aria-label="Thống kê lịch hẹn" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label, icon: Icon, tone, filter }) => {
        const status = filter.status ?? '';
        const today = filter.today ?? false;
        const pressed = !current.day && current.status === status && current.today === today;
        return (
          <li key={key}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onSelect({ status, today })}
              className={cn(
                'flex h-full w-full items-center gap-3 rounded-xl border bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300',
                pressed ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
              )}
            >
              <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</span>
                <span className="block text-xl font-bold text-slate-900 tabular-nums">
                  {stats ? stats[key].toLocaleString('vi-VN') : '–'}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
