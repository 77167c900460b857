import { z } from '../zod';
import { pageNumberSchema, pageSchema, pathIdSchema } from '../common';
import { MAX_INT } from '../ids';
import { APPOINTMENT_STATUSES } from '../appointments/statuses';
import { bookingDateField, bookingPersonFields, bookingTimeField } from '../appointments/schemas';
import { PRIVACY_MSG } from '../privacy-texts';
import { DEPARTMENT_CODES } from '../clinic';
import {
  CARE_PLAN_ANCHORS,
  CARE_PLAN_KINDS,
  carePlanTemplateBodySchema,
  milestoneTemplateSchema,
  type CarePlanKind,
} from './plan';

// The calls of care plans (issue 37): the contract between the server and the screens.

export const CARE_PLAN_STATUSES = ['ACTIVE', 'STOPPED', 'COMPLETED'] as const;
export type CarePlanStatus = (typeof CARE_PLAN_STATUSES)[number];

/**
 * A visit of a plan as every screen shows it: DONE (its appointment took place), BOOKED (one is
 * booked), TO_BOOK (none booked yet: the desk calls her back), MISSED (its appointment was missed or
 * cancelled and no other is booked), SKIPPED (the doctor skipped it, with a reason).
 */
export const PLAN_VISIT_STATES = ['DONE', 'BOOKED', 'TO_BOOK', 'MISSED', 'SKIPPED'] as const;
export type PlanVisitState = (typeof PLAN_VISIT_STATES)[number];

export const CARE_PLAN_MSG = {
  statuses: { ACTIVE: 'Đang theo dõi', STOPPED: 'Đã dừng', COMPLETED: 'Đã hoàn tất' },
  visitStates: {
    DONE: 'Đã khám',
    BOOKED: 'Đã đặt lịch',
    TO_BOOK: 'Chưa đặt lịch',
    MISSED: 'Lỡ hẹn',
    SKIPPED: 'Bỏ qua',
  },
  invalidId: 'Mã kế hoạch không hợp lệ',
  invalidTemplateId: 'Mã mẫu kế hoạch không hợp lệ',
  invalidVisitId: 'Mã lượt khám của kế hoạch không hợp lệ',
  notFound: 'Không tìm thấy kế hoạch chăm sóc',
  templateNotFound: 'Không tìm thấy mẫu kế hoạch',
  templateInactive: 'Mẫu kế hoạch này đã ngừng sử dụng',
  anchorNotAllowed: 'Mốc tính không hợp với mẫu kế hoạch này',
  anchorOutOfRange: 'Ngày mốc tính phải trong vòng một năm trước hoặc sau hôm nay',
  visitsMismatch: 'Danh sách lượt khám không khớp với kế hoạch: vui lòng đề xuất lại',
  outsideWindow: 'Ngày hẹn nằm ngoài khoảng thời gian của mốc này',
  waitNeedsSlot: 'Vào danh sách chờ cần chọn ngày và giờ của khung giờ muốn chờ',
  slotTaken: 'Một lượt khám của kế hoạch không còn chỗ: chưa lượt nào được đặt. Vui lòng đề xuất lại',
  notActive: 'Kế hoạch này không còn được theo dõi',
  stopReasonRequired: 'Vui lòng nhập lý do dừng kế hoạch',
  skipReasonRequired: 'Vui lòng nhập lý do bỏ qua mốc này',
  visitClosed: 'Lượt khám này đã kết thúc, không thể thay đổi',
  started: 'Đã tạo kế hoạch chăm sóc và đặt các lượt khám',
  stopped: 'Đã dừng kế hoạch chăm sóc',
  redated: 'Đã cập nhật mốc tính và các lượt khám còn lại',
  redateAsked: 'Đã gửi lịch mới cho quầy tiếp đón: lịch hẹn của người bệnh chỉ đổi khi quầy xác nhận',
  redateDeclined: 'Đã bỏ đề xuất đổi mốc tính: kế hoạch giữ nguyên',
  noPendingRedate: 'Kế hoạch này không có đề xuất đổi mốc tính nào đang chờ',
  skipped: 'Đã bỏ qua mốc này',
  added: 'Đã thêm mốc vào kế hoạch',
  templateSaved: 'Đã lưu mẫu kế hoạch',
  stopRequested: 'Đã gửi yêu cầu dừng kế hoạch đến phòng khám',
} as const;

