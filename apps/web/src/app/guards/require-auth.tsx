import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useProfile } from '@/api/get-profile';
import { Redirect } from '@/components/redirect';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths, type LoginRedirectState, type ReturnToState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { mergeProfileIntoUserInfo } from '@/lib/auth-storage';

/**
 * Public pages that need a session (profile, my appointments, ...). Without a stored token the
 * visitor goes to /login, or home right after pressing 'Đăng xuất' on such a page.
 */
export function RequireAuth() {
  const { token, signOutReason } = useAuth();
  const location = useLocation();
  if (token) return <SignedIn token={token} />;
  if (signOutReason === 'logout') return <Redirect to={paths.home} />;
  const state: LoginRedirectState = {
    from: `${location.pathname}${location.search}`,
    ...(signOutReason === 'expired' ? { reason: 'expired' as const } : {}),
  };
  return <Redirect to={paths.login} state={state} />;
}

/**
 * Whoever must change the password (an imported or reset account), or set up two-factor sign-in
 * (a role MFA_REQUIRED_ROLES names), is kept on /settings until he has; the server refuses his other
 * calls meanwhile. The profile says so, and its name and phone
 * refresh the stored userInfo. If it cannot be read, the page shows its own error.
 */
function SignedIn({ token }: { token: string }) {
  const location = useLocation();
  const profile = useProfile(token);

  useEffect(() => {
    if (profile.data) mergeProfileIntoUserInfo(profile.data);
  }, [profile.data]);

  // Only the first load waits: once it has failed, the page shows the failure and its own retry
  // (a page's retry puts the query back to pending, which must not unmount that page again).
  if (profile.isPending && profile.errorUpdateCount === 0)
    return <FullPageSpinner label="Đang kiểm tra phiên đăng nhập..." />;
  const pending = profile.data?.mustChangePassword || profile.data?.mfaEnrolmentRequired;
  if (pending && location.pathname !== paths.settings) {
    const state: ReturnToState = { from: `${location.pathname}${location.search}` };
    return <Redirect to={paths.settings} state={state} />;
  }
  return <Outlet />;
}
