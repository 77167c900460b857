import { z } from '../zod';
import { commaListPattern, STATED } from '../stated';
import { idListSchema, pageNumberSchema, pageSchema } from '../common';
import { MAX_INT } from '../ids';
import { GENDERS, ROLES } from '../roles';
import { APPOINTMENT_LIMITS as L, APPOINTMENT_MSG as M } from './messages';
import { APPOINTMENT_STATUSES } from './statuses';
import { PRIVACY_MSG } from '../privacy-texts';
import { APPOINTMENT_EVENT_ACTIONS } from './state-machine';
import { isDateString, isTimeString } from './time';
import { normalizePhone } from '../phone';
import { reachedBySchema } from '../messaging';
import { paymentMethodSchema } from '../payments';
import { refundSummarySchema } from '../refund-state';
import { optionalCitizenIdSchema } from '../citizen-id';

export { normalizePhone };

/** Request and response shapes of every appointment call (specification sections 3, 5 and 7). */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^0\d{9,10}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(normalizePhone(value));
}
export function isValidEmail(value: string): boolean {
  return value.length <= L.email && EMAIL_RE.test(value);
}

const required = (max: number, tooLong: string = M.requiredFields) =>
  z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields).max(max, tooLong);

const requiredPhone = z
  .string({ error: M.requiredFields })
  .trim()
  .min(1, M.requiredFields)
  .max(L.phone, M.invalidPhone)
  .refine(isValidPhone, M.invalidPhone)
  .transform(normalizePhone)
  .meta({ pattern: STATED.phone });

/** Optional: absent, null and '' all mean "no e-mail". */
const optionalEmail = z
  .string({ error: M.invalidEmail })
  .trim()
  .max(L.email, M.invalidEmail)
  .refine((v) => v === '' || isValidEmail(v), M.invalidEmail)
  .meta({ pattern: `${STATED.email}|^$` })
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
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine(isDateString, M.invalidDate)
    .meta({ pattern: STATED.date });
const timeField = (missing: string = M.requiredFields) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine(isTimeString, M.invalidTime)
    .meta({ pattern: STATED.time });

// ---------------------------------------------------------------- departments

