import { paths } from '@/config/paths';

/** The public header's menu (specification section 2). */
export const PUBLIC_NAV = [
  { label: 'Trang chủ', to: paths.home, end: true },
  { label: 'Giới thiệu', to: paths.about, end: false },
  { label: 'Dịch vụ', to: paths.services, end: false },
  { label: 'Đặt lịch khám', to: paths.appointment, end: false },
  { label: 'Blog', to: paths.blog, end: false },
] as const;

/** What a signed-in patient finds under the name button. */
export const PATIENT_MENU = [
  { label: 'Hồ sơ cá nhân', to: paths.profile },
  { label: 'Lịch hẹn của tôi', to: paths.myAppointments },
  { label: 'Lịch sử khám bệnh', to: paths.medicalHistory },
  { label: 'Cài đặt', to: paths.settings },
] as const;

/** Every other role finds only the back-office there. */
export const STAFF_MENU = [{ label: 'Trang quản trị', to: paths.admin.dashboard }] as const;
