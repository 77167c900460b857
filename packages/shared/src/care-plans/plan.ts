import { z } from '../zod';
import { DEPARTMENT_CODES, type DepartmentCode } from '../clinic';
import { addDays, bookingWindow, isSunday, workingDayFrom } from '../appointments/time';

// A course of care booked as one (issue 37): a plan's template says what it is counted from and its
// milestones, each a window of days; a plan started from an anchor date gets one window per visit.
// The windows are calendar dates (YYYY-MM-DD) free of any time zone: the clinic's zone only decides
// what "today" is (docs/PRODUCT.md §15).

export const CARE_PLAN_KINDS = ['ANTENATAL', 'FERTILITY', 'CONTRACEPTION'] as const;
export type CarePlanKind = (typeof CARE_PLAN_KINDS)[number];

/**
 * What a plan is counted from. A pregnancy: the last menstrual period (LMP) or a due date dated by
 * ultrasound (EDD, 280 days after the LMP it stands for); a fertility cycle: its first day; a method of
 * contraception: the day of the injection or insertion.
 */
export const CARE_PLAN_ANCHORS = ['LMP', 'EDD', 'CYCLE_START', 'PROCEDURE'] as const;
export type CarePlanAnchor = (typeof CARE_PLAN_ANCHORS)[number];

/** The anchors each kind of plan may be counted from. */
export const ANCHORS_OF_KIND: Record<CarePlanKind, readonly CarePlanAnchor[]> = {
  ANTENATAL: ['LMP', 'EDD'],
  FERTILITY: ['CYCLE_START'],
  CONTRACEPTION: ['PROCEDURE'],
};

export const CARE_PLAN_TEXT = {
  kinds: { ANTENATAL: 'Khám thai', FERTILITY: 'Theo dõi chu kỳ hỗ trợ sinh sản', CONTRACEPTION: 'Tránh thai' },
  anchors: {
    LMP: 'Ngày đầu của kỳ kinh cuối',
    EDD: 'Ngày dự sinh theo siêu âm',
    CYCLE_START: 'Ngày đầu của chu kỳ',
    PROCEDURE: 'Ngày tiêm hoặc đặt vòng',
  },
  example: 'Mẫu tham khảo: bác sĩ của phòng khám cần xem lại trước khi dùng',
} as const satisfies {
  kinds: Record<CarePlanKind, string>;
  anchors: Record<CarePlanAnchor, string>;
  example: string;
};

/** Days of pregnancy from the LMP to the due date. */
export const PREGNANCY_DAYS = 280;

/**
 * A milestone of a template. `from` and `to` count in the anchor's own way: days of pregnancy (7 × weeks
 * + days) for LMP and EDD, the day of the cycle (its first day is 1) for CYCLE_START, days after the
 * procedure (its day is 0) for PROCEDURE. `repeat` makes it several visits: the k-th (from 0) is
 * [from + k × fromStep, to + k × toStep].
 */
export const milestoneTemplateSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'Mã mốc chỉ gồm chữ thường không dấu, số và gạch nối (tối đa 40 ký tự)'),
    label: z
      .string()
      .regex(/\S/, 'Vui lòng nhập tên mốc')
      .trim()
      .min(1, 'Vui lòng nhập tên mốc')
      .max(120, 'Tên mốc tối đa 120 ký tự'),
    department: z.enum(DEPARTMENT_CODES, { error: 'Khoa không hợp lệ' }),
    from: z.number().int().min(0).max(730),
    to: z.number().int().min(0).max(730),
    repeat: z
      .object({
        fromStep: z.number().int().min(1).max(365),
        toStep: z.number().int().min(1).max(365),
        times: z.number().int().min(2).max(12),
      })
      .optional(),
  })
  .refine((m) => m.from <= m.to, { message: 'Ngày bắt đầu của khoảng phải trước ngày kết thúc', path: ['to'] })
  .refine((m) => !m.repeat || m.repeat.fromStep <= m.repeat.toStep, {
    message: 'Bước lặp của ngày bắt đầu không lớn hơn bước lặp của ngày kết thúc',
    path: ['repeat'],
  });
export type MilestoneTemplate = z.infer<typeof milestoneTemplateSchema>;

export const carePlanTemplateBodySchema = z
  .object({
    name: z
      .string()
      .regex(/\S/, 'Vui lòng nhập tên kế hoạch')
      .trim()
      .min(1, 'Vui lòng nhập tên kế hoạch')
      .max(120, 'Tên kế hoạch tối đa 120 ký tự'),
    kind: z.enum(CARE_PLAN_KINDS),
    anchors: z.array(z.enum(CARE_PLAN_ANCHORS)).min(1),
    milestones: z.array(milestoneTemplateSchema).min(1, 'Kế hoạch cần ít nhất một mốc').max(30),
  })
  .refine((t) => t.anchors.every((a) => ANCHORS_OF_KIND[t.kind].includes(a)), {
    message: 'Mốc tính không hợp với loại kế hoạch',
    path: ['anchors'],
  })
  .refine((t) => new Set(t.milestones.map((m) => m.key)).size === t.milestones.length, {
    message: 'Mỗi mốc cần một mã riêng',
    path: ['milestones'],
  });
