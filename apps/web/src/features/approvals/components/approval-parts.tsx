import {
  APPROVALS_MSG,
  clinicInstant,
  formatDate,
  formatDateTime,
  URGENT_WITHIN_HOURS,
  type Appointment,
} from '@clinic/shared';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { OutsideSpecialtyBadge } from '@/components/outside-specialty-badge';
import { DetailField } from '@/components/ui/detail-field';

export type ApprovalAction = 'view' | 'accept' | 'decline';

/** "Thứ Hai, 24/11/2026 · 09:00" in the clinic's own calendar. */
export function visitWhen(a: Appointment): { date: string; time: string } {
  return { date: formatDate(a.appointmentDate, clinicTimeZone()), time: a.appointmentTime.slice(0, 5) };
}

/** When the doctor was told of the assignment, or 'N/A' for assignments older than the notices. */
export function assignedAt(a: Appointment): string {
  return a.doctorNotifiedAt ? formatDateTime(a.doctorNotifiedAt, clinicTimeZone()) : APPROVALS_MSG.notAvailable;
}

/** Who and when, at the top of the accept and decline dialogs: the doctor sees what he answers. */
export function AssignmentSummary({ appointment: a }: { appointment: Appointment }) {
  const when = visitWhen(a);
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3">
      <DetailField label="Bệnh nhân">{a.fullName}</DetailField>
      <DetailField label="Khoa">
        <span className="block">{a.departmentName ?? a.department}</span>
        <OutsideSpecialtyBadge specialty={a.doctor?.specialty} department={a.department} who="you" />
      </DetailField>
      <DetailField label="Ngày khám">{when.date}</DetailField>
      <DetailField label="Giờ khám">{when.time}</DetailField>
    </dl>
  );
}

/** What a visit whose time has already gone says (issue 25): accepting it confirms a visit that did not happen. */
export const PAST_VISIT_TEXT = 'Đã qua giờ khám';
export const PAST_VISIT_WARNING =
  'Giờ khám của lịch hẹn này đã qua. Hãy kiểm tra với bệnh nhân hoặc nhân viên trước khi chấp nhận.';

/** Its start is already behind us in the clinic's time. */
export function isPast(a: Appointment, now: Date): boolean {
  return clinicInstant(a.appointmentDate, a.appointmentTime.slice(0, 5), clinicTimeZone()).getTime() < now.getTime();
}

/** Starts within the next 24 hours (the "Urgent" card's rule), so the row says so too. */
export function isUrgent(a: Appointment, now: Date): boolean {
  const start = clinicInstant(a.appointmentDate, a.appointmentTime.slice(0, 5), clinicTimeZone()).getTime();
  return start >= now.getTime() && start - now.getTime() <= URGENT_WITHIN_HOURS * 3600_000;
}
