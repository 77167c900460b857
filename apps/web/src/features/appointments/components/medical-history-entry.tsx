import { useId } from 'react';
import { CalendarDays, Clock, Stethoscope, UserRound } from 'lucide-react';
import { formatLongDate, MY_APPOINTMENTS_MSG, type Appointment } from '@clinic/shared';
import { departmentLabel } from '../shared/department-label';

/** One completed visit: when, where, with whom, and what the doctor wrote. */
export function MedicalHistoryEntry({ visit }: { visit: Appointment }) {
  const titleId = useId();
  const doctorName = visit.doctor?.fullName;
  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="flex flex-wrap items-center gap-x-2 text-lg font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
        {formatLongDate(visit.appointmentDate)}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <Clock aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Giờ khám</span>
          </dt>
          <dd className="text-slate-800">{visit.appointmentTime}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <Stethoscope aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Khoa khám</span>
          </dt>
          <dd className="break-words text-slate-800">{departmentLabel(visit)}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <UserRound aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Bác sĩ</span>
          </dt>
          <dd className="break-words text-slate-800">
            {doctorName ? `Bác sĩ: ${doctorName}` : 'Bác sĩ: Chưa cập nhật'}
          </dd>
        </div>
      </dl>
      <div className="mt-4 rounded-xl bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-700">Kết luận và ghi chú của bác sĩ</h3>
        {visit.notes?.trim() ? (
          <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-900">{visit.notes}</p>
        ) : (
          <p className="mt-1 text-sm text-slate-500 italic">{MY_APPOINTMENTS_MSG.noNotes}</p>
        )}
      </div>
    </article>
  );
}