export type CarePlanTemplateBody = z.infer<typeof carePlanTemplateBodySchema>;

/** The date the anchor's counting starts from: day 0 of `from`/`to`. */
export function dayZero(anchor: CarePlanAnchor, anchorDate: string): string {
  switch (anchor) {
    case 'LMP':
    case 'PROCEDURE':
      return anchorDate;
    case 'EDD':
      return addDays(anchorDate, -PREGNANCY_DAYS);
    case 'CYCLE_START':
      return addDays(anchorDate, -1);
  }
}

/** One visit of a started plan: a milestone (or one repetition of it) and its window of dates. */
export type PlannedVisit = {
  /** `key`, or `key#k` for the k-th repetition (from 1). */
  key: string;
  label: string;
  department: DepartmentCode;
  /** First and last date the visit may take place, both included; the last is a working day. */
  windowStart: string;
  windowEnd: string;
  /** The window in the anchor's counting, for the doctor's and the patient's screens. */
  fromDay: number;
  toDay: number;
};

/**
 * Every visit of a template counted from an anchor date, in date order. A window whose days are all
 * Sundays (the clinic is closed) is widened to the next working day, so every window holds one.
 */
export function planVisits(
  milestones: readonly MilestoneTemplate[],
  anchor: CarePlanAnchor,
  anchorDate: string,
): PlannedVisit[] {
  const zero = dayZero(anchor, anchorDate);
  const visits: PlannedVisit[] = [];
  for (const m of milestones) {
    const times = m.repeat?.times ?? 1;
    for (let k = 0; k < times; k++) {
      const fromDay = m.from + k * (m.repeat?.fromStep ?? 0);
      const toDay = m.to + k * (m.repeat?.toStep ?? 0);
      const windowStart = addDays(zero, fromDay);
      let windowEnd = addDays(zero, toDay);
      if (!hasWorkingDay(windowStart, windowEnd)) windowEnd = workingDayFrom(windowEnd);
      visits.push({
        key: times > 1 ? `${m.key}#${k + 1}` : m.key,
        label: times > 1 ? `${m.label} (lần ${k + 1})` : m.label,
        department: m.department,
        windowStart,
        windowEnd,
        fromDay,
        toDay,
      });
    }
  }
  return visits.sort((a, b) => a.windowStart.localeCompare(b.windowStart) || a.key.localeCompare(b.key));
}

function hasWorkingDay(start: string, end: string): boolean {
  for (let d = start; d <= end; d = addDays(d, 1)) if (!isSunday(d)) return true;
  return false;
}

/**
 * The part of a visit's window that can still be booked at the instant `now`, in the clinic's zone:
 * from today (or the window's start) to the window's end, within the booking calendar's two years;
 * null when the window has passed or lies beyond the calendar.
 */
