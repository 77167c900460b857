import { CalendarCheck, CalendarClock, Users } from 'lucide-react';
import type { PatientCards as Cards } from '@clinic/shared';
import { StatCards } from '@/components/ui/stat-cards';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

/** The three counts of every patient the caller may see, whatever the search. */
export function PatientCards({ cards }: { cards: Cards | undefined }) {
  const t = useBackOfficeText();
  return (
    <StatCards
      label="Thống kê bệnh nhân"
      cards={[
        {
          key: 'total',
          label: t('Total Patients'),
          value: cards?.totalPatients,
          icon: Users,
          tone: 'bg-brand-50 text-brand-700',
        },
        {
          key: 'upcoming',
          label: t('With Upcoming Appointments'),
          value: cards?.withUpcoming,
          icon: CalendarClock,
          tone: 'bg-sky-50 text-sky-700',
        },
        {
          key: 'confirmed',
          label: t('Total Confirmed Appointments'),
          value: cards?.totalConfirmed,
          icon: CalendarCheck,
          tone: 'bg-emerald-50 text-emerald-700',
        },
      ]}
    />
  );
}