const doctorId = z.number().int().positive().max(MAX_INT).nullish();
const reason = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(500, 'Lý do tối đa 500 ký tự');

export const carePlanIdParamsSchema = z.object({ id: pathIdSchema(CARE_PLAN_MSG.invalidId) });
export const carePlanVisitParamsSchema = z.object({
  id: pathIdSchema(CARE_PLAN_MSG.invalidId),
  visitId: pathIdSchema(CARE_PLAN_MSG.invalidVisitId),
});
export const carePlanTemplateIdParamsSchema = z.object({ id: pathIdSchema(CARE_PLAN_MSG.invalidTemplateId) });

// ---------------------------------------------------------------- templates (ADMIN)

export const carePlanTemplateSchema = carePlanTemplateBodySchema.and(
  z.object({
    id: z.number().int(),
    /** Editing makes a new version; running plans keep the one they started with. */
    version: z.number().int(),
    /** A seeded example, to be reviewed by the clinic's doctors. */
    example: z.boolean(),
    active: z.boolean(),
    plansRunning: z.number().int(),
    updatedAt: z.string(),
  }),
);
export type CarePlanTemplate = z.infer<typeof carePlanTemplateSchema>;
export const carePlanTemplateListSchema = z.object({ templates: z.array(carePlanTemplateSchema) });
/** Create or edit: the body, and whether new plans may use it. */
export const carePlanTemplateSaveSchema = carePlanTemplateBodySchema.and(
  z.object({ active: z.boolean().default(true) }),
);
export type CarePlanTemplateSave = z.input<typeof carePlanTemplateSaveSchema>;
export const carePlanTemplateSavedSchema = z.object({ message: z.string(), template: carePlanTemplateSchema });

// ---------------------------------------------------------------- proposing and starting a plan

/** Her stated preference: a weekday (1 Monday … 6 Saturday), the morning or the afternoon, a doctor. */
export const carePlanPreferencesSchema = z
  .object({
    weekday: z.number().int().min(1).max(6).nullish(),
    part: z.enum(['MORNING', 'AFTERNOON']).nullish(),
    doctorId,
  })
  .default({});
export type CarePlanPreferences = z.infer<typeof carePlanPreferencesSchema>;

const anchorFields = {
  anchor: z.enum(CARE_PLAN_ANCHORS, { error: CARE_PLAN_MSG.anchorNotAllowed }),
  anchorDate: bookingDateField(),
};

export const carePlanProposalRequestSchema = z.object({
  templateId: z.number({ error: CARE_PLAN_MSG.invalidTemplateId }).int().positive().max(MAX_INT),
  ...anchorFields,
  preferences: carePlanPreferencesSchema,
});
export type CarePlanProposalRequest = z.input<typeof carePlanProposalRequestSchema>;

/** A visit of a plan before it is booked: its window and the slot proposed in it, or why none. */
export const proposedVisitSchema = z.object({
  key: z.string(),
  label: z.string(),
  department: z.enum(DEPARTMENT_CODES),
  windowStart: z.string(),
  windowEnd: z.string(),
  fromDay: z.number().int(),
  toDay: z.number().int(),
  /** The first free slot inside the window that fits her preference, or null. */
  proposal: z
    .object({
      date: z.string(),
      time: z.string(),
      doctorId: z.number().int().nullable(),
      doctorName: z.string().nullable(),
      /** Where she will be that day: "Tuần 20 + 2 ngày". */
      dayText: z.string(),
    })
    .nullable(),
  /** PASSED: the window is over; NO_PLACE: no free place in it; null: a proposal is given. */
  unbookable: z.enum(['PASSED', 'NO_PLACE']).nullable(),
});
export type ProposedVisit = z.infer<typeof proposedVisitSchema>;
export const carePlanProposalSchema = z.object({
  templateId: z.number().int(),
  templateVersion: z.number().int(),
  name: z.string(),
  kind: z.enum(CARE_PLAN_KINDS),
  visits: z.array(proposedVisitSchema),
});
export type CarePlanProposal = z.infer<typeof carePlanProposalSchema>;

