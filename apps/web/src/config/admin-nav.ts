import {
  BanknoteArrowDown,
  CalendarCheck,
  CalendarRange,
  ClipboardList,
  ClipboardClock,
  History,
  LayoutDashboard,
  Building2,
  Newspaper,
  Plug,
  MessageSquareText,
  ScrollText,
  ShieldCheck,
  Stethoscope,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ADMIN_SCREENS, type AdminScreen } from '@clinic/shared';

export type AdminNavItem = { screen: AdminScreen; label: string; description: string; path: string; icon: LucideIcon };

function item(screen: AdminScreen, label: string, description: string, icon: LucideIcon): AdminNavItem {
  return { screen, label, description, icon, path: ADMIN_SCREENS[screen].path };
}

/** The back-office menu (specification section 6); who sees an item comes from canOpenScreen. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  item('dashboard', 'Dashboard', 'Tổng quan', LayoutDashboard),
  item('users', 'Users', 'Quản lý người dùng', Users),
  item('pendingApprovals', 'Pending Approvals', 'Lịch hẹn chờ phê duyệt', ClipboardClock),
  item('patients', 'Patient Control', 'Quản lý bệnh nhân', Stethoscope),
  item('blogs', 'Blog Control', 'Quản lý bài viết', Newspaper),
  item('bookings', 'Booking Manager', 'Quản lý Lịch hẹn', CalendarCheck),
  item('bookingHistory', 'Booking History', 'Lịch sử Đặt lịch', History),
  item('privacyRequests', 'Yêu cầu về dữ liệu cá nhân', 'Quyền của người bệnh', ShieldCheck),
  item('accessLog', 'Nhật ký truy cập', 'Ai đã xem hồ sơ', ScrollText),
  item('messages', 'Tin nhắn', 'Zalo và SMS', MessageSquareText),
  item('refunds', 'Hoàn tiền', 'Khoản cần trả lại', BanknoteArrowDown),
  item('departments', 'Khoa khám', 'Đặt cọc giữ chỗ', Building2),
  item('carePlans', 'Kế hoạch chăm sóc', 'Khám thai, chu kỳ, tránh thai', CalendarRange),
  item('carePlanTemplates', 'Mẫu kế hoạch chăm sóc', 'Các mốc của mỗi kế hoạch', ClipboardList),
  item('fhirClients', 'Ứng dụng kết nối (FHIR)', 'Hệ thống ngoài kết nối qua FHIR', Plug),
];
