export const CLINIC = {
  name: 'Phòng khám Sức khỏe Sinh sản An Tâm',
  shortName: 'An Tâm Clinic',
  tagline: 'Reproductive Health Platform',
  phone: '1900 6868',
  emergencyPhone: '115',
  email: 'lienhe@antamclinic.vn',
  address: '125 Nguyễn Thị Minh Khai, Phường Bến Thành, Quận 1, TP. Hồ Chí Minh',
  workingHours: '8:00 - 17:00, Thứ Hai đến Thứ Bảy',
  defaultTimeZone: 'Asia/Ho_Chi_Minh',
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
  { code: 'STI_TESTING', departmentName: 'Khoa Xét nghiệm bệnh lây truyền qua đường tình dục', specialtyName: 'Xét nghiệm STI' },
  { code: 'FERTILITY', departmentName: 'Khoa Hiếm muộn', specialtyName: 'Điều trị hiếm muộn' },
  { code: 'GENERAL_PRACTICE', departmentName: 'Khoa Khám tổng quát', specialtyName: 'Bác sĩ đa khoa' },
  { code: 'GENERAL_MEDICINE', departmentName: 'Khoa Nội tổng quát', specialtyName: 'Nội khoa tổng quát' },
];

export const DEFAULT_SLOT_CAPACITY = 3;