export const departmentSchema = z.object({
  code: z.string(),
  departmentName: z.string(),
  specialtyName: z.string(),
  slotCapacity: z.number().int(),
  /** The deposit a public booking pays to hold its slot (issue 28), in đồng; null: none asked. */
  depositAmount: z.number().int().nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

// ---------------------------------------------------------------- public booking

/** Who, where and when: the fields a booking and a staff edit share. */
const bookingFields = {
  fullName: required(L.fullName, M.fullNameTooLong),
  phone: requiredPhone,
  email: optionalEmail,
  appointmentDate: dateField(),
  appointmentTime: timeField(),
  department: required(L.department, M.unknownDepartment),
  reason: optionalText(L.reason, M.reasonTooLong),
};

/** A person's name, phone and optional e-mail, as a booking takes them (a care plan's too). */
export const bookingPersonFields = { fullName: bookingFields.fullName, phone: requiredPhone, email: optionalEmail };
/** A date (YYYY-MM-DD) and a time (HH:MM) as a booking takes them. */
export const bookingDateField = dateField;
export const bookingTimeField = timeField;

/**
 * A visitor's booking: health data, so her explicit consent (an unticked box she ticks) is part of
 * the request, and the server refuses one without it (docs/PRODUCT.md §12).
 */
export const publicAppointmentRequestSchema = z.object(
  { ...bookingFields, consentHealthData: z.literal(true, { error: PRIVACY_MSG.healthConsentRequired }) },
  { error: M.requiredFields },
);
export type PublicAppointmentRequest = z.input<typeof publicAppointmentRequestSchema>;
export type PublicAppointmentInput = z.output<typeof publicAppointmentRequestSchema>;

/**
 * manageToken: the private link's token (appointment/manage/{token}), given once, when the booking has
 * an e-mail or a phone. A repeat of the request under the same Idempotency-Key, signed out, gets the
 * answer without its tokens (issue 34): the links went to her e-mail and phone.
 */
export const publicAppointmentResponseSchema = z.object({
  message: z.string(),
  appointmentId: z.number().int(),
  manageToken: z.string().optional(),
  /** The deposit that holds the slot (issue 28): its amount, when the hold ends, and the pay link's token (/pay/{token}). */
  deposit: z.object({ amount: z.number().int(), dueAt: z.string(), payToken: z.string().optional() }).optional(),
  /** Where her messages (and the link) go: e-mail, phone (Zalo or SMS), both or neither (issue 35). */
  reachedBy: reachedBySchema.optional(),
});
export type PublicAppointmentResponse = z.infer<typeof publicAppointmentResponseSchema>;

/** Malformed dates and times are answered as unavailable, with the reason, like every other refusal. */
export const availabilityQuerySchema = z.object({
  date: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields),
  time: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields),
  department: required(L.department, M.unknownDepartment),
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

/** The places left in every slot of one day of one department, so the time tiles say which are full. */
export const dayPlacesQuerySchema = z.object({
  date: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields),
  department: required(L.department, M.unknownDepartment),
});
export type DayPlacesQuery = z.infer<typeof dayPlacesQuerySchema>;
/**
 * Each of the clinic's slots with its capacity and the places a new booking could still take (the
 * same count as the availability answer: booked, waiting and offered places are taken). No slots for
 * a malformed date or an unknown department. Only advice: the booking counts again under the lock.
 */
export const dayPlacesResponseSchema = z.object({
  date: z.string(),
  department: z.string(),
  slots: z.array(z.object({ time: z.string(), capacity: z.number().int(), remaining: z.number().int() })),
});
export type DayPlacesResponse = z.infer<typeof dayPlacesResponseSchema>;
/** At or below this many places left, a tile says how many remain ('Còn 2 chỗ'). */
export const FEW_PLACES_LEFT = 2;

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
  /** The deposit asked at booking to hold the slot (issue 28), until when it is held, and when it was paid. */
  depositAmount: z.number().nullable(),
  depositDueAt: z.string().nullable(),
  depositPaidAt: z.string().nullable(),
  /** How the deposit was paid online (VNPay, MoMo, VietQR), once paid: how a cancel gives it back (issue 35). */
  depositMethod: paymentMethodSchema.nullable(),
  refundRequired: z.boolean(),
  /** What was or is being given back for this visit (issue 35), or null. */
  refund: refundSummarySchema.nullable(),
  cancelReason: z.string().nullable(),
  patientStatus: z.string().nullable(),
  doctorResponse: z.string().nullable(),
  /** The doctor's message to the patient, written when he accepted (shown to her; issue 25). */
  doctorMessage: z.string().nullable(),
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
  id: z.coerce.number({ error: M.invalidId }).int(M.invalidId).positive(M.invalidId).max(MAX_INT, M.invalidId),
});

// ---------------------------------------------------------------- a booking at the desk

/**
 * A booking made by staff at the front desk for a walk-in or a phone call (docs/PRODUCT.md §11): the
 * public booking's fields (an e-mail optional), the box saying the patient agreed in person (consent
 * channel DESK), and optionally the doctor it is confirmed with at once.
 */
export const deskAppointmentRequestSchema = z.object(
  {
    ...bookingFields,
    consentInPerson: z.literal(true, { error: PRIVACY_MSG.deskConsentRequired }),
    /** Her citizen identification number when she shows her card (optional, 12 digits; docs/PRODUCT.md). */
    citizenId: optionalCitizenIdSchema,
    doctorId: z
      .number({ error: M.invalidDoctorId })
      .int(M.invalidDoctorId)
      .positive(M.invalidDoctorId)
      .max(MAX_INT, M.invalidDoctorId)
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: M.requiredFields },
);
export type DeskAppointmentRequest = z.input<typeof deskAppointmentRequestSchema>;
export type DeskAppointmentInput = z.output<typeof deskAppointmentRequestSchema>;

// ---------------------------------------------------------------- lists

export const APPOINTMENT_SORT_FIELDS = [
  'appointmentDate',
  'createdAt',
  'updatedAt',
  'fullName',
  'status',
  'department',
  'id',
] as const;
export const APPOINTMENT_SORTS = APPOINTMENT_SORT_FIELDS.flatMap((f) => [`${f}:asc`, `${f}:desc`] as const);
export type AppointmentSort = `${(typeof APPOINTMENT_SORT_FIELDS)[number]}:${'asc' | 'desc'}`;

export const appointmentSortSchema = z.enum(APPOINTMENT_SORTS as unknown as [AppointmentSort, ...AppointmentSort[]], {
  error: M.invalidSort,
});

const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(appointmentStatusSchema))
  .meta({ type: 'string', pattern: commaListPattern(APPOINTMENT_STATUSES) });

const queryDate = z.string().trim().refine(isDateString, M.invalidQueryDate).meta({ pattern: STATED.date });

