import { homePathForRole, type Role } from '@clinic/shared';
import { paths } from '@/config/paths';

/** A page someone was sent away from (to sign in, or to change the password), if this role may go back to it. */
export function allowedReturnPath(from: string | undefined, role: Role): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith(paths.login)) return null;
  const isAdminPath = from === paths.admin.dashboard || from.startsWith(`${paths.admin.dashboard}/`);
  if (role === 'PATIENT') return isAdminPath ? null : from;
  // The back-office, and settings (every role changes the password there).
  return isAdminPath || from === paths.settings ? from : null;
}

/** Where to go back to: the page asked for when allowed, else the role's home (specification section 2). */
export function returnPathFor(from: string | undefined, role: Role): string {
  return allowedReturnPath(from, role) ?? homePathForRole(role);
}
