import type { Appointment, AppointmentStatus } from '@clinic/shared';

/** An appointment as the API returns it, on 12 March 2026 at 09:00 in gynaecology; override what a test is about. */
export function appointment(id: number, status: AppointmentStatus, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    fullName: `Bệnh nhân ${id}`,
    phone: `09120000${String(id).padStart(2, '0')}`,
    email: `bn${id}@example.com`,
    appointmentDate: '2026-03-12',
    appointmentTime: '09:00',
    department: 'GYNECOLOGY',
    departmentName: 'Khoa Phụ khoa',
    reason: 'Khám định kỳ',
    notes: null,
    status,
    doctorId: null,
    doctor: null,
    paymentCompleted: status === 'PAID',
    paymentAmount: null,
    depositAmount: null,
    depositDueAt: null,
    depositPaidAt: null,
    refundRequired: false,
    cancelReason: null,
    patientStatus: null,
    doctorResponse: null,
    doctorMessage: null,
    doctorNotifiedAt: null,
    followUpOfId: null,
    emailSent: false,
    reminderSent: false,
    userId: null,
    user: null,
    createdAt: '2026-03-01T02:00:00.000Z',
    updatedAt: '2026-03-01T02:00:00.000Z',
    ...overrides,
  };
}