/**
 * Where the caller stands in a list: the `cursor` of the page it shows (see appointmentPageSchema).
 * The page asked for is still `page`; the cursor only lets the server start from the rows on screen
 * instead of counting past every earlier row. "c1.<page>.<first id>.<last id>.<list hash>".
 */
export const PAGE_CURSOR_PATTERN = /^c1\.(\d{1,9})\.(\d{1,10})\.(\d{1,10})\.([0-9a-f]{8})$/;
export const pageCursorSchema = z.string({ error: M.invalidCursor }).trim().regex(PAGE_CURSOR_PATTERN, M.invalidCursor);

export const appointmentListQuerySchema = z
  .object({
    page: pageNumberSchema(M.invalidPage, 1, L.maxPage),
    size: pageNumberSchema(M.invalidPageSize, L.pageSize, L.maxPageSize, M.pageSizeTooLarge),
    /** One status or several, comma-separated (booking history: COMPLETED,CANCELLED,NO_SHOW). */
    status: statusList.optional(),
    from: queryDate.optional(),
    // A rule between two fields JSON Schema cannot state: said for people; the contract test knows it.
    to: queryDate.meta({ description: 'Không trước `from`' }).optional(),
    department: z.string().trim().max(L.department, M.unknownDepartment).optional(),
    doctorId: z.coerce
      .number({ error: M.invalidDoctorId })
      .int(M.invalidDoctorId)
      .positive(M.invalidDoctorId)
      .max(MAX_INT, M.invalidDoctorId)
      .optional(),
    /** Searches name, phone, e-mail and id. */
    q: z.string().trim().max(L.searchQuery, M.searchTooLong).optional(),
    sort: appointmentSortSchema.optional(),
    /** The cursor of the page on screen: the next, previous or a nearby page is read from its rows. */
    cursor: pageCursorSchema.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: M.invalidDateRange, path: ['to'] });
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;
export type AppointmentListFilters = z.output<typeof appointmentListQuerySchema>;

/**
 * totalCapped: a text search's total is counted up to a limit; true means "more than total".
 * cursor: names this page (its first and last rows, under this filter, sort and size); sent back
 * with the next request as `cursor`, it lets page 40,000 be read from page 39,999's last row. Null
 * when the page is empty.
 */
