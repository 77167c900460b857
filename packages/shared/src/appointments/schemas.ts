import { z } from 'zod';
import { GENDERS, ROLES } from '../roles';
import { APPOINTMENT_MSG as M } from './messages';
import { APPOINTMENT_STATUSES } from './statuses';
import { APPOINTMENT_EVENT_ACTIONS } from './state-machine';
import { isDateString, isTimeString } from './time';

/** Request and response shapes of every appointment call (specification sections 3, 5 and 7). */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^0\d{9,10}$/;

/** Spaces, dots, dashes and brackets go; +84 becomes 0: "+84 912.345.678" → "0912345678". */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s.\-()]/g, '');
  if (compact.startsWith('+84')) return `0${compact.slice(3)}`;
  if (/^84\d{9,10}$/.test(compact)) return `0${compact.slice(2)}`;
  return compact;
}
export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(normalizePhone(value));
}
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

const required = (max: number, tooLong: string = M.requiredFields) =>
  z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields).max(max, tooLong);

const requiredPhone = z
  .string({ error: M.requiredFields })
  .trim()
  .min(1, M.requiredFields)
  .max(30, M.invalidPhone)
  .refine(isValidPhone, M.invalidPhone)
  .transform(normalizePhone);

/** Optional: absent, null and '' all mean "no e-mail". */
const optionalEmail = z
  .string({ error: M.invalidEmail })
  .trim()
  .max(254, M.invalidEmail)
  .refine((v) => v === '' || isValidEmail(v), M.invalidEmail)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullish()
  .transform((v) => v ?? null);

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: M.requiredFields })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const dateField = (missing: string = M.requiredFields) =>
  z.string({ error: missing }).trim().min(1, missing).refine(isDateString, M.invalidDate);
const timeField = (missing: string = M.requiredFields) =>
  z.string({ error: missing }).trim().min(1, missing).refine(isTimeString, M.invalidTime);

// ---------------------------------------------------------------- departments

