import { z } from './zod';
import { STATED } from './stated';
import { pageNumberSchema, pageSchema, pathIdSchema } from './common';
import { appointmentEventSchema, appointmentSchema } from './appointments/schemas';
import { ROLES } from './roles';
import { FHIR_CLIENT_ACTOR } from './fhir';
import {
  ACCESS_OUTCOMES,
  ACCESS_TARGETS,
  CONSENT_CHANNELS,
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  DATA_REQUEST_CHANNELS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_REPLY_CHANNELS,
  DATA_REQUEST_SCOPES,
  DATA_REQUEST_STATUSES,
  PRIVACY_MSG as P,
} from './privacy-texts';

/** Privacy's calls (issue 26): the notice, a person's data and requests, the queue, the access log. */

/** An explicit yes: only `true` passes, so an unticked (or absent) box is refused with its sentence. */
export const consentGiven = (message: string) => z.literal(true, { error: message });

// ---------------------------------------------------------------- the notice

export const privacyNoticeSchema = z.object({
  version: z.string(),
  date: z.string(),
  controller: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  /** Hours within which a request is answered. */
  answerHours: z.number().int(),
  /** Every retention period the notice states, in days (medical records in years). */
  retention: z.object({
    medicalRecordYears: z.number().int(),
    unvisitedBookingDays: z.number().int(),
    waitingListDays: z.number().int(),
    messageBodyDays: z.number().int(),
    messageDays: z.number().int(),
    accessLogDays: z.number().int(),
  }),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

// ---------------------------------------------------------------- a person's data

export const consentRecordSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(CONSENT_PURPOSES),
  source: z.enum(CONSENT_SOURCES),
  channel: z.enum(CONSENT_CHANNELS),
  noticeVersion: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * Her consents given under an earlier version of the notice and still in force, with none under the
 * current one: what she is asked to confirm again (GET …/consents).
 */
export const consentRenewalSchema = z.object({
  noticeVersion: z.string(),
  noticeDate: z.string(),
  due: z.array(z.object({ purpose: z.enum(CONSENT_PURPOSES), givenVersion: z.string(), givenAt: z.string() })),
});
export type ConsentRenewal = z.infer<typeof consentRenewalSchema>;

/** POST …/consents: a consent given again under the current notice; only a ticked box passes. */
export const consentRenewSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: 'Mục đích không hợp lệ' }),
  agree: consentGiven(P.renewalRequired),
});
export type ConsentRenewInput = z.infer<typeof consentRenewSchema>;
export const consentRenewedSchema = z.object({ message: z.string(), renewal: consentRenewalSchema });