/**
 * Start a plan: every visit of the proposal, each with the slot staff kept or changed, or none
 * (`ifNoPlace`: WAIT joins the slot's waiting list when she has an e-mail, and needs that slot's date
 * and time; CALL_BACK leaves it on the desk's call-back list). The visits with a slot are booked in one transaction, all or none.
 */
export const carePlanStartRequestSchema = z.object({
  templateId: z.number({ error: CARE_PLAN_MSG.invalidTemplateId }).int().positive().max(MAX_INT),
  ...anchorFields,
  preferences: carePlanPreferencesSchema,
  ...bookingPersonFields,
  consentInPerson: z.literal(true, { error: PRIVACY_MSG.deskConsentRequired }),
  visits: z
    .array(
      z
        .object({
          key: z.string().min(1).max(60),
          date: bookingDateField().nullish(),
          time: bookingTimeField().nullish(),
          doctorId,
          ifNoPlace: z.enum(['WAIT', 'CALL_BACK']).default('CALL_BACK'),
        })
        // Waiting is on one slot: without it the visit would quietly become a call-back.
        .refine((v) => v.ifNoPlace !== 'WAIT' || Boolean(v.date && v.time), {
          message: CARE_PLAN_MSG.waitNeedsSlot,
          path: ['date'],
        }),
    )
    .min(1)
    .max(60),
});
export type CarePlanStartRequest = z.input<typeof carePlanStartRequestSchema>;

// ---------------------------------------------------------------- a plan

export const carePlanVisitSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  department: z.enum(DEPARTMENT_CODES),
  windowStart: z.string(),
  windowEnd: z.string(),
  state: z.enum(PLAN_VISIT_STATES),
  skipReason: z.string().nullable(),
  appointment: z
    .object({
      id: z.number().int(),
      date: z.string(),
      time: z.string(),
      status: z.enum(APPOINTMENT_STATUSES),
      doctorName: z.string().nullable(),
      /** Where she is on the visit's day: "Tuần 20 + 2 ngày", "Ngày 8 của chu kỳ". */
      dayText: z.string(),
    })
    .nullable(),
});
export type CarePlanVisit = z.infer<typeof carePlanVisitSchema>;

export const carePlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CARE_PLAN_KINDS),
  templateId: z.number().int(),
  templateVersion: z.number().int(),
  anchor: z.enum(CARE_PLAN_ANCHORS),
  anchorDate: z.string(),
  status: z.enum(CARE_PLAN_STATUSES),
  stopReason: z.string().nullable(),
  /** She asked the clinic to stop it (she cannot stop it herself). */
  stopRequestedAt: z.string().nullable(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Where she is today in the plan's counting. */
  todayText: z.string(),
  createdAt: z.string(),
  visits: z.array(carePlanVisitSchema),
  /** A re-dating a doctor asked for, waiting for the desk to confirm the moves (null: none). */
  pendingRedate: z
    .object({
      anchor: z.enum(CARE_PLAN_ANCHORS),
      anchorDate: z.string(),
      /** The slots he saw proposed for the remaining visits (null: leave that visit as it is). */
      visits: z.array(
        z.object({ visitId: z.number().int(), date: z.string().nullable(), time: z.string().nullable() }),
      ),
      askedByName: z.string().nullable(),
      askedAt: z.string(),
    })
    .nullable(),
});
export type CarePlan = z.infer<typeof carePlanSchema>;
export const carePlanStartedSchema = z.object({ message: z.string(), plan: carePlanSchema });

export const carePlanListQuerySchema = z.object({
  page: pageNumberSchema('Số trang không hợp lệ', 1, 10_000),
  size: pageNumberSchema('Số dòng mỗi trang không hợp lệ', 20, 100),
  kind: z.enum(CARE_PLAN_KINDS).optional(),
  status: z.enum(CARE_PLAN_STATUSES).optional(),
  /** The next milestone's window starts on or before this date. */
  nextBefore: bookingDateField().optional(),
  q: z.string().trim().max(100).optional(),
});
export type CarePlanListQuery = z.input<typeof carePlanListQuerySchema>;
export const carePlanRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CARE_PLAN_KINDS),
  status: z.enum(CARE_PLAN_STATUSES),
  fullName: z.string(),
  phone: z.string(),
  todayText: z.string(),
  next: z
    .object({
      label: z.string(),
      windowStart: z.string(),
      windowEnd: z.string(),
      state: z.enum(PLAN_VISIT_STATES),
      date: z.string().nullable(),
    })
    .nullable(),
  stopRequestedAt: z.string().nullable(),
  /** A doctor's re-dating waits for the desk. */
  pendingRedateAt: z.string().nullable(),
});
export type CarePlanRow = z.infer<typeof carePlanRowSchema>;
export const carePlanPageSchema = pageSchema(carePlanRowSchema);

