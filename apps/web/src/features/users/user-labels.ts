import { ROLES, type Gender, type Role, type UserBulkAction, type UserSort } from '@clinic/shared';
import type { BadgeTone } from '@/components/ui/badge';

/** The users screen is in English (specification section 2); the shared ROLE_LABELS are Vietnamese. */
export const ROLE_NAMES: Record<Role, string> = {
  ADMIN: 'Admin',
  DOCTOR: 'Doctor',
  STAFF: 'Staff',
  PATIENT: 'Patient',
};
export const ROLE_TONES: Record<Role, BadgeTone> = {
  ADMIN: 'danger',
  DOCTOR: 'brand',
  STAFF: 'info',
  PATIENT: 'neutral',
};
export const GENDER_NAMES: Record<Gender, string> = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' };

export const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] })),
];

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** The orders offered; the server knows a few more (by username), which the address may not ask for. */
export const SORT_OPTIONS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'fullName:asc', label: 'Name A–Z' },
  { value: 'fullName:desc', label: 'Name Z–A' },
] as const satisfies ReadonlyArray<{ value: UserSort; label: string }>;
export const OFFERED_SORTS = SORT_OPTIONS.map((o) => o.value);

export const BULK_ACTION_NAMES: Record<UserBulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
};

/** What a row is called in buttons and messages: its full name, else its username. */
export function displayName(user: { fullName: string | null; username: string }): string {
  return user.fullName?.trim() || user.username;
}
