import type { LoginResponse } from '@clinic/shared';
import { paths, type ReturnToState } from '@/config/paths';
import { returnPathFor } from '@/lib/return-path';

/**
 * PATIENT → '/', every other role → '/admin' (specification section 2), or back to the page the
 * visitor was sent away from. Whoever must change the password or set up two-factor sign-in goes to
 * settings first, and on to that page afterwards.
 */
export function destinationAfterLogin(
  response: Pick<LoginResponse, 'role' | 'mustChangePassword' | 'mfaEnrolmentRequired'>,
  from?: string,
): { to: string; state?: ReturnToState } {
  const destination = returnPathFor(from, response.role);
  return response.mustChangePassword || response.mfaEnrolmentRequired
    ? { to: paths.settings, state: { from: destination } }
    : { to: destination };
}