export const dataRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  channel: z.enum(DATA_REQUEST_CHANNELS),
  /** What it covers: the link's booking, the proven e-mail or phone, or the account. */
  scope: z.enum(DATA_REQUEST_SCOPES),
  purpose: z.enum(CONSENT_PURPOSES).nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.string().nullable(),
  overdue: z.boolean(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** Everything the clinic holds about her, as she may see it (the patient projection of her appointments). */
export const personalDataSchema = z.object({
  generatedAt: z.string(),
  noticeVersion: z.string(),
  /**
   * Whose data: a private link's own booking (BOOKING), everything under the e-mail or phone proven by a
   * code (CONTACT, until provenUntil), or the signed-in account; the addresses, phones and account it was found by.
   */
  identity: z.object({
    scope: z.enum(DATA_REQUEST_SCOPES),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    userId: z.number().int().nullable(),
    appointmentId: z.number().int().nullable(),
    provenUntil: z.string().nullable(),
  }),
  account: z
    .object({
      username: z.string(),
      email: z.string().nullable(),
      fullName: z.string().nullable(),
      phone: z.string().nullable(),
      birthDate: z.string().nullable(),
      gender: z.string().nullable(),
      /** Her citizen identification number (issue 38), when recorded. */
      citizenId: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Each with the citizen identification number the desk recorded with it (a booking without an account). */
  appointments: z.array(
    appointmentSchema.extend({ history: z.array(appointmentEventSchema), citizenId: z.string().nullable() }),
  ),
  waitingList: z.array(
    z.object({
      fullName: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      appointmentDate: z.string(),
      appointmentTime: z.string(),
      department: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  consents: z.array(consentRecordSchema),
  messages: z.array(
    z.object({
      kind: z.string(),
      toAddress: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      blogId: z.number().int(),
      authorName: z.string(),
      content: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  newsletter: z.array(z.object({ email: z.string(), createdAt: z.string() })),
  requests: z.array(dataRequestSchema),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

const details = z
  .string({ error: P.correctionRequired })
  .trim()
  .max(2000, P.detailsTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** A correction says what to correct; a withdrawal names the consent's purpose (health data unless said). */
export const dataRequestCreateSchema = z
  .object({
    kind: z.enum(DATA_REQUEST_KINDS, { error: 'Loại yêu cầu không hợp lệ' }),
    details,
    purpose: z.enum(CONSENT_PURPOSES, { error: 'Mục đích không hợp lệ' }).nullish(),
  })
  .refine((r) => r.kind !== 'CORRECTION' || !!r.details, { message: P.correctionRequired, path: ['details'] })
  // A correction says what to correct: stated for generated clients.
  .meta({
    anyOf: [
      { properties: { kind: { enum: ['WITHDRAWAL', 'DELETION'] } } },
      { required: ['details'], properties: { details: { type: 'string', pattern: '\\S' } } },
    ],
  });
export type DataRequestCreate = z.input<typeof dataRequestCreateSchema>;
export type DataRequestCreateInput = z.output<typeof dataRequestCreateSchema>;

export const dataRequestCreatedSchema = z.object({ message: z.string(), request: dataRequestSchema });

// ---------------------------------------------------------------- a private link's proof of the contact

/** POST /privacy/link/{token}/proof/code: a code to the booking's e-mail or to its mobile (Zalo, else SMS). */
export const privacyProofCodeRequestSchema = z.object(
  { via: z.enum(['EMAIL', 'PHONE'], { error: 'Vui lòng chọn nhận mã qua email hoặc số điện thoại' }) },
  { error: 'Vui lòng chọn nhận mã qua email hoặc số điện thoại' },
);
export type PrivacyProofCodeRequest = z.infer<typeof privacyProofCodeRequestSchema>;
export const privacyProofCodeResponseSchema = z.object({
  message: z.string(),
  expiresInMinutes: z.number().int(),
  /** Where it went, masked. */
  sentTo: z.string(),
});
export type PrivacyProofCodeResponse = z.infer<typeof privacyProofCodeResponseSchema>;
/** POST /privacy/link/{token}/proof: the code; right, the link sees everything under that contact for a while. */
export const privacyProofResponseSchema = z.object({
  message: z.string(),
  scope: z.enum(DATA_REQUEST_SCOPES),
  provenUntil: z.string(),
});
export type PrivacyProofResponse = z.infer<typeof privacyProofResponseSchema>;

// ---------------------------------------------------------------- the back-office queue

export const dataRequestIdParamsSchema = z.object({ id: pathIdSchema(P.invalidRequestId) });

export const adminDataRequestSchema = dataRequestSchema.extend({
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userId: z.number().int().nullable(),
  answeredBy: z.string().nullable(),
  /** How the answer reaches her: e-mail to `replyTo`, or Zalo/SMS to the masked mobile; null: neither is possible. */
  replyBy: z.enum(DATA_REQUEST_REPLY_CHANNELS).nullable(),
  replyTo: z.string().nullable(),
});
export type AdminDataRequest = z.infer<typeof adminDataRequestSchema>;

export const dataRequestListQuerySchema = z.object({
  status: z.enum([...DATA_REQUEST_STATUSES, 'ALL'], { error: 'Trạng thái không hợp lệ' }).default('OPEN'),
  page: pageNumberSchema('Số trang không hợp lệ', 1, 100_000),
  size: pageNumberSchema('Số dòng không hợp lệ', 20, 100),
});
export type DataRequestListQuery = z.output<typeof dataRequestListQuerySchema>;
export const dataRequestPageSchema = pageSchema(adminDataRequestSchema).extend({ overdue: z.number().int() });
export type DataRequestPage = z.infer<typeof dataRequestPageSchema>;

export const dataRequestAnswerSchema = z.object({
  outcome: z.enum(['DONE', 'REFUSED'], { error: 'Kết quả không hợp lệ' }),
  answer: z.string({ error: P.answerRequired }).trim().min(1, P.answerRequired).max(2000, P.detailsTooLong),
});
export type DataRequestAnswer = z.infer<typeof dataRequestAnswerSchema>;

export const dataRequestAnsweredSchema = z.object({
  message: z.string(),
  request: adminDataRequestSchema,
  /** What a deletion did: rows de-identified or erased, and the medical records kept restricted. */
  deletion: z
    .object({
      appointmentsDeidentified: z.number().int(),
      appointmentsRestricted: z.number().int(),
      waitingEntriesErased: z.number().int(),
      commentsAnonymised: z.number().int(),
      newsletterErased: z.number().int(),
      messagesErased: z.number().int(),
      accountClosed: z.boolean(),
    })
    .nullable(),
});
export type DataRequestAnswered = z.infer<typeof dataRequestAnsweredSchema>;

// ---------------------------------------------------------------- the access log

export const accessRecordSchema = z.object({
  id: z.number().int(),
  accessedAt: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** A role, or FHIR_CLIENT when an outside system read through FHIR (actorName: the client's name). */
  actorRole: z.enum([...ROLES, FHIR_CLIENT_ACTOR]).nullable(),
  target: z.enum(ACCESS_TARGETS),
  outcome: z.enum(ACCESS_OUTCOMES),
  appointmentId: z.number().int().nullable(),
  subjectEmail: z.string().nullable(),
  subjectName: z.string().nullable(),
  address: z.string().nullable(),
});
export type AccessRecord = z.infer<typeof accessRecordSchema>;

/** A person's log: by her e-mail (Patient Control's key) or one appointment. */
export const accessLogQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'Email không hợp lệ')
    // Checked before the export streams: a character the database refuses would end it half-way.
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32), 'Email không hợp lệ')
    .transform((v) => v.toLowerCase())
    .meta({ pattern: STATED.noControl })
    .optional(),
  appointmentId: z.coerce.number({ error: 'ID lịch hẹn không hợp lệ' }).int().positive().max(2_147_483_647).optional(),
  page: pageNumberSchema('Số trang không hợp lệ', 1, 100_000),
  size: pageNumberSchema('Số dòng không hợp lệ', 50, 200),
});
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;
export const accessLogPageSchema = pageSchema(accessRecordSchema);
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

/**
 * Where the access log's chain breaks (issue 34): a record changed after it was written, records
 * removed before one, a record added while the chain was off, the oldest records removed other than
 * by the retention job, the newest removed.
 */
export const ACCESS_LOG_BREAKS = ['CHANGED', 'MISSING_BEFORE', 'NOT_CHAINED', 'START_REMOVED', 'END_REMOVED'] as const;
export type AccessLogBreak = (typeof ACCESS_LOG_BREAKS)[number];

/** GET /api/privacy/access-log/verify: the whole log checked, record by record. */
export const accessLogVerificationSchema = z.object({
  intact: z.boolean(),
  /** Records checked. */
  checked: z.number().int(),
  /** The newest record's hash: written down elsewhere, it later proves that nothing up to it was rewritten. */
  head: z.string(),
  /** The first broken record (null when the break is that every record went). */
  broken: z
    .object({
      id: z.number().int().nullable(),
      accessedAt: z.string().nullable(),
      reason: z.enum(ACCESS_LOG_BREAKS),
    })
    .nullable(),
  /** What the check found, in words. */
  message: z.string(),
});
export type AccessLogVerification = z.infer<typeof accessLogVerificationSchema>;
