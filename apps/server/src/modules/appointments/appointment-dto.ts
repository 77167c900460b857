import { PRIVACY_MSG, type Appointment } from '@clinic/shared';
import { mayOpenRestricted, type Actor } from './appointment-access';
import type { AppointmentView } from './appointments.repository';

/**
 * A list's row as this viewer may see it: a record kept restricted (issue 26) stays in the lists (the
 * counts and the revenue need it) but, for anyone but its treating doctor and ADMIN, without the
 * patient's name, contact, reason, notes or account.
 */
export function shieldRestricted(view: AppointmentView, viewer: Actor): AppointmentView {
  if (!view.appointment.restricted || mayOpenRestricted(viewer, view.appointment)) return view;
  return {
    ...view,
    appointment: {
      ...view.appointment,
      fullName: PRIVACY_MSG.restrictedName,
      phone: '',
      email: null,
      reason: null,
      notes: null,
      doctorResponse: null,
      doctorMessage: null,
      cancelReason: null,
      userId: null,
    },
    user: null,
  };
}

/** An appointment as the back-office's calls return it. */
export function toAppointmentDto(view: AppointmentView): Appointment {
  const a = view.appointment;
  return {
    id: a.id,
    fullName: a.fullName,
    phone: a.phone,
    email: a.email,
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    department: a.department,
    departmentName: view.departmentName ?? null,
    reason: a.reason,
    notes: a.notes,
    status: a.status,
    doctorId: a.doctorId,
    doctor: view.doctor
      ? {
          id: view.doctor.id,
          fullName: view.doctor.fullName,
          specialty: view.doctor.specialty,
          email: view.doctor.email,
        }
      : null,
    paymentCompleted: a.paymentCompleted,
    paymentAmount: a.paymentAmount,
    depositAmount: a.depositAmount ?? null,
    depositDueAt: a.depositDueAt?.toISOString() ?? null,
    depositPaidAt: a.depositPaidAt?.toISOString() ?? null,
    depositMethod: view.depositMethod ?? null,
    refundRequired: a.refundRequired,
    refund: view.refund ?? null,
    cancelReason: a.cancelReason,
    patientStatus: a.patientStatus,
    doctorResponse: a.doctorResponse,
    doctorMessage: a.doctorMessage,
    doctorNotifiedAt: a.doctorNotifiedAt?.toISOString() ?? null,
    followUpOfId: a.followUpOfId,
    emailSent: a.emailSent,
    reminderSent: a.reminderSent,
    userId: a.userId,
    user: view.user ? { ...view.user } : null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * What a patient sees of her own appointment (docs/PRODUCT.md §10): the doctor's notes only once
 * the visit is completed (before that, `notes` holds the clinic's internal notes), never a
 * doctor's answer to the staff (a decline reason), nor the staff's e-mail bookkeeping.
 */
export function toPatientView(a: Appointment): Appointment {
  return {
    ...a,
    notes: a.status === 'COMPLETED' ? a.notes : null,
    doctorResponse: null,
    patientStatus: null,
    doctorNotifiedAt: null,
    emailSent: false,
    reminderSent: false,
  };
}
