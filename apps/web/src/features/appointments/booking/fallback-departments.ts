import type { BookingDepartment } from '@/api/get-departments';

/** The built-in list the booking form uses when the departments call fails (specification section 8). */
export const FALLBACK_DEPARTMENTS: readonly BookingDepartment[] = [
  { code: 'INTERNAL_MEDICINE', departmentName: 'Nội khoa', specialtyName: 'Nội khoa' },
  { code: 'SURGERY', departmentName: 'Ngoại khoa', specialtyName: 'Ngoại khoa' },
  { code: 'PEDIATRICS', departmentName: 'Nhi khoa', specialtyName: 'Nhi khoa' },
  { code: 'GYNECOLOGY', departmentName: 'Phụ khoa', specialtyName: 'Phụ khoa' },
  { code: 'OPHTHALMOLOGY', departmentName: 'Nhãn khoa', specialtyName: 'Nhãn khoa' },
  { code: 'ENT', departmentName: 'Tai Mũi Họng', specialtyName: 'Tai Mũi Họng' },
  { code: 'DERMATOLOGY', departmentName: 'Da liễu', specialtyName: 'Da liễu' },
  { code: 'NEUROLOGY', departmentName: 'Thần kinh', specialtyName: 'Thần kinh' },
];

export const FALLBACK_DEPARTMENTS_NOTICE =
  'Không tải được danh sách khoa từ máy chủ. Đang hiển thị danh sách khoa mặc định.';