/** The desk's call-back list: milestones due within 14 days with no visit booked, or a visit missed. */
export const CALL_BACK_DAYS = 14;
export const callBackItemSchema = z.object({
  planId: z.number().int(),
  visitId: z.number().int(),
  planName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  label: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  state: z.enum(['TO_BOOK', 'MISSED']),
});
export type CallBackItem = z.infer<typeof callBackItemSchema>;
export const callBackListSchema = z.object({ items: z.array(callBackItemSchema) });

// ---------------------------------------------------------------- changing a running plan

export const carePlanStopRequestSchema = z.object({ reason: reason(CARE_PLAN_MSG.stopReasonRequired) });
export const carePlanSkipRequestSchema = z.object({ reason: reason(CARE_PLAN_MSG.skipReasonRequired) });
/** The doctor adds a milestone, as a template's, counted from the plan's anchor. */
export const carePlanAddVisitRequestSchema = milestoneTemplateSchema;
/** Re-date (a dating scan moves the due date): the remaining visits are proposed in their new windows. */
export const carePlanRedateRequestSchema = z.object({
  ...anchorFields,
  /** Each remaining visit's new slot as staff confirm it (from the re-date proposal), or none. */
  visits: z
    .array(
      z.object({
        visitId: z.number().int().positive().max(MAX_INT),
        date: bookingDateField().nullish(),
        time: bookingTimeField().nullish(),
      }),
    )
    .max(60)
    .optional(),
});
export type CarePlanRedateRequest = z.input<typeof carePlanRedateRequestSchema>;
export const carePlanRedateProposalSchema = z.object({
  visits: z.array(proposedVisitSchema.extend({ visitId: z.number().int() })),
});
export const carePlanChangedSchema = z.object({ message: z.string(), plan: carePlanSchema });

// ---------------------------------------------------------------- what she sees

/** Her own plans ('Lịch hẹn của tôi'), and the one behind her private link. */
export const myCarePlansSchema = z.object({ plans: z.array(carePlanSchema.omit({ phone: true, email: true })) });

/** The dashboard: plans running by kind, and milestone visits of the month that took place in their window. */
export const carePlanDashboardSchema = z.object({
  // Each kind named (not a record over the kinds): the same JSON, and the OpenAPI document defines every property it requires.
  running: z.object({
    ANTENATAL: z.number().int(),
    FERTILITY: z.number().int(),
    CONTRACEPTION: z.number().int(),
  } satisfies Record<CarePlanKind, z.ZodType>),
  month: z.object({ done: z.number().int(), inWindow: z.number().int() }),
});

/** A visit's plan, for the doctor's and the desk's view of one appointment: the plan, which of its visits it is, and where she is that day. */
export const carePlanOfAppointmentSchema = z.object({
  plan: carePlanSchema.nullable(),
  visitId: z.number().int().nullable(),
  dayText: z.string().nullable(),
});
export type CarePlanOfAppointment = z.infer<typeof carePlanOfAppointmentSchema>;

/** Her plan behind her private link (none when the visit belongs to no plan). */
export const linkCarePlanSchema = z.object({ plan: carePlanSchema.omit({ phone: true, email: true }).nullable() });
export type LinkCarePlan = z.infer<typeof linkCarePlanSchema>;
export type PatientCarePlan = z.infer<typeof myCarePlansSchema>['plans'][number];

/** She asks the clinic to stop her plan (a note for the desk; the plan runs until staff stop it). */
export const carePlanStopAskedSchema = z.object({ message: z.string() });
export const carePlanMessageSchema = z.object({ message: z.string() });
