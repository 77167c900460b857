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

/** Back-office screens and who may open them (specification section 6). */
export const ADMIN_SCREENS = {
  dashboard: { path: '/admin', roles: ['ADMIN', 'DOCTOR', 'STAFF', 'PATIENT'] },
  users: { path: '/admin/users', roles: ['ADMIN'] },
  pendingApprovals: { path: '/admin/pending-approvals', roles: ['DOCTOR'] },
  patients: { path: '/admin/patients', roles: ['ADMIN', 'DOCTOR', 'STAFF'] },
  blogs: { path: '/admin/blogs', roles: ['ADMIN', 'DOCTOR', 'STAFF'] },
  bookings: { path: '/admin/bookings', roles: ['ADMIN', 'STAFF'] },
  bookingHistory: { path: '/admin/booking-history', roles: ['ADMIN', 'STAFF'] },
} as const satisfies Record<string, { path: string; roles: readonly Role[] }>;
export type AdminScreen = keyof typeof ADMIN_SCREENS;

export function canOpenScreen(role: Role | string | undefined, screen: AdminScreen): boolean {
  return !!role && (ADMIN_SCREENS[screen].roles as readonly string[]).includes(role);
}
