import { can, type Permission } from './permissions';

export const ROLES = ['ADMIN', 'DOCTOR', 'STAFF', 'PATIENT'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Quản trị viên',
  DOCTOR: 'Bác sĩ',
  STAFF: 'Nhân viên',
  PATIENT: 'Bệnh nhân',
};

/** Roles an administrator may give through the users screen (never ADMIN). */
export const ASSIGNABLE_ROLES = ['PATIENT', 'STAFF', 'DOCTOR'] as const satisfies readonly Role[];

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: 'Nam', FEMALE: 'Nữ', OTHER: 'Khác' };

/** Where a role lands after signing in (specification section 2). */
export function homePathForRole(role: Role | string): string {
  return role === 'PATIENT' ? '/' : '/admin';
}

/** Back-office screens and the permission that opens each (specification section 6). */
export const ADMIN_SCREENS = {
  dashboard: { path: '/admin', permission: 'viewDashboard' },
  users: { path: '/admin/users', permission: 'manageUsers' },
  pendingApprovals: { path: '/admin/pending-approvals', permission: 'answerAssignments' },
  patients: { path: '/admin/patients', permission: 'readPatients' },
  blogs: { path: '/admin/blogs', permission: 'manageBlogs' },
  bookings: { path: '/admin/bookings', permission: 'manageBookings' },
  bookingHistory: { path: '/admin/booking-history', permission: 'manageBookings' },
  privacyRequests: { path: '/admin/privacy-requests', permission: 'managePrivacy' },
  accessLog: { path: '/admin/access-log', permission: 'managePrivacy' },
  messages: { path: '/admin/messages', permission: 'manageBookings' },
  refunds: { path: '/admin/refunds', permission: 'manageBookings' },
  departments: { path: '/admin/departments', permission: 'manageDepartments' },
  carePlans: { path: '/admin/care-plans', permission: 'readCarePlans' },
  carePlanTemplates: { path: '/admin/care-plan-templates', permission: 'manageCarePlanTemplates' },
  fhirClients: { path: '/admin/fhir-clients', permission: 'manageFhirClients' },
} as const satisfies Record<string, { path: string; permission: Permission }>;
export type AdminScreen = keyof typeof ADMIN_SCREENS;

export function canOpenScreen(role: Role | string | undefined, screen: AdminScreen): boolean {
  return can(role, ADMIN_SCREENS[screen].permission);
}
