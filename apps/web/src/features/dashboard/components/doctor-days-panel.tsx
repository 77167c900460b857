import { Link } from 'react-router';
import { clinicToday, type Appointment } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useDoctorDays } from '../api/get-doctor-days';

/** The calendar day after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** What the doctor does next with a visit, and where (the windows of Pending Approvals and Patient Control). */
function nextStep(a: Appointment, today: string): { label: string; to: string } | null {
  if (a.status === 'AWAITING_DOCTOR_APPROVAL') return { label: 'Chấp nhận', to: paths.admin.pendingApprovals };
  // Notes and no-show only on the visit's day (the server refuses a later day's).
  if (a.appointmentDate === today && ['CONFIRMED', 'PAYMENT_REQUESTED', 'PAID'].includes(a.status))
    return { label: 'Ghi chú / Vắng', to: paths.admin.patients };
  return null;
}

/**
 * The doctor's today (issue 25): his visits today and tomorrow in time order, each with its state and
 * the step that fits it, one tap from the dashboard.
 */
export function DoctorDaysPanel() {
  const today = clinicToday(new Date(), clinicTimeZone());
  const tomorrow = nextDay(today);
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
                      const step = nextStep(a, today);
                      return (
                        <li key={a.id} className="flex items-baseline gap-3 py-2 text-sm">
                          <span className="w-12 shrink-0 font-semibold text-slate-900 tabular-nums">
                            {a.appointmentTime.slice(0, 5)}
                          </span>
                          {/* Name, state and step wrap under the name, never over it (a tablet's half-width column). */}
                          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                            <span className="break-words text-slate-900">{a.fullName}</span>
                            <AppointmentStatusBadge status={a.status} />
                            {step && (
                              <Link
                                to={step.to}
                                className="rounded-lg py-1 font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                              >
                                {step.label}
                              </Link>
                            )}
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
    </section>
  );
}