export function bookableRange(
  visit: Pick<PlannedVisit, 'windowStart' | 'windowEnd'>,
  now: Date,
  timeZone: string,
): { from: string; to: string } | null {
  const { minDate, maxDate } = bookingWindow(now, timeZone);
  const from = visit.windowStart > minDate ? visit.windowStart : minDate;
  const to = visit.windowEnd < maxDate ? visit.windowEnd : maxDate;
  return from <= to ? { from, to } : null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Where she is on a date, in the anchor's counting: "Tuần 12 + 3 ngày", "Ngày 5 của chu kỳ"… */
export function planDayText(anchor: CarePlanAnchor, anchorDate: string, date: string): string {
  const day = daysBetween(dayZero(anchor, anchorDate), date);
  switch (anchor) {
    case 'LMP':
    case 'EDD':
      return `Tuần ${Math.floor(day / 7)} + ${day % 7} ngày`;
    case 'CYCLE_START':
      return `Ngày ${day} của chu kỳ`;
    case 'PROCEDURE':
      return day === 0 ? 'Ngày thực hiện' : `${day} ngày sau khi thực hiện`;
  }
}

/** A milestone's window as its template says it: "Tuần 11 + 0 ngày đến tuần 13 + 6 ngày; 4 lần". */
export function windowText(anchor: CarePlanAnchor, m: MilestoneTemplate): string {
  const at = (day: number) => {
    switch (anchor) {
      case 'LMP':
      case 'EDD':
        return `tuần ${Math.floor(day / 7)} + ${day % 7} ngày`;
      case 'CYCLE_START':
        return `ngày ${day} của chu kỳ`;
      case 'PROCEDURE':
        return `ngày ${day} sau khi thực hiện`;
    }
  };
  const text = `Từ ${at(m.from)} đến ${at(m.to)}`;
  if (!m.repeat) return text;
  const step =
    m.repeat.fromStep % 7 === 0 && m.repeat.toStep % 7 === 0
      ? `${m.repeat.fromStep / 7}${m.repeat.toStep !== m.repeat.fromStep ? ` đến ${m.repeat.toStep / 7}` : ''} tuần`
      : `${m.repeat.fromStep}${m.repeat.toStep !== m.repeat.fromStep ? ` đến ${m.repeat.toStep}` : ''} ngày`;
  return `${text}, rồi mỗi ${step} một lần, ${m.repeat.times} lần`;
}

const w = (weeks: number, days = 0) => weeks * 7 + days;

/**
 * The plans the product starts with, as examples for the clinic's doctors to review and edit (they
 * give no medical advice): the Ministry of Health's guideline on reproductive-health services
 * (Decision 4128/QĐ-BYT, 2016), WHO's 2016 antenatal recommendations, and the usual Vietnamese
 * milestones (docs/PRODUCT.md §15).
 */
export const EXAMPLE_CARE_PLANS: readonly CarePlanTemplateBody[] = [
  {
    name: 'Khám thai định kỳ',
    kind: 'ANTENATAL',
    anchors: ['LMP', 'EDD'],
    milestones: [
      { key: 'first-visit', label: 'Khám thai lần đầu', department: 'OBSTETRICS', from: w(6), to: w(11, 6) },
      { key: 'nt-scan', label: 'Siêu âm đo độ mờ da gáy', department: 'OBSTETRICS', from: w(11), to: w(13, 6) },
      { key: 'morphology', label: 'Siêu âm hình thái thai nhi', department: 'OBSTETRICS', from: w(20), to: w(22, 6) },
      {
        key: 'glucose',
        label: 'Nghiệm pháp dung nạp đường huyết',
        department: 'OBSTETRICS',
        from: w(24),
        to: w(28, 6),
      },
      {
        key: 'growth-scan',
        label: 'Siêu âm đánh giá tăng trưởng',
        department: 'OBSTETRICS',
        from: w(30),
        to: w(32, 6),
      },
      { key: 'week-36', label: 'Khám thai tuần 36', department: 'OBSTETRICS', from: w(36), to: w(36, 6) },
      {
        key: 'weekly',
        label: 'Khám thai hằng tuần',
        department: 'OBSTETRICS',
        from: w(37),
        to: w(37, 6),
        repeat: { fromStep: 7, toStep: 7, times: 4 },
      },
    ],
  },
  {
    name: 'Theo dõi chu kỳ IUI/IVF',
    kind: 'FERTILITY',
    anchors: ['CYCLE_START'],
    milestones: [
      { key: 'baseline', label: 'Siêu âm đầu chu kỳ', department: 'FERTILITY', from: 2, to: 3 },
      { key: 'follicle-1', label: 'Siêu âm theo dõi nang noãn (lần 1)', department: 'FERTILITY', from: 7, to: 8 },
      { key: 'follicle-2', label: 'Siêu âm theo dõi nang noãn (lần 2)', department: 'FERTILITY', from: 10, to: 11 },
      { key: 'follicle-3', label: 'Siêu âm theo dõi nang noãn (lần 3)', department: 'FERTILITY', from: 12, to: 13 },
      { key: 'procedure', label: 'Bơm tinh trùng hoặc chọc hút noãn', department: 'FERTILITY', from: 14, to: 16 },
      { key: 'pregnancy-test', label: 'Xét nghiệm thử thai (beta hCG)', department: 'FERTILITY', from: 28, to: 30 },
    ],
  },
  {
    name: 'Tiêm thuốc tránh thai',
    kind: 'CONTRACEPTION',
    anchors: ['PROCEDURE'],
    milestones: [
      {
        key: 'injection',
        label: 'Tiêm nhắc thuốc tránh thai',
        department: 'FAMILY_PLANNING',
        from: w(12),
        to: w(13),
        repeat: { fromStep: w(12), toStep: w(13), times: 4 },
      },
    ],
  },
  {
    name: 'Theo dõi sau đặt vòng tránh thai',
    kind: 'CONTRACEPTION',
    anchors: ['PROCEDURE'],
    milestones: [
      { key: 'check', label: 'Kiểm tra vòng sau khi đặt', department: 'FAMILY_PLANNING', from: w(4), to: w(6) },
      { key: 'yearly', label: 'Kiểm tra vòng hằng năm', department: 'FAMILY_PLANNING', from: 351, to: 379 },
    ],
  },
];
