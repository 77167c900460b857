import { useState, type ReactNode } from 'react';
import {
  addDays,
  clinicToday,
  CONFIRMED_UPCOMING_STATUSES,
  PLAN_VISIT_DONE_STATUSES,
  type Appointment,
} from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { OutsideSpecialtyBadge } from '@/components/outside-specialty-badge';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useDoctorDays } from '../api/get-doctor-days';

type VisitWindow = (appointment: Appointment, onClose: () => void) => ReactNode;

/**
 * The windows the doctor's next steps open over his today, on the visit he tapped: Pending Approvals'
 * accept window, Patient Control's notes and no-show windows, and the care plans' start window
 * prefilled with her (after a visit: a pregnancy confirmed, a cycle begun), when he may start one.
 * The app hands them in: features never import each other.
 */
export type DoctorVisitWindows = Record<'accept' | 'notes' | 'noShow', VisitWindow> & { startPlan?: VisitWindow };
type Step = { window: keyof DoctorVisitWindows; label: string };

/** Today's visits she came to, or is to come to: a plan can start from them. */
const PLAN_FROM = new Set<string>([...CONFIRMED_UPCOMING_STATUSES, ...PLAN_VISIT_DONE_STATUSES]);

/** What the doctor does next with a visit. */
function nextSteps(a: Appointment, today: string, planning: boolean): Step[] {
  if (a.status === 'AWAITING_DOCTOR_APPROVAL') return [{ window: 'accept', label: 'Chấp nhận' }];
  if (a.appointmentDate !== today) return [];
  const steps: Step[] = [];
  // Notes and no-show only on the visit's day (the server refuses a later day's).
  if (CONFIRMED_UPCOMING_STATUSES.includes(a.status))
    steps.push({ window: 'notes', label: 'Ghi chú' }, { window: 'noShow', label: 'Vắng' });
  if (planning && PLAN_FROM.has(a.status)) steps.push({ window: 'startPlan', label: 'Tạo kế hoạch' });
  return steps;
}

/**
 * The doctor's today (issue 25): his visits today and tomorrow in time order, each with its state and
 * the step that fits it, one tap from the dashboard.
 */
export function DoctorDaysPanel({ windows }: { windows: DoctorVisitWindows }) {
  const today = clinicToday(new Date(), clinicTimeZone());
  const tomorrow = addDays(today, 1);
  const [open, setOpen] = useState<{ window: keyof DoctorVisitWindows; appointment: Appointment } | null>(null);
  const query = useDoctorDays(tomorrow, true);
  const items = query.data?.items ?? [];
  const days = [
    { date: today, title: 'Hôm nay' },
    { date: tomorrow, title: 'Ngày mai' },
  ];

  return (
    <section aria-labelledby="doctor-days-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="doctor-days-title" className="mb-3 text-base font-semibold text-slate-900">
        Lịch khám hôm nay và ngày mai
      </h2>
      {query.isPending ? (
        <Spinner label="Đang tải lịch khám..." />
      ) : query.isError ? (
        <LoadErrorAlert
          title="Không thể tải lịch khám hôm nay"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {days.map(({ date, title }) => {
            const visits = items.filter((a) => a.appointmentDate === date);
            return (
              <div key={date}>
                <h3 className="mb-2 text-sm font-semibold text-slate-700">
                  {title} · {visits.length} lịch hẹn
                </h3>
                {visits.length === 0 ? (
                  <p className="text-sm text-slate-600">Không có lịch hẹn.</p>
                ) : (
                  <ul aria-label={`Lịch khám ${title.toLowerCase()}`} className="divide-y divide-slate-100">
                    {visits.map((a) => {
                      const steps = nextSteps(a, today, windows.startPlan != null);
                      return (
                        <li key={a.id} className="flex items-baseline gap-3 py-2 text-sm">
                          <span className="w-12 shrink-0 font-semibold text-slate-900 tabular-nums">
                            {a.appointmentTime.slice(0, 5)}
                          </span>
                          {/* Name, state and steps wrap under the name, never over it (a tablet's half-width column). */}
                          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                            <span className="break-words text-slate-900">{a.fullName}</span>
                            <span className="text-slate-600">{a.departmentName ?? a.department}</span>
                            <OutsideSpecialtyBadge
                              specialty={a.doctor?.specialty}
                              department={a.department}
                              who="you"
                            />
                            <AppointmentStatusBadge status={a.status} />
                            {steps.map((step) => (
                              <button
                                key={step.window}
                                type="button"
                                aria-label={`${step.label}: ${a.fullName}`}
                                onClick={() => setOpen({ window: step.window, appointment: a })}
                                className="min-h-11 rounded-lg px-2 py-1 font-medium sm:pointer-fine:min-h-9 text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                              >
                                {step.label}
                              </button>
                            ))}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
      {open && windows[open.window]?.(open.appointment, () => setOpen(null))}
    </section>
  );
}
