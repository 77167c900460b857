import { z } from './zod';
import { STATED } from './stated';
import { GENDERS } from './roles';
import { pageNumberSchema, pageSchema } from './common';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG } from './appointments/messages';
import { appointmentStatusSchema, isValidEmail, type Appointment } from './appointments/schemas';
import { formatVnd } from './format';

/** Patient Control (specification section 2): its English texts, as the screen shows them. */
export const PATIENT_FILTERS = ['all', 'upcoming', 'past'] as const;
export type PatientFilter = (typeof PATIENT_FILTERS)[number];
export const PATIENT_FILTER_LABELS: Record<PatientFilter, string> = {
  all: 'All Patients',
  upcoming: 'With Upcoming Appointments',
  past: 'Past Appointments Only',
};

export const PATIENT_PAGE_SIZE = 10;

export const PATIENT_MSG = {
  loadFailed: 'Failed to load patients with appointments',
  invalidFilter: 'Invalid patient filter',
  invalidEmail: APPOINTMENT_MSG.invalidEmail,
  notFound: 'Không tìm thấy bệnh nhân',
  noneScheduled: 'None scheduled',
  notSpecified: 'Not specified',
  noNotes: 'Chưa có ghi chú',
} as const;

/**
 * What marking a PAID visit missed does to its payment, said before the doctor confirms (docs/PRODUCT.md
 * §11; the server does the same, appointments/life-cycle/examination.service.ts).
 */
export function paidNoShowWarning(amount: number | null): string {
  const paid = amount ? `đã thanh toán ${formatVnd(amount)}` : 'đã thanh toán';
  return `Lịch hẹn này ${paid}. Khi đánh dấu không đến, khoản đã thu vẫn được ghi nhận và được đánh dấu cần hoàn tiền để nhân viên xử lý; doanh thu không còn tính lịch hẹn này.`;
}

export const patientListQuerySchema = z.object({
  q: z.string().trim().max(APPOINTMENT_LIMITS.searchQuery, APPOINTMENT_MSG.searchTooLong).optional(),
  filter: z.enum(PATIENT_FILTERS, { error: PATIENT_MSG.invalidFilter }).default('all'),
  page: pageNumberSchema(APPOINTMENT_MSG.invalidPage, 1, APPOINTMENT_LIMITS.maxPage),
  size: pageNumberSchema(APPOINTMENT_MSG.invalidPageSize, PATIENT_PAGE_SIZE, 50),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;
export type PatientListFilters = z.output<typeof patientListQuerySchema>;

/** One of a patient's appointments, as Patient Control shows it. */
export const patientVisitSchema = z.object({
  id: z.number().int(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  department: z.string(),
  departmentName: z.string().nullable(),
  status: appointmentStatusSchema,
  /** Đồng: what a PAID visit was paid, for the warning before it is marked missed. */
  paymentAmount: z.number().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  doctorId: z.number().int().nullable(),
  doctorName: z.string().nullable(),
});
export type PatientVisit = z.infer<typeof patientVisitSchema>;

/** An appointment as the notes and no-show windows read it (the doctor's today opens them on one visit). */
export function patientVisitOf(a: Appointment): PatientVisit {
  return {
    id: a.id,
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    department: a.department,
    departmentName: a.departmentName,
    status: a.status,
    paymentAmount: a.paymentAmount,
    reason: a.reason,
    notes: a.notes,
    doctorId: a.doctorId,
    doctorName: a.doctor?.fullName ?? null,
  };
}

/** The account behind a patient, when one exists (linked to an appointment, or with the same e-mail). */
export const patientAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birth: z.string().nullable(),
  /** Her citizen identification number (12 digits) when she recorded it: Patient Control only (readPatients). */
  citizenId: z.string().nullable(),
});

/** A patient: the appointments of one e-mail address (in a doctor's list, only his). */
export const patientSummarySchema = z.object({
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  user: patientAccountSchema.nullable(),
  totalAppointments: z.number().int(),
  /** Confirmed and later (CONFIRMED_OR_LATER_STATUSES). */
  confirmedAppointments: z.number().int(),
  /** The latest visit that took place (COMPLETED or NEEDS_PAYMENT), before today. */
  lastAppointment: patientVisitSchema.nullable(),
  /** The earliest appointment from today on that is still ahead of its visit. */
  nextAppointment: patientVisitSchema.nullable(),
  /**
   * For a doctor: the appointment his row actions act on by default (the specification's "first
   * appointment"): the first of `actionableAppointments`; null when none can take notes yet.
   */
  actionableAppointment: patientVisitSchema.nullable(),
  /**
   * For a doctor: his visits the row actions may act on, the one he chooses (docs/PRODUCT.md §11):
   * those that can take examination notes and are not on a later day, today's first (by time), then
   * the earlier days' oldest first. Empty for the front desk.
   */
  actionableAppointments: z.array(patientVisitSchema),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const patientCardsSchema = z.object({
  totalPatients: z.number().int(),
  withUpcoming: z.number().int(),
  totalConfirmed: z.number().int(),
});
export type PatientCards = z.infer<typeof patientCardsSchema>;

export const patientPageSchema = pageSchema(patientSummarySchema).extend({ cards: patientCardsSchema });
export type PatientPage = z.infer<typeof patientPageSchema>;

export const patientDetailQuerySchema = z.object({
  email: z
    .string({ error: PATIENT_MSG.invalidEmail })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, PATIENT_MSG.invalidEmail)
    .meta({ pattern: STATED.email }),
});

/** 'Chi tiết bệnh nhân': the patient and every appointment of theirs the caller may see, newest first. */
export const patientDetailSchema = z.object({
  patient: patientSummarySchema,
  visits: z.array(patientVisitSchema),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;