export const appointmentPageSchema = pageSchema(appointmentSchema).extend({
  totalCapped: z.boolean(),
  cursor: z.string().nullable().optional(),
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

/** Pending Approvals' cards (specification section 2): waiting for the doctor; of them, today's; and those starting within 24 hours. */
export const pendingApprovalSummarySchema = z.object({
  pending: z.number().int(),
  today: z.number().int(),
  urgent: z.number().int(),
});
export type PendingApprovalSummary = z.infer<typeof pendingApprovalSummarySchema>;
/** Urgent: the visit starts within this many hours (clinic time). */
export const URGENT_WITHIN_HOURS = 24;

// ---------------------------------------------------------------- changes

/** Staff edit (specification section 5, "Appointment edit"). */
export const appointmentEditRequestSchema = z.object(
  {
    ...bookingFields,
    notes: optionalText(L.notes, M.notesTooLong),
  },
  { error: M.requiredFields },
);
export type AppointmentEditRequest = z.input<typeof appointmentEditRequestSchema>;
export type AppointmentEditInput = z.output<typeof appointmentEditRequestSchema>;

export const followUpRequestSchema = z.object(
  {
    appointmentDate: dateField(M.followUpDateTimeRequired),
    appointmentTime: timeField(M.followUpDateTimeRequired),
    reason: optionalText(L.reason, M.reasonTooLong),
    /** Defaults to GENERAL_MEDICINE (docs/PRODUCT.md §4). */
    department: z.string().trim().max(L.department, M.unknownDepartment).nullish(),
  },
  { error: M.followUpDateTimeRequired },
);

/** The assigned doctor's examination notes: COMPLETED (or NEEDS_PAYMENT when unpaid) or NO_SHOW, with an optional follow-up. */
export const examinationNotesRequestSchema = z.object({
  notes: optionalText(L.notes, M.notesTooLong),
  status: z.enum(['COMPLETED', 'NO_SHOW'], { error: M.invalidStatus }).default('COMPLETED'),
  followUp: followUpRequestSchema.nullish(),
  /**
   * NO_SHOW on a PAID visit: the doctor saw what happens to the payment (refund flag set, no longer
   * revenue) and confirmed it; without it the server refuses (docs/PRODUCT.md §11).
   */
  confirmPaidNoShow: z.boolean().optional(),
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
  .max(MAX_INT, M.doctorRequired);

export const assignDoctorRequestSchema = z.object({ doctorId: doctorIdField }, { error: M.doctorRequired });
export const confirmWithDoctorRequestSchema = assignDoctorRequestSchema;

export const cancelAppointmentRequestSchema = z
  .object({
    /** Absent: 'Cancelled by user'. Present but blank: refused. */
    reason: z
      .string({ error: M.cancelReasonRequired })
      .trim()
      .min(1, M.cancelReasonRequired)
      .max(L.cancelReason, M.cancelReasonTooLong)
      .optional(),
    refundRequired: z.boolean({ error: M.invalidRefundFlag }).optional(),
    patientStatus: z.string().trim().max(L.patientStatus).nullish(),
  })
  // No body at all is fine.
  .nullish();
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;

const amountField = (missing: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? missing : invalid),
      })
      .positive(invalid)
      .max(L.maxAmount, M.amountTooLarge)
      .int(M.amountNotInteger),
  );

export const requestPaymentRequestSchema = z.object(
  { amount: amountField(M.amountRequired, M.amountPositive) },
  { error: M.amountRequired },
);
export const handlePaymentRequestSchema = z
  .object({
    status: z.literal('PAID', { error: M.invalidPaymentStatus }).default('PAID'),
    /** The amount received, when it differs from the one requested. */
    amount: amountField(M.amountRequired, M.amountPositive).optional(),
  })
  // No body at all is fine.
  .nullish();

export const doctorAcceptRequestSchema = z
  .object({ response: z.string().trim().max(L.doctorResponse, M.responseTooLong).nullish() })
  // No body at all is fine.
  .nullish();
export const doctorDeclineRequestSchema = z.object(
  {
    reason: z
      .string({ error: M.declineReasonRequired })
      .trim()
      .min(1, M.declineReasonRequired)
      .max(L.doctorResponse, M.responseTooLong),
  },
  { error: M.declineReasonRequired },
);

/**
 * What became of the e-mail a staff action sent, tried at once: handed to the mail server,
 * simulated (no SMTP_URL), refused for now (kept and retried: the screen says it could not be sent),
 * still on its way, or no e-mail (none for this action, or no address).
 */
export const EMAIL_DELIVERY_STATUSES = ['sent', 'simulated', 'failed', 'pending', 'none'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

export const appointmentActionResponseSchema = z.object({
  message: z.string(),
  appointment: appointmentSchema,
  emailStatus: z.enum(EMAIL_DELIVERY_STATUSES),
});
export type AppointmentActionResponse = z.infer<typeof appointmentActionResponseSchema>;

export const appointmentUpdateResponseSchema = appointmentActionResponseSchema.extend({
  /** The list of changes the update e-mail carries ('Ngày khám: 01/12/2026 → 02/12/2026'). */
  changes: z.array(z.string()),
  emailQueued: z.boolean(),
});

export const examinationNotesResponseSchema = appointmentActionResponseSchema.extend({
  followUp: appointmentSchema.nullable(),
});
export type ExaminationNotesResponse = z.infer<typeof examinationNotesResponseSchema>;

export const deleteAppointmentResponseSchema = z.object({ message: z.string(), id: z.number().int() });

export const doctorCandidateSchema = z.object({
  id: z.number().int(),
  fullName: z.string().nullable(),
  email: z.string(),
  specialty: z.string().nullable(),
  specialtyName: z.string().nullable(),
  /** His visits on the appointment's day (cancelled and missed ones left out). */
  dayLoad: z.number().int().optional(),
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

const bulkIds = idListSchema(
  { invalid: M.invalidId, empty: M.bulkNoSelection, tooMany: M.bulkTooMany },
  L.bulkMax,
).transform((ids) => [...new Set(ids)]);

export const bulkIdsRequestSchema = z.object({ ids: bulkIds }, { error: M.bulkNoSelection });
export const bulkCancelRequestSchema = z.object(
  {
    ids: bulkIds,
    reason: z
      .string({ error: M.cancelReasonRequired })
      .trim()
      .min(1, M.cancelReasonRequired)
      .max(L.cancelReason, M.cancelReasonTooLong),
  },
  { error: M.bulkNoSelection },
);
export const bulkRequestPaymentRequestSchema = z.object(
  { ids: bulkIds, amount: amountField(M.bulkAmountInvalid, M.bulkAmountInvalid) },
  { error: M.bulkNoSelection },
);

/** Several bookings to one doctor: pending ones are assigned, a deactivated doctor's visits move to him. */
export const bulkAssignDoctorRequestSchema = z.object(
  { ids: bulkIds, doctorId: doctorIdField },
  { error: M.bulkNoSelection },
);

/** A doctor's visits still owed (waiting for his answer, confirmed, paid), today on, in time order. */
export const owedVisitsSchema = z.object({
  doctorId: z.number().int(),
  active: z.boolean(),
  items: z.array(appointmentSchema),
});
export type OwedVisits = z.infer<typeof owedVisitsSchema>;

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
  /**
   * Assigning a doctor only (issue 35): the visits he was given that lie outside his own specialty
   * (a general practitioner's visits of another department), so the desk is told how many.
   */
  outsideSpecialty: z.array(z.number().int()).optional(),
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
  .transform((v) => v.toLowerCase())
  .meta({ pattern: STATED.email });

/** Specification section 3, "Email payloads": payment confirmation. */
export const paymentConfirmationEmailRequestSchema = z.object(
  {
    patientEmail: requiredEmail,
    patientName: required(L.fullName, M.fullNameTooLong),
    appointmentDate: dateField(),
    appointmentTime: timeField(),
    department: required(L.departmentName),
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
    patientEmail: z
      .string()
      .trim()
      .refine(isValidEmail, M.emailRecipientInvalid)
      .meta({ pattern: STATED.email, maxLength: L.email })
      .optional(),
    patientName: z.string().trim().max(L.fullName).optional(),
    changes: z.array(z.string().trim().min(1).max(L.emailChange)).max(L.emailChanges).optional(),
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
    subject: z
      .string({ error: M.emailSubjectRequired })
      .trim()
      .min(1, M.emailSubjectRequired)
      .max(L.emailSubject, M.emailSubjectTooLong),
    content: z
      .string({ error: M.emailContentRequired })
      .trim()
      .min(1, M.emailContentRequired)
      .max(L.emailContent, M.emailContentTooLong),
  },
  { error: M.requiredFields },
);

// ---------------------------------------------------------------- the private management link (docs/PRODUCT.md §10)

/** 32 random bytes in base64url: 256 bits, 43 characters. */
export const MANAGE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const manageTokenParamsSchema = z.object({ token: z.string().regex(MANAGE_TOKEN_RE, M.manageLinkInvalid) });

/** What the visitor sees through her link: the patient projection, and what she may do now. */
export const managedAppointmentSchema = z.object({
  appointment: appointmentSchema,
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** The last day the link works (the day after the visit, in the clinic's zone). */
  validUntil: z.string(),
  /** Whether the visit already belongs to an account (a signed-in patient may add one that does not: issue 25). */
  inAccount: z.boolean(),
});
export type ManagedAppointment = z.infer<typeof managedAppointmentSchema>;

export const manageCancelRequestSchema = z.object(
  {
    reason: z
      .string({ error: M.cancelReasonRequired })
      .trim()
      .min(1, M.cancelReasonRequired)
      .max(L.cancelReason, M.cancelReasonTooLong),
  },
  { error: M.cancelReasonRequired },
);
export const manageRescheduleRequestSchema = z.object(
  { appointmentDate: dateField(), appointmentTime: timeField() },
  { error: M.requiredFields },
);
export type ManageRescheduleRequest = z.input<typeof manageRescheduleRequestSchema>;
export const manageActionResponseSchema = z.object({ message: z.string(), appointment: managedAppointmentSchema });
export type ManageActionResponse = z.infer<typeof manageActionResponseSchema>;
export const manageLinkSentResponseSchema = z.object({
  message: z.string(),
  emailStatus: z.enum(EMAIL_DELIVERY_STATUSES),
});
export type ManageLinkSentResponse = z.infer<typeof manageLinkSentResponseSchema>;

// ---------------------------------------------------------------- a doctor's calendar feed

/** Whether the signed-in doctor has a calendar subscription link (its address is shown only when made). */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
/** A new subscription address: shown once; it replaces (and ends) the previous one. */
export const calendarFeedCreatedSchema = z.object({ message: z.string(), url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
export const calendarFeedRevokedSchema = z.object({ message: z.string() });
export type CalendarFeedRevoked = z.infer<typeof calendarFeedRevokedSchema>;
export const calendarFeedTokenParamsSchema = z.object({
  token: z.string().regex(MANAGE_TOKEN_RE, M.calendarFeedInvalid),
});

// ---------------------------------------------------------------- the waiting list of a full slot (docs/PRODUCT.md §10)

/** How long a freed place is held for the person it is offered to. */
export const WAITING_HOLD_MINUTES = 30;

export const WAITING_STATUSES = ['WAITING', 'OFFERED', 'CLAIMED', 'EXPIRED', 'WITHDRAWN', 'REMOVED', 'LEFT'] as const;
export type WaitingStatus = (typeof WAITING_STATUSES)[number];
/** Still in line or holding an offer: the entries that keep a freed place for the list. */
export const OPEN_WAITING_STATUSES = ['WAITING', 'OFFERED'] as const satisfies readonly WaitingStatus[];

/**
 * The booking's own fields and rules: the offer goes to her phone (Zalo, else SMS) and, when she
 * gives one, to her e-mail (issue 27).
 */
export const waitingListJoinRequestSchema = z.object(
  {
    fullName: bookingFields.fullName,
    phone: bookingFields.phone,
    email: bookingFields.email,
    appointmentDate: bookingFields.appointmentDate,
    appointmentTime: bookingFields.appointmentTime,
    department: bookingFields.department,
    /** She agrees that her name, phone and e-mail are kept to tell her of a freed place. */
    consentContact: z.literal(true, { error: PRIVACY_MSG.waitingConsentRequired }),
  },
  { error: M.requiredFields },
);
export type WaitingListJoinRequest = z.input<typeof waitingListJoinRequestSchema>;
export type WaitingListJoinInput = z.output<typeof waitingListJoinRequestSchema>;

/** token: the entry's private link (appointment/waiting/{token}), given once (not to a repeat: see publicAppointmentResponseSchema). */
export const waitingListJoinResponseSchema = z.object({
  message: z.string(),
  position: z.number().int(),
  token: z.string().optional(),
});
export type WaitingListJoinResponse = z.infer<typeof waitingListJoinResponseSchema>;

export const waitingTokenParamsSchema = z.object({ token: z.string().regex(MANAGE_TOKEN_RE, M.waitingLinkInvalid) });

/** What the person waiting sees through her link. */
export const waitingEntryViewSchema = z.object({
  status: z.enum(WAITING_STATUSES),
  fullName: z.string(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  department: z.string(),
  departmentName: z.string(),
  /** Her place in line (1 = next), while WAITING. */
  position: z.number().int().nullable(),
  /** Until when the place is held for her, while OFFERED. */
  offerExpiresAt: z.string().nullable(),
});
export type WaitingEntryView = z.infer<typeof waitingEntryViewSchema>;

export const waitingActionResponseSchema = z.object({ message: z.string(), entry: waitingEntryViewSchema });
export type WaitingActionResponse = z.infer<typeof waitingActionResponseSchema>;

/** A claimed place: a new booking, with its own private management link (not to a repeat: see publicAppointmentResponseSchema). */
export const waitingClaimResponseSchema = z.object({
  message: z.string(),
  appointmentId: z.number().int(),
  manageToken: z.string().optional(),
  /** Where her messages (and the link) go (issue 35). */
  reachedBy: reachedBySchema.optional(),
});
export type WaitingClaimResponse = z.infer<typeof waitingClaimResponseSchema>;

/** The front desk's view of one slot's list, in line order (open entries first). */
export const slotWaitingListQuerySchema = z.object({
  date: dateField(),
  time: timeField(),
  department: required(L.department, M.unknownDepartment),
});
export type SlotWaitingListQuery = z.infer<typeof slotWaitingListQuerySchema>;
export const staffWaitingEntrySchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  phone: z.string(),
  /** Null when she gave only her phone. */
  email: z.string().nullable(),
  status: z.enum(WAITING_STATUSES),
  createdAt: z.string(),
  offerExpiresAt: z.string().nullable(),
  /** The booking a claim made. */
  appointmentId: z.number().int().nullable(),
});
export type StaffWaitingEntry = z.infer<typeof staffWaitingEntrySchema>;
export const slotWaitingListSchema = z.object({ entries: z.array(staffWaitingEntrySchema) });
export type SlotWaitingList = z.infer<typeof slotWaitingListSchema>;
export const waitingEntryIdParamsSchema = z.object({
  id: z.coerce.number({ error: M.invalidId }).int(M.invalidId).positive(M.invalidId).max(MAX_INT, M.invalidId),
});
