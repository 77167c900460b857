import type { AppointmentRow } from '../../db/schema';
import { appointmentConfirmedEmail, type AppointmentMailData } from '../email/email.service';
import type { AppointmentDeps } from './appointment-access';
import type { AppointmentView } from './appointments.repository';

/** The facts an appointment e-mail (and its phone message) shows, or null when there is nobody to tell. */
export function mailDataOf(
  row: Pick<
    AppointmentRow,
    | 'id'
    | 'fullName'
    | 'email'
    | 'phone'
    | 'appointmentDate'
    | 'appointmentTime'
    | 'department'
    | 'reason'
    | 'paymentAmount'
  > &
    Partial<Pick<AppointmentRow, 'doctorMessage'>>,
  extra: { departmentName?: string | null; doctorName?: string | null },
): AppointmentMailData | null {
  // Without an e-mail address, the events still go to her phone (issue 27): `email` is then ''.
  if (!row.email && !row.phone) return null;
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email ?? '',
    phone: row.phone,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    departmentName: extra.departmentName ?? row.department,
    doctorName: extra.doctorName ?? null,
    reason: row.reason,
    amount: row.paymentAmount,
    doctorMessage: row.doctorMessage ?? null,
  };
}

export function mailDataOfView(view: AppointmentView): AppointmentMailData | null {
  return mailDataOf(view.appointment, {
    departmentName: view.departmentName,
    doctorName: view.doctor?.fullName ?? null,
  });
}

/** The confirmation e-mail, with its calendar file at the clinic's time (and the private link of a booking just made). */
export function confirmedMail(deps: Pick<AppointmentDeps, 'timeZone'>) {
  return (view: AppointmentView, now: Date, manageUrl: string | null = null) => {
    const data = mailDataOfView(view);
    return data ? appointmentConfirmedEmail({ ...data, manageUrl }, { timeZone: deps.timeZone, now }) : null;
  };
}
