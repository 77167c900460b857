import { AlarmClock } from 'lucide-react';
import { formatDateTime, isOverdueWaiting, type Appointment } from '@clinic/shared';
import { clinicTimeZone } from '@/lib/clinic-time-zone';

/** 'Ngày đặt': when the booking was made, in clinic time, so the desk sees who has waited longest. */
export function BookedOnCell({ appointment }: { appointment: Appointment }) {
  const [time, date] = formatDateTime(appointment.createdAt, clinicTimeZone()).split(' ');
  return (
    <td className="px-2 py-3 whitespace-nowrap text-slate-700 tabular-nums">
      <time dateTime={appointment.createdAt}>
        {date}
        <span className="block text-xs text-slate-600">{time}</span>
      </time>
    </td>
  );
}

/**
 * A booking still waiting for the clinic (not confirmed, or the doctor not answered) whose time has
 * come: the desk calls the patient or settles it now.
 */
export function OverdueMark({ appointment, now }: { appointment: Appointment; now: Date }) {
  if (!isOverdueWaiting(appointment, now, clinicTimeZone())) return null;
  return (
    <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Quá giờ, chưa xác nhận
    </span>
  );
}
