import { useId } from 'react';
import { clinicToday, formatDate, type PatientVisit } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';

/** "Hôm nay · 08:00" for today's visit, "02/03/2026 · 08:00" for an earlier day's. */
export function visitDay(visit: PatientVisit, today: string): string {
  const day = visit.appointmentDate === today ? 'Hôm nay' : formatDate(visit.appointmentDate, clinicTimeZone());
  return `${day} · ${visit.appointmentTime.slice(0, 5)}`;
}

/**
 * The visit notes or no-show act on, chosen by the doctor (docs/PRODUCT.md §11): the visits that
 * have come, today's first, the first one chosen already (the specification's "first appointment").
 * A single visit is shown, not offered.
 */
export function VisitChoice({
  visits,
  value,
  onChange,
  disabled,
}: {
  visits: PatientVisit[];
  value: number;
  onChange: (id: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const today = clinicToday(new Date(), clinicTimeZone());
  if (visits.length < 2) return null;
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Lịch hẹn</legend>
      <div className="grid gap-2">
        {visits.map((v) => (
          <label
            key={v.id}
            className={cn(
              'flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm',
              v.id === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              className="size-4 text-brand-700 focus-visible:ring-brand-600"
              checked={v.id === value}
              onChange={() => onChange(v.id)}
            />
            <span className="font-medium text-slate-900">{visitDay(v, today)}</span>
            <span className="text-slate-600">{v.departmentName ?? v.department}</span>
            <AppointmentStatusBadge status={v.status} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