export const departmentSchema = z.object({
  code: z.string(),
  departmentName: z.string(),
  specialtyName: z.string(),
  slotCapacity: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

// ---------------------------------------------------------------- public booking

/** Who, where and when: the fields a booking and a staff edit share. */
const bookingFields = {
  fullName: required(100, M.fullNameTooLong),
  phone: requiredPhone,
  email: optionalEmail,
  appointmentDate: dateField(),
  appointmentTime: timeField(),
  department: required(50, M.unknownDepartment),
  reason: optionalText(1000, M.reasonTooLong),
};

export const publicAppointmentRequestSchema = z.object(bookingFields, { error: M.requiredFields });
export type PublicAppointmentRequest = z.input<typeof publicAppointmentRequestSchema>;
export type PublicAppointmentInput = z.output<typeof publicAppointmentRequestSchema>;

export const publicAppointmentResponseSchema = z.object({ message: z.string(), appointmentId: z.number().int() });
export type PublicAppointmentResponse = z.infer<typeof publicAppointmentResponseSchema>;

/** Malformed dates and times are answered as unavailable, with the reason, like every other refusal. */
export const availabilityQuerySchema = z.object({
  date: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields),
  time: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields),
  department: required(50, M.unknownDepartment),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const AVAILABILITY_CODES = [
  'AVAILABLE',
  'INVALID_DATE',
  'INVALID_TIME',
  'PAST_DATE',
  'BEYOND_WINDOW',
  'SUNDAY_CLOSED',
  'PAST_TIME',
  'TOO_SOON',
  'SLOT_FULL',
  'UNKNOWN_DEPARTMENT',
] as const;
export const availabilityResponseSchema = z.object({
  available: z.boolean(),
  message: z.string(),
  code: z.enum(AVAILABILITY_CODES),
  /** Places left in the slot (0 when not bookable). */
  remaining: z.number().int(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

// ---------------------------------------------------------------- the appointment

export const appointmentDoctorSchema = z.object({
  id: z.number().int(),
  fullName: z.string().nullable(),
  specialty: z.string().nullable(),
  email: z.string(),
});
export type AppointmentDoctor = z.infer<typeof appointmentDoctorSchema>;

export const appointmentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birth: z.string().nullable(),
});

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, { error: M.invalidStatus });

export const appointmentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  department: z.string(),
  departmentName: z.string().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  status: appointmentStatusSchema,
  doctorId: z.number().int().nullable(),
  doctor: appointmentDoctorSchema.nullable(),
  paymentCompleted: z.boolean(),
  paymentAmount: z.number().nullable(),
  refundRequired: z.boolean(),
  cancelReason: z.string().nullable(),
  patientStatus: z.string().nullable(),
  doctorResponse: z.string().nullable(),
  doctorNotifiedAt: z.string().nullable(),
  followUpOfId: z.number().int().nullable(),
  emailSent: z.boolean(),
  reminderSent: z.boolean(),
  userId: z.number().int().nullable(),
  user: appointmentUserSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentIdParamsSchema = z.object({
  id: z.coerce.number({ error: M.invalidId }).int(M.invalidId).positive(M.invalidId).max(2_147_483_647, M.invalidId),
});

// ---------------------------------------------------------------- lists

export const APPOINTMENT_SORT_FIELDS = ['appointmentDate', 'createdAt', 'updatedAt', 'fullName', 'status', 'department', 'id'] as const;
export const APPOINTMENT_SORTS = APPOINTMENT_SORT_FIELDS.flatMap((f) => [`${f}:asc`, `${f}:desc`] as const);
export type AppointmentSort = `${(typeof APPOINTMENT_SORT_FIELDS)[number]}:${'asc' | 'desc'}`;
export const MAX_PAGE_SIZE = 100;

const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(appointmentStatusSchema));

const queryDate = z.string().trim().refine(isDateString, 'Ngày không hợp lệ (định dạng YYYY-MM-DD)');

export const appointmentListQuerySchema = z
  .object({
    page: z.coerce.number({ error: 'Số trang không hợp lệ' }).int('Số trang không hợp lệ').min(1, 'Số trang không hợp lệ').max(100_000, 'Số trang không hợp lệ').default(1),
    size: z.coerce.number({ error: 'Số dòng mỗi trang không hợp lệ' }).int('Số dòng mỗi trang không hợp lệ').min(1, 'Số dòng mỗi trang không hợp lệ').max(MAX_PAGE_SIZE, `Tối đa ${MAX_PAGE_SIZE} dòng mỗi trang`).default(20),
    /** One status or several, comma-separated (booking history: COMPLETED,CANCELLED,NO_SHOW). */
    status: statusList.optional(),
    from: queryDate.optional(),
    to: queryDate.optional(),
    department: z.string().trim().max(50, M.unknownDepartment).optional(),
    doctorId: z.coerce.number({ error: 'Mã bác sĩ không hợp lệ' }).int('Mã bác sĩ không hợp lệ').positive('Mã bác sĩ không hợp lệ').max(2_147_483_647, 'Mã bác sĩ không hợp lệ').optional(),
    /** Searches name, phone, e-mail and id. */
    q: z.string().trim().max(100, 'Từ khóa tìm kiếm quá dài').optional(),
    sort: z.enum(APPOINTMENT_SORTS as unknown as [AppointmentSort, ...AppointmentSort[]], { error: 'Kiểu sắp xếp không hợp lệ' }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: M.invalidDateRange, path: ['to'] });
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;
export type AppointmentListFilters = z.output<typeof appointmentListQuerySchema>;

export const appointmentPageSchema = z.object({
  items: z.array(appointmentSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  totalPages: z.number().int(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

export const appointmentStatusParamsSchema = z.object({ status: appointmentStatusSchema });

export const appointmentStatsSchema = z.object({
  totalAppointments: z.number().int(),
  pendingAppointments: z.number().int(),
  confirmedAppointments: z.number().int(),
  todaysAppointments: z.number().int(),
  awaitingDoctorAppointments: z.number().int(),
});
export type AppointmentStats = z.infer<typeof appointmentStatsSchema>;

// ---------------------------------------------------------------- changes

/** Staff edit (specification section 5, "Appointment edit"). */
export const appointmentEditRequestSchema = z.object(
  {
    ...bookingFields,
    notes: optionalText(5000, M.notesTooLong),
  },
  { error: M.requiredFields },
);
export type AppointmentEditRequest = z.input<typeof appointmentEditRequestSchema>;
export type AppointmentEditInput = z.output<typeof appointmentEditRequestSchema>;

export const followUpRequestSchema = z.object(
  {
    appointmentDate: dateField(M.followUpDateTimeRequired),
    appointmentTime: timeField(M.followUpDateTimeRequired),
    reason: optionalText(1000, M.reasonTooLong),
    /** Defaults to GENERAL_MEDICINE (PRODUCT.md section 4). */
    department: z.string().trim().max(50, M.unknownDepartment).nullish(),
  },
  { error: M.followUpDateTimeRequired },
);

/** The assigned doctor's examination notes: COMPLETED (or NEEDS_PAYMENT when unpaid) or NO_SHOW, with an optional follow-up. */
export const examinationNotesRequestSchema = z.object({
  notes: optionalText(5000, M.notesTooLong),
  status: z.enum(['COMPLETED', 'NO_SHOW'], { error: M.invalidStatus }).default('COMPLETED'),
  followUp: followUpRequestSchema.nullish(),
  // An edit's fields never pass for notes: a broken edit is answered as an edit.
  fullName: z.never().optional(),
  phone: z.never().optional(),
  appointmentDate: z.never().optional(),
  appointmentTime: z.never().optional(),
  department: z.never().optional(),
});
export type ExaminationNotesRequest = z.input<typeof examinationNotesRequestSchema>;
export type ExaminationNotesInput = z.output<typeof examinationNotesRequestSchema>;

const EDIT_KEYS = ['fullName', 'phone', 'email', 'appointmentDate', 'appointmentTime', 'department', 'reason'];

/** PUT /api/appointments/{id} carries either an edit or examination notes (specification section 7). */
export const appointmentPutRequestSchema = z.union([appointmentEditRequestSchema, examinationNotesRequestSchema], {
  error: (issue) => {
    const input = issue.input as Record<string, unknown> | undefined;
    const branches = (issue as unknown as { errors?: { message: string }[][] }).errors ?? [];
    const isEdit = !!input && typeof input === 'object' && EDIT_KEYS.some((k) => k in input);
    return branches[isEdit ? 0 : 1]?.[0]?.message ?? M.requiredFields;
  },
});
export type AppointmentPutInput = z.output<typeof appointmentPutRequestSchema>;
export function isExaminationNotes(body: AppointmentPutInput): body is ExaminationNotesInput {
  return !('fullName' in body);
}

const doctorIdField = z
  .number({ error: M.doctorRequired })
  .int(M.doctorRequired)
  .positive(M.doctorRequired)
  .max(2_147_483_647, M.doctorRequired);

export const assignDoctorRequestSchema = z.object({ doctorId: doctorIdField }, { error: M.doctorRequired });
export const confirmWithDoctorRequestSchema = assignDoctorRequestSchema;

export const cancelAppointmentRequestSchema = z
  .object({
    /** Absent: 'Cancelled by user'. Present but blank: refused. */
    reason: z.string({ error: M.cancelReasonRequired }).trim().min(1, M.cancelReasonRequired).max(500, M.cancelReasonTooLong).optional(),
    refundRequired: z.boolean({ error: 'Giá trị hoàn tiền không hợp lệ' }).optional(),
    patientStatus: z.string().trim().max(100).nullish(),
  })
  // No body at all is fine.
  .nullish();
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;

const amountField = (missing: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? missing : invalid) })
      .positive(invalid)
      .max(10_000_000_000, M.amountTooLarge)
      .int(M.amountNotInteger),
  );

export const requestPaymentRequestSchema = z.object({ amount: amountField(M.amountRequired, M.amountPositive) }, { error: M.amountRequired });
export const handlePaymentRequestSchema = z
  .object({
    status: z.literal('PAID', { error: M.invalidPaymentStatus }).default('PAID'),
    /** The amount received, when it differs from the one requested. */
    amount: amountField(M.amountRequired, M.amountPositive).optional(),
  })
  // No body at all is fine.
  .nullish();

export const doctorAcceptRequestSchema = z
  .object({ response: z.string().trim().max(1000, M.responseTooLong).nullish() })
  // No body at all is fine.
  .nullish();
export const doctorDeclineRequestSchema = z.object(
  { reason: z.string({ error: M.declineReasonRequired }).trim().min(1, M.declineReasonRequired).max(1000, M.responseTooLong) },
  { error: M.declineReasonRequired },
);

export const appointmentActionResponseSchema = z.object({ message: z.string(), appointment: appointmentSchema });
export type AppointmentActionResponse = z.infer<typeof appointmentActionResponseSchema>;

export const appointmentUpdateResponseSchema = appointmentActionResponseSchema.extend({
  /** The list of changes the update e-mail carries ('Ngày khám: 01/12/2026 → 02/12/2026'). */
  changes: z.array(z.string()),
  emailQueued: z.boolean(),
});

export const examinationNotesResponseSchema = appointmentActionResponseSchema.extend({ followUp: appointmentSchema.nullable() });

export const deleteAppointmentResponseSchema = z.object({ message: z.string(), id: z.number().int() });

export const doctorCandidateSchema = z.object({
  id: z.number().int(),
  fullName: z.string().nullable(),
  email: z.string(),
  specialty: z.string().nullable(),
  specialtyName: z.string().nullable(),
});
export type DoctorCandidate = z.infer<typeof doctorCandidateSchema>;

export const appointmentEventSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  action: z.enum(APPOINTMENT_EVENT_ACTIONS),
  fromStatus: appointmentStatusSchema.nullable(),
  toStatus: appointmentStatusSchema.nullable(),
  note: z.string().nullable(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.enum(ROLES).nullable(),
  createdAt: z.string(),
});
export type AppointmentEvent = z.infer<typeof appointmentEventSchema>;

// ---------------------------------------------------------------- bulk

const bulkIds = z
  .array(z.number({ error: M.invalidId }).int(M.invalidId).positive(M.invalidId).max(2_147_483_647, M.invalidId), { error: M.bulkNoSelection })
  .min(1, M.bulkNoSelection)
  .max(200, M.bulkTooMany)
  .transform((ids) => [...new Set(ids)]);

export const bulkIdsRequestSchema = z.object({ ids: bulkIds }, { error: M.bulkNoSelection });
export const bulkCancelRequestSchema = z.object(
  {
    ids: bulkIds,
    reason: z.string({ error: M.cancelReasonRequired }).trim().min(1, M.cancelReasonRequired).max(500, M.cancelReasonTooLong),
  },
  { error: M.bulkNoSelection },
);
export const bulkRequestPaymentRequestSchema = z.object(
  { ids: bulkIds, amount: amountField(M.bulkAmountInvalid, M.bulkAmountInvalid) },
  { error: M.bulkNoSelection },
);

export const BULK_OUTCOMES = ['success', 'skipped', 'failed'] as const;
export const bulkResultSchema = z.object({
  success: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      outcome: z.enum(BULK_OUTCOMES),
      /** NOT_FOUND, ALREADY_COMPLETED, ALREADY_IN_STATUS, HAS_PAYMENT_REQUEST, ... */
      code: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  message: z.string(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

// ---------------------------------------------------------------- e-mail calls

export const emailSendResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** sent: handed to the SMTP server; simulated: no SMTP_URL, nothing sent; queued: will be retried. */
  status: z.enum(['sent', 'simulated', 'queued']),
});
export type EmailSendResult = z.infer<typeof emailSendResultSchema>;

const requiredEmail = z
  .string({ error: M.requiredFields })
  .trim()
  .min(1, M.requiredFields)
  .refine(isValidEmail, M.emailRecipientInvalid)
  .transform((v) => v.toLowerCase());

/** Specification section 3, "Email payloads": payment confirmation. */
export const paymentConfirmationEmailRequestSchema = z.object(
  {
    patientEmail: requiredEmail,
    patientName: required(100, M.fullNameTooLong),
    appointmentDate: dateField(),
    appointmentTime: timeField(),
    department: required(100),
    paymentAmount: amountField(M.amountRequired, M.amountPositive).optional(),
  },
  { error: M.requiredFields },
);

export const appointmentPaymentConfirmationRequestSchema = z
  .object({ paymentAmount: amountField(M.amountRequired, M.amountPositive).optional() })
  // No body at all is fine.
  .nullish();

/** Specification section 3, "Email payloads": update notification. The appointment's own data fill what is left out. */
export const updateNotificationRequestSchema = z
  .object({
    patientEmail: z.string().trim().refine(isValidEmail, M.emailRecipientInvalid).optional(),
    patientName: z.string().trim().max(100).optional(),
    changes: z.array(z.string().trim().min(1).max(500)).max(50).optional(),
    newAppointmentDate: z.string().optional(),
    newAppointmentTime: z.string().optional(),
    newDepartment: z.string().optional(),
  })
  // No body at all is fine.
  .nullish();

/** Specification section 3, "Email payloads": generic. */
export const genericEmailRequestSchema = z.object(
  {
    to: requiredEmail,
    subject: z.string({ error: M.emailSubjectRequired }).trim().min(1, M.emailSubjectRequired).max(200, 'Tiêu đề không được vượt quá 200 ký tự'),
    content: z.string({ error: M.emailContentRequired }).trim().min(1, M.emailContentRequired).max(20_000, 'Nội dung email quá dài'),
  },
  { error: M.requiredFields },
);
