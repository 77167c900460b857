import { formatDate, GENDER_LABELS, PATIENT_MSG, type PatientSummary, type PatientVisit } from '@clinic/shared';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { OutsideSpecialtyBadge } from '@/components/outside-specialty-badge';
import { Badge } from '@/components/ui/badge';
import { useBackOfficeText } from '@/hooks/use-back-office-text';
import { useCurrentUser } from '@/hooks/use-current-user';
import { clinicTimeZone } from '@/lib/clinic-time-zone';

export type PatientAction = 'detail' | 'notes' | 'no-show';

/** "12/03/2026 · 09:00". */
export function visitWhen(visit: PatientVisit): string {
  return `${formatDate(visit.appointmentDate, clinicTimeZone())} · ${visit.appointmentTime.slice(0, 5)}`;
}

/** @username, gender and birth date, when an account goes with the e-mail. */
export function accountLine(p: PatientSummary): string | null {
  if (!p.user) return null;
  return [
    `@${p.user.username}`,
    p.user.gender ? GENDER_LABELS[p.user.gender] : null,
    p.user.birth ? formatDate(p.user.birth, clinicTimeZone()) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function LastVisit({ visit }: { visit: PatientVisit | null }) {
  if (!visit) return <span className="text-slate-500">—</span>;
  return (
    <span className="text-slate-900">
      <span className="block">{formatDate(visit.appointmentDate, clinicTimeZone())}</span>
      <span className="block text-xs text-slate-600">{visit.appointmentTime.slice(0, 5)}</span>
      <span className="block text-xs text-slate-600">{visit.departmentName ?? visit.department}</span>
    </span>
  );
}

/** The next appointment as a badge, or 'None scheduled'. */
export function NextAppointment({ visit }: { visit: PatientVisit | null }) {
  const t = useBackOfficeText();
  const user = useCurrentUser();
  if (!visit) return <span className="text-slate-500">{t(PATIENT_MSG.noneScheduled)}</span>;
  // His own visit outside his specialty is marked for him (issue 35).
  const mine = user.role === 'DOCTOR' && visit.doctorId === user.id;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone="brand">{visitWhen(visit)}</Badge>
      <span className="text-xs text-slate-600">{visit.departmentName ?? visit.department}</span>
      {mine && <OutsideSpecialtyBadge specialty={user.specialty} department={visit.department} who="you" />}
      <AppointmentStatusBadge status={visit.status} />
    </span>
  );
}
