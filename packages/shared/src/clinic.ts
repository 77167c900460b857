const HOURS = { open: '8:00', close: '17:00', days: 'Thứ Hai đến Thứ Bảy', closedDay: 'Chủ nhật' } as const;

export const CLINIC = {
  name: 'Phòng khám Sức khỏe Sinh sản An Tâm',
  shortName: 'An Tâm Clinic',
  tagline: 'Reproductive Health Platform',
  phone: '1900 6868',
  emergencyPhone: '115',
  email: 'lienhe@antamclinic.vn',
  address: '125 Nguyễn Thị Minh Khai, Phường Bến Thành, Quận 1, TP. Hồ Chí Minh',
  /** Opening hours (specification section 9): Monday to Saturday. */
  hours: HOURS,
  workingHours: `${HOURS.open} - ${HOURS.close}, ${HOURS.days}`,
  /** Patients come this many minutes before their time. */
  arriveEarlyMinutes: 15,
  /** A visit is cancelled or moved at least this many hours ahead. */
  cancelNoticeHours: 24,
  /** Working days a refund takes. */
  refundDays: '3-5',
  defaultTimeZone: 'Asia/Ho_Chi_Minh',
} as const;

/** The booking calendar's rules in numbers (specification sections 5 and 9). */
export const BOOKING_RULES = {
  slotMinutes: 30,
  /** Bookable from today to this many years ahead. */
  windowYears: 2,
  /** A same-day booking starts at least this long after now. */
  sameDayLeadMinutes: 120,
  /** From this clinic hour the edit screen's earliest date is tomorrow. */
  nextDayFromHour: 22,
} as const;

/** The clinic's practical rules as the screens and e-mails say them, from the numbers above. */
export const CLINIC_TEXT = {
  arriveEarly: `Vui lòng đến trước ${CLINIC.arriveEarlyMinutes} phút so với giờ hẹn`,
  cancelAhead: `báo trước ít nhất ${CLINIC.cancelNoticeHours} giờ`,
  leadTime: `${BOOKING_RULES.sameDayLeadMinutes / 60} tiếng`,
  window: `${BOOKING_RULES.windowYears} năm`,
  workingDays: `Từ ${HOURS.days}`,
  closedDays: `${HOURS.closedDay} và ngày lễ nghỉ`,
} as const;

export const DEPARTMENT_CODES = [
  'REPRODUCTIVE_HEALTH',
  'GYNECOLOGY',
  'OBSTETRICS',
  'FAMILY_PLANNING',
  'STI_TESTING',
  'FERTILITY',
  'GENERAL_PRACTICE',
  'GENERAL_MEDICINE',
] as const;
export type DepartmentCode = (typeof DEPARTMENT_CODES)[number];

/** The clinic's departments, their specialty, and the default number of patients one slot holds. */
export const DEPARTMENTS: ReadonlyArray<{
  code: DepartmentCode;
  departmentName: string;
  specialtyName: string;
}> = [
  { code: 'REPRODUCTIVE_HEALTH', departmentName: 'Khoa Sức khỏe sinh sản', specialtyName: 'Sức khỏe sinh sản' },
  { code: 'GYNECOLOGY', departmentName: 'Khoa Phụ khoa', specialtyName: 'Phụ khoa' },
  { code: 'OBSTETRICS', departmentName: 'Khoa Sản', specialtyName: 'Sản khoa' },
  { code: 'FAMILY_PLANNING', departmentName: 'Khoa Kế hoạch hóa gia đình', specialtyName: 'Kế hoạch hóa gia đình' },
  {
    code: 'STI_TESTING',
    departmentName: 'Khoa Xét nghiệm bệnh lây truyền qua đường tình dục',
    specialtyName: 'Xét nghiệm STI',
  },
  { code: 'FERTILITY', departmentName: 'Khoa Hiếm muộn', specialtyName: 'Điều trị hiếm muộn' },
  { code: 'GENERAL_PRACTICE', departmentName: 'Khoa Khám tổng quát', specialtyName: 'Bác sĩ đa khoa' },
  { code: 'GENERAL_MEDICINE', departmentName: 'Khoa Nội tổng quát', specialtyName: 'Nội khoa tổng quát' },
];

/** Doctors of general practice may take any department's visit (specification section 5, 'Assign doctor'). */
export const GENERAL_PRACTICE = 'GENERAL_PRACTICE';

/**
 * Who may take a visit (specification section 5, 'Assign doctor'): a doctor with no specialty, one of
 * the visit's department, or a general practitioner. The server refuses any other.
 */
export function mayTakeDepartment(specialty: string | null | undefined, department: string): boolean {
  return !specialty || specialty === department || specialty === GENERAL_PRACTICE;
}

/**
 * A visit outside the doctor's own specialty (issue 35): one he may take (a general practitioner's
 * visit of another department) but should know of before he accepts it. A doctor with no specialty
 * has nothing to be outside of.
 */
export function outsideSpecialty(specialty: string | null | undefined, department: string): boolean {
  return !!specialty && specialty !== department;
}

/** What the assign windows and the doctor's lists say of a doctor's specialty and a visit's department. */
export const SPECIALTY_TEXT = {
  who: 'Bác sĩ nhận lịch hẹn của khoa mình; bác sĩ đa khoa và bác sĩ chưa có chuyên khoa nhận lịch hẹn của mọi khoa.',
  outside: 'Ngoài chuyên khoa của bác sĩ',
  outsideYours: 'Ngoài chuyên khoa của bạn',
  notAllowed: 'Bác sĩ này không nhận lịch hẹn của khoa này',
  outsideCount: (n: number) => `${n} lịch hẹn ngoài chuyên khoa của bác sĩ`,
} as const;

export const DEFAULT_SLOT_CAPACITY = 3;
