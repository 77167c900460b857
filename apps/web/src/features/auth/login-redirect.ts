import { homePathForRole, type LoginResponse, type Role } from '@clinic/shared';
import { paths } from '@/config/paths';

/** A page the visitor was sent away from, if this role may go back to it. */
function allowedReturnPath(from: string | undefined, role: Role): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith(paths.login)) return null;
  const isAdminPath = from === paths.admin.dashboard || from.startsWith(`${paths.admin.dashboard}/`);
  if (role === 'PATIENT') return isAdminPath ? null : from;
  return isAdminPath || from === paths.settings ? from : null;
}

/** PATIENT → '/', every other role → '/admin' (specification section 2), a patient who must change the password → settings. */
export function destinationAfterLogin(response: Pick<LoginResponse, 'role' | 'mustChangePassword'>, from?: string): string {
  if (response.mustChangePassword && response.role === 'PATIENT') return paths.settings;
  return allowedReturnPath(from, response.role) ?? homePathForRole(response.role);
}
